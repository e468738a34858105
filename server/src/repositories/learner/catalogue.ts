/**
 * The learner's catalogue of trainings (spec 1 §2.2, spec 2 §2.1, §6 audience): published
 * trainings of the selected client whose audience holds the user, with the list filters, and
 * the card each one is shown as. Every list is a fixed handful of set queries whatever the
 * page size: the audience is a WHERE clause, never a query per row.
 */
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { CONTENT_STATUS, type CatalogueQuery, type LearnerTrainingCard } from '@lp/shared/contract';
import { LANGUAGES, PROGRESS_FILTER_STATES, learnerStatusOf, percentDone, type EnrollmentState } from '@lp/shared/rules';
import type { Database, Db } from '../../db/database.ts';
import { linkedTo, mandatoryFor, tagNames } from '../../content/audience/index.ts';
import { trailGrantsTraining } from '../trailAudience.ts';
import { trainingAudienceCondition } from '../trainingAudience.ts';
import type { GroupTrainingRow } from '../../db/tables/training.table.ts';
import { doneActivities } from './activities.ts';
import { audienceMemberOf, type LearnerContext } from './context.ts';
import { enrollmentsOf, latestCertificates } from './progress.ts';
import { reactionsOf } from './reactions.ts';

type TrainingScope = ExpressionBuilder<Database, 'group_trainings'>;

/** Published trainings of the client in the user's audience (nothing for a user outside the client). */
export function visibleTrainings(db: Db, ctx: LearnerContext) {
  const member = audienceMemberOf(ctx);
  return db.selectFrom('group_trainings')
    .where('group_trainings.client_id', '=', ctx.clientId)
    .where('group_trainings.status', '=', CONTENT_STATUS.published)
    .where(member ? trainingAudienceCondition(member) : sql<SqlBool>`1 = 0`);
}

/**
 * A training the learner may open, or undefined (unknown, unpublished, another client's, not in
 * the audience): the training's own audience, or a published trail's that holds it.
 */
