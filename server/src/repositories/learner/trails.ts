/**
 * The learner's trails (spec 2 §2.1 trails and trails/{id}, §3.8; spec 1 §2.2 filters
 * item 6): published trails of the selected client, available (availability_date reached), whose
 * audience holds the user — the content rule of content/audience — as cards, and one trail with
 * its modules of every kind in order (spec 2 §2.4), their locks (prerequisite, available-in,
 * shared `lockReasonOf`, alike for every kind) and the learner's standing in each.
 */
import { sql, type SqlBool } from 'kysely';
import { CONTENT_STATUS, type CatalogueQuery, type LearnerStatus, type LearnerTrail, type LearnerTrailCard } from '@lp/shared/contract';
import { learnerStatusOf, lockReasonOf, percentDone, trailItemKey, trailPercentOf, type ActivityState } from '@lp/shared/rules';
import { hasCommented } from '../../content/repository/comments.ts';
import type { Db } from '../../db/database.ts';
import type { TrailRow } from '../../db/tables/trail.table.ts';
import { moduleKey, moduleProgress, trailModules, type TrailModule } from '../../learning/trailProgress.ts';
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

/** The learner's standing in a module of a trail: as its catalogue card shows it, and done by its kind's rule. */
export interface ModuleStanding { status: LearnerStatus; percent: number; done: boolean }

/**
 * Standings of `modules`, keyed by moduleKey: a training's as the catalogue shows it (status with
 * its certificate, percent of its activities); another kind's from what its module recorded —
 * done (finished, 100), a record short of done (ongoing: a podcast partly heard, a live class
 * subscribed to), or nothing (not started).
 */
export async function moduleStandings(db: Db, ctx: LearnerContext, modules: readonly TrailModule[]): Promise<Map<string, ModuleStanding>> {
  const others = modules.filter((m) => m.kind !== 'training');
  const [trainings, progress] = await Promise.all([
    trainingStandings(db, ctx, modules.filter((m) => m.kind === 'training').map((m) => m.itemId)),
    moduleProgress(db, ctx.userId, others),
  ]);
  const out = new Map<string, ModuleStanding>();
  for (const m of modules) {
    if (m.kind === 'training') {
      const standing = trainings.get(m.itemId);
      out.set(moduleKey(m), standing
        ? { status: standing.status, percent: standing.percent, done: standing.finished }
        : { status: 'not_started', percent: 0, done: false });
      continue;
    }
    const record = progress.get(moduleKey(m));
    out.set(moduleKey(m), record?.done
      ? { status: 'finished', percent: 100, done: true }
      : record ? { status: 'ongoing', percent: record.percent, done: false } : { status: 'not_started', percent: 0, done: false });
  }
  return out;
}

const trailPercent = (modules: readonly TrailModule[], standings: ReadonlyMap<string, ModuleStanding>): number =>
  trailPercentOf(modules.map((m) => standings.get(moduleKey(m))?.percent ?? 0));

/** The cards of `rows` (trails the user may see), in their order, in a fixed number of queries per trail. */
export async function trailCards(db: Db, ctx: LearnerContext, rows: readonly TrailRow[]): Promise<LearnerTrailCard[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const now = new Date();
  const [moduleLists, enrollments, reactions, certificates, mandatory] = await Promise.all([
    Promise.all(rows.map((r) => trailModules(db, ctx.clientId, r.id, now))),
    db.selectFrom('trail_enrollments').select(['trail_id', 'status']).where('user_id', '=', ctx.userId).where('trail_id', 'in', ids).execute(),
    reactionsOf(db, ctx.clientId, ctx.userId, 'trail', ids),
    latestCertificates(db, ctx.clientId, ctx.userId, 'trail', ids),
    mandatoryTrails(db, ctx, ids),
  ]);
  const all = new Map(moduleLists.flat().map((m) => [moduleKey(m), m]));
  const standings = await moduleStandings(db, ctx, [...all.values()]);
  const state = new Map(enrollments.map((e) => [e.trail_id, e.status]));
  return rows.map((row, i): LearnerTrailCard => {
    const modules = moduleLists[i]!;
    const certificate = certificates.get(row.id) ?? null;
    return {
      ...reactions.get(row.id)!,
      id: row.id,
      title: row.title,
      image: row.image_url,
      status: learnerStatusOf(state.get(row.id) ?? null, certificate?.status),
      percent: trailPercent(modules, standings),
      training_quantity: modules.filter((m) => m.kind === 'training').length,
      qty_items: modules.length,
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

/** GET /trails/{id}/: the card, the description and the modules in order with their locks and standing. */
export async function trailDetail(db: Db, ctx: LearnerContext, row: TrailRow, today: string): Promise<LearnerTrail> {
  const [[card], modules, comment] = await Promise.all([
    trailCards(db, ctx, [row]),
    trailModules(db, ctx.clientId, row.id),
    trailCommentState(db, ctx, row.id),
  ]);
  const standings = await moduleStandings(db, ctx, modules);
  // spec 2 §5.8 locks, one rule for every kind: the available-in day and a prerequisite not yet done
  const states = new Map<string, ActivityState>(modules.map((m) => [moduleKey(m), {
    key: moduleKey(m),
    prerequisite: m.prerequisite ? trailItemKey(m.prerequisite) : null,
    availableIn: m.availableIn,
    done: standings.get(moduleKey(m))?.done ?? false,
  }]));
  return {
    ...card!,
    description: row.description,
    items: modules.map((m) => {
      const lock = lockReasonOf(states.get(moduleKey(m))!, states, today, false);
      const standing = standings.get(moduleKey(m));
      return {
        kind: m.kind,
        id: m.itemId,
        title: m.title,
        order: m.order,
        available: lock === null,
        lock_reason: lock,
        available_in: m.availableIn,
        prerequisite_kind: m.prerequisite?.kind ?? null,
        prerequisite_id: m.prerequisite?.item_id ?? null,
        status: standing?.status ?? 'not_started',
        percent: standing?.percent ?? 0,
        done: standing?.done ?? false,
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
