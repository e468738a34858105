/**
 * The learner's trails (spec 2 §2.1 trails and trails/{id}, §3.8; spec 1 §2.2 filters
 * item 6): published trails of the selected client, available (availability_date reached), whose
 * audience holds the user — the content rule of content/audience — as cards, and one trail with its trainings in order, their locks
 * (prerequisite, available-in, shared `lockReasonOf`) and the learner's standing in each.
 */
import { sql, type SqlBool } from 'kysely';
import { CONTENT_STATUS, type CatalogueQuery, type LearnerStatus, type LearnerTrail, type LearnerTrailCard } from '@lp/shared/contract';
import { learnerStatusOf, lockReasonOf, percentDone, type ActivityState } from '@lp/shared/rules';
import { hasCommented } from '../../content/repository/comments.ts';
import type { Db } from '../../db/database.ts';
import type { TrailRow } from '../../db/tables/trail.table.ts';
import { trailTrainings, type TrailTraining } from '../../learning/trailProgress.ts';
import { inAudience, linkedTo, mandatoryFor } from '../../content/audience/index.ts';
import { doneActivities } from './activities.ts';
import { audienceMemberOf, type LearnerContext } from './context.ts';
import { enrollmentsOf, latestCertificates } from './progress.ts';
import { reactionsOf } from './reactions.ts';

/** Published, available trails of the client in the user's audience (none for a user outside the client). */
export function visibleTrails(db: Db, ctx: LearnerContext, today: string) {
  return db.selectFrom('trails')
    .where('trails.client_id', '=', ctx.clientId)
    .where('trails.status', '=', CONTENT_STATUS.published)
    .where((eb) => eb.or([eb('trails.availability_date', 'is', null), eb('trails.availability_date', '<=', today)]))
    .where(inAudience('trail', audienceMemberOf(ctx)));
}