export async function findLearnerTraining(db: Db, ctx: LearnerContext, id: number): Promise<GroupTrainingRow | undefined> {
  const own = await visibleTrainings(db, ctx).selectAll('group_trainings').where('group_trainings.id', '=', id).executeTakeFirst();
  const member = audienceMemberOf(ctx);
  if (own || !member) return own;
  const granted = await trailGrantsTraining(db, member, id);
  if (!granted) return undefined;
  return db.selectFrom('group_trainings').selectAll()
    .where('id', '=', id).where('client_id', '=', ctx.clientId).where('status', '=', CONTENT_STATUS.published)
    .executeTakeFirst();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const idList = (text: string | undefined) => (text ?? '').split(',').filter((s) => /^\d{1,9}$/.test(s)).map(Number);

/** spec 1 §2.2 learner filters: search, progress, favourite, selected areas, selected groups. */
function filtered(db: Db, ctx: LearnerContext, query: CatalogueQuery) {
  let q = visibleTrainings(db, ctx);
  const search = query.search?.trim().toLowerCase();
  if (search) q = q.where(sql<SqlBool>`lower(${sql.ref('group_trainings.title')}) like ${`%${escapeLike(search)}%`} escape '\\'`);

  const enrolled = (eb: TrainingScope, states: readonly EnrollmentState[]) => eb.exists(eb.selectFrom('group_training_enrollments as e').select('e.id')
    .whereRef('e.group_training_id', '=', 'group_trainings.id').where('e.user_id', '=', ctx.userId).where('e.status', 'in', [...states]));
  if (query.progress === 'not_started') {
    q = q.where((eb) => eb.not(enrolled(eb, ['ongoing', 'finished', 'blocked'])));
  } else if (query.progress === 'ongoing' || query.progress === 'finished') {
    const states = PROGRESS_FILTER_STATES[query.progress];
    q = q.where((eb) => enrolled(eb, states));
  }
  if (query.favorite === 'favorites') {
    q = q.where((eb) => eb.exists(eb.selectFrom('content_reactions as cr').select('cr.id')
      .whereRef('cr.content_id', '=', 'group_trainings.id')
      .where('cr.content_type', '=', 'training').where('cr.user_id', '=', ctx.userId).where('cr.favorite', '=', true)));
  }
  const areas = idList(query.selected_areas);
  if (areas.length) q = q.where(linkedTo('training', 'areas', areas));
  const groups = idList(query.selected_groups);
  if (groups.length) q = q.where(linkedTo('training', 'user_groups', groups));
  return q;
}

export const CATALOGUE_PAGE_SIZE = 20;

/** One page of the catalogue, newest first, as cards. */
export async function cataloguePage(db: Db, ctx: LearnerContext, query: CatalogueQuery): Promise<{ count: number; results: LearnerTrainingCard[] }> {
  const pageSize = query.page_size ?? CATALOGUE_PAGE_SIZE;
  const page = query.page ?? 1;
  const base = filtered(db, ctx, query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll('group_trainings')
      .orderBy(sql`coalesce(${sql.ref('group_trainings.published_at')}, ${sql.ref('group_trainings.created_at')})`, 'desc')
      .orderBy('group_trainings.id', 'desc')
      .limit(pageSize).offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { count: Number(total.n), results: await trainingCards(db, ctx, rows) };
}

/** The alt text in the user's language, else Portuguese (the default), else any (webcast cards read it too). */
export function altTextFor(row: Pick<GroupTrainingRow, 'image_alt_texts'>, languageId: number): string | null {
  const texts: Readonly<Record<string, unknown>> = row.image_alt_texts;
  const wanted = LANGUAGES.find((l) => l.id === languageId)?.code ?? 'pt-br';
  for (const code of [wanted, 'pt-br', ...Object.keys(texts)]) {
    const text = texts[code];
    if (typeof text === 'string' && text.trim()) return text;
  }
  return null;
}

/** spec 2 §6: mandatory trainings are marked only when the client uses subscription. */
async function mandatoryTrainings(db: Db, ctx: LearnerContext, ids: number[]): Promise<Set<number>> {
  const member = audienceMemberOf(ctx);
  if (!ctx.flags.use_training_subscription || !member) return new Set();
  return mandatoryFor(db, 'training', member, ids);
}

/**
 * The cards of `rows` (trainings the caller already knows the user may see), in their order:
 * reactions, progress (enrollment and activities, shared `percentDone`), the certificate and
 * the mandatory flag, in a fixed number of queries. Home and trails reuse it.
 */
export async function trainingCards(db: Db, ctx: LearnerContext, rows: readonly GroupTrainingRow[]): Promise<LearnerTrainingCard[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [activities, enrollments, reactions, certificates, tags, mandatory] = await Promise.all([
    doneActivities(db, ctx.userId, ids),
    enrollmentsOf(db, ctx.userId, ids),
    reactionsOf(db, ctx.clientId, ctx.userId, 'training', ids),
    latestCertificates(db, ctx.clientId, ctx.userId, 'training', ids),
    tagNames(db, 'training', ids),
    mandatoryTrainings(db, ctx, ids),
  ]);
  return rows.map((row): LearnerTrainingCard => {
    const list = activities.get(row.id) ?? [];
    const certificate = certificates.get(row.id) ?? null;
    return {
      ...reactions.get(row.id)!,
      id: row.id,
      title: row.title,
      image: row.image_url,
      image_alt_text: altTextFor(row, ctx.languageId),
      workload: Number(row.workload),
      score: Number(row.score),
      tags: tags.get(row.id) ?? [],
      is_mandatory: mandatory.has(row.id),
      is_open: row.is_open,
      status: learnerStatusOf(enrollments.get(row.id)?.status, certificate?.status),
      percent: percentDone(list),
      qty_activities: list.length,
      certificate,
    };
  });
}