/** A trail the learner may open, or undefined. */
export async function findLearnerTrail(db: Db, ctx: LearnerContext, id: number, today: string): Promise<TrailRow | undefined> {
  return visibleTrails(db, ctx, today).selectAll('trails').where('trails.id', '=', id).executeTakeFirst();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const idList = (text: string | undefined) => (text ?? '').split(',').filter((s) => /^\d{1,9}$/.test(s)).map(Number);

/** spec 1 §2.2 filters of trails, as for courses: search, progress, favourite, selected areas and groups. */
function filtered(db: Db, ctx: LearnerContext, query: CatalogueQuery, today: string) {
  let q = visibleTrails(db, ctx, today);
  const search = query.search?.trim().toLowerCase();
  if (search) q = q.where(sql<SqlBool>`lower(${sql.ref('trails.title')}) like ${`%${escapeLike(search)}%`} escape '\\'`);
  const enrolled = (states: ReadonlyArray<'ongoing' | 'finished'>) => q.where((eb) => eb.exists(eb.selectFrom('trail_enrollments as te').select('te.id')
    .whereRef('te.trail_id', '=', 'trails.id').where('te.user_id', '=', ctx.userId).where('te.status', 'in', [...states])));
  if (query.progress === 'not_started') {
    q = q.where((eb) => eb.not(eb.exists(eb.selectFrom('trail_enrollments as te').select('te.id')
      .whereRef('te.trail_id', '=', 'trails.id').where('te.user_id', '=', ctx.userId))));
  } else if (query.progress === 'ongoing') q = enrolled(['ongoing']);
  else if (query.progress === 'finished') q = enrolled(['finished']);
  if (query.favorite === 'favorites') {
    q = q.where((eb) => eb.exists(eb.selectFrom('content_reactions as cr').select('cr.id')
      .whereRef('cr.content_id', '=', 'trails.id')
      .where('cr.content_type', '=', 'trail').where('cr.user_id', '=', ctx.userId).where('cr.favorite', '=', true)));
  }
  const areas = idList(query.selected_areas);
  if (areas.length) q = q.where(linkedTo('trail', 'areas', areas));
  const groups = idList(query.selected_groups);
  if (groups.length) q = q.where(linkedTo('trail', 'user_groups', groups));
  return q;
}

export const TRAILS_PAGE_SIZE = 20;

/** One page of the trails list, in the trails' order (spec 2 §3.8 `order`), then newest first. */
export async function trailPage(db: Db, ctx: LearnerContext, query: CatalogueQuery, today: string): Promise<{ count: number; results: LearnerTrailCard[] }> {
  const pageSize = query.page_size ?? TRAILS_PAGE_SIZE;
  const page = query.page ?? 1;
  const base = filtered(db, ctx, query, today);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll('trails')
      .orderBy('trails.sort_order').orderBy(sql`coalesce(${sql.ref('trails.published_at')}, ${sql.ref('trails.created_at')})`, 'desc')
      .orderBy('trails.id', 'desc')
      .limit(pageSize).offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { count: Number(total.n), results: await trailCards(db, ctx, rows) };
}

/** Trails whose mandatory profile and one mandatory area hold the user (clients with training subscription). */
async function mandatoryTrails(db: Db, ctx: LearnerContext, ids: number[]): Promise<Set<number>> {
  const member = audienceMemberOf(ctx);
  if (!ctx.flags.use_training_subscription || !member) return new Set();
  return mandatoryFor(db, 'trail', member, ids);
}

/** The learner's standing in each training of a set: status (as the catalogue shows it) and percent. */
export interface TrainingStanding { status: LearnerStatus; percent: number; finished: boolean }

export async function trainingStandings(db: Db, ctx: LearnerContext, trainingIds: readonly number[]): Promise<Map<number, TrainingStanding>> {
  const ids = [...new Set(trainingIds)];
  const [activities, enrollments, certificates] = await Promise.all([
    doneActivities(db, ctx.userId, ids),
    enrollmentsOf(db, ctx.userId, ids),
    latestCertificates(db, ctx.clientId, ctx.userId, 'training', ids),
  ]);
  return new Map(ids.map((id) => {
    const state = enrollments.get(id)?.status;
    return [id, {
      status: learnerStatusOf(state, certificates.get(id)?.status),
      percent: percentDone(activities.get(id) ?? []),
      finished: state === 'finished',
    }];
  }));
}

/** A trail's percent: the mean of its trainings' (100 only when every one is done). */
const trailPercent = (trainings: readonly TrailTraining[], standings: ReadonlyMap<number, TrainingStanding>): number =>
  trainings.length === 0 ? 0 : Math.floor(trainings.reduce((sum, t) => sum + (standings.get(t.trainingId)?.percent ?? 0), 0) / trainings.length);

/** The cards of `rows` (trails the user may see), in their order, in a fixed number of queries per trail. */
export async function trailCards(db: Db, ctx: LearnerContext, rows: readonly TrailRow[]): Promise<LearnerTrailCard[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [trainingLists, enrollments, reactions, certificates, mandatory] = await Promise.all([
    Promise.all(rows.map((r) => trailTrainings(db, ctx.clientId, r.id))),
    db.selectFrom('trail_enrollments').select(['trail_id', 'status']).where('user_id', '=', ctx.userId).where('trail_id', 'in', ids).execute(),
    reactionsOf(db, ctx.clientId, ctx.userId, 'trail', ids),
    latestCertificates(db, ctx.clientId, ctx.userId, 'trail', ids),
    mandatoryTrails(db, ctx, ids),
  ]);
  const standings = await trainingStandings(db, ctx, trainingLists.flat().map((t) => t.trainingId));
  const state = new Map(enrollments.map((e) => [e.trail_id, e.status]));
  return rows.map((row, i): LearnerTrailCard => {
    const trainings = trainingLists[i]!;
    const certificate = certificates.get(row.id) ?? null;
    return {
      ...reactions.get(row.id)!,
      id: row.id,
      title: row.title,
      image: row.image_url,
      status: learnerStatusOf(state.get(row.id) ?? null, certificate?.status),
      percent: trailPercent(trainings, standings),
      training_quantity: trainings.length,
      is_mandatory: mandatory.has(row.id),
      certificate,
    };
  });
}

/** spec 2 §4.10: the learner finished the trail, and whether they commented on it already. */
export async function trailCommentState(db: Db, ctx: LearnerContext, trailId: number): Promise<{ finished: boolean; commented: boolean }> {
  const [enrollment, commented] = await Promise.all([
    db.selectFrom('trail_enrollments').select('status').where('user_id', '=', ctx.userId).where('trail_id', '=', trailId).executeTakeFirst(),
    hasCommented(db, ctx.clientId, 'trail', trailId, ctx.userId),
  ]);
  return { finished: enrollment?.status === 'finished', commented };
}

/** GET /trails/{id}/: the card, the description and the trainings in order with their locks. */
export async function trailDetail(db: Db, ctx: LearnerContext, row: TrailRow, today: string): Promise<LearnerTrail> {
  const [[card], trainings, comment] = await Promise.all([
    trailCards(db, ctx, [row]),
    trailTrainings(db, ctx.clientId, row.id),
    trailCommentState(db, ctx, row.id),
  ]);
  const standings = await trainingStandings(db, ctx, trainings.map((t) => t.trainingId));
  const key = (id: number) => `training:${id}`;
  const states = new Map<string, ActivityState>(trainings.map((t) => [key(t.trainingId), {
    key: key(t.trainingId),
    prerequisite: t.prerequisiteId === null ? null : key(t.prerequisiteId),
    availableIn: t.availableIn,
    done: standings.get(t.trainingId)?.finished ?? false,
  }]));
  return {
    ...card!,
    description: row.description,
    items: trainings.map((t) => {
      const lock = lockReasonOf(states.get(key(t.trainingId))!, states, today, false);
      const standing = standings.get(t.trainingId);
      return {
        kind: 'training' as const,
        id: t.trainingId,
        title: t.title,
        order: t.order,
        available: lock === null,
        lock_reason: lock,
        available_in: t.availableIn,
        prerequisite_id: t.prerequisiteId,
        status: standing?.status ?? 'not_started',
        percent: standing?.percent ?? 0,
      };
    }),
    can_comment: comment.finished && !comment.commented,
  };
}

/** The published comments of a trail, newest first. */

/** When the comment was stored (the answer to its author shows it). */
export async function commentCreatedAt(db: Db, commentId: number): Promise<string> {
  return (await db.selectFrom('comments').select('created_at').where('id', '=', commentId).executeTakeFirstOrThrow()).created_at;
}
