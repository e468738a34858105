/**
 * Points of the selected client (spec 1 §2.2 home: "my score, points statement, ranking"): the
 * ledger summed per learner. Positions are competition ranks (equal points share a position, the
 * next one skips): 1 + the number of learners with more points.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface RankingEntryValue { position: number; user_id: number; name: string; points: number; me: boolean }

/** Ledger totals of the client's current members (anonymised accounts leave the ranking). */
function totals(db: Db, clientId: number) {
  return db.selectFrom('points_ledger')
    .innerJoin('user_clients', (join) => join.onRef('user_clients.user_id', '=', 'points_ledger.user_id').on('user_clients.client_id', '=', clientId))
    .innerJoin('users', 'users.id', 'points_ledger.user_id')
    .select((eb) => ['points_ledger.user_id', eb.fn.sum<number | string>('points_ledger.points').as('points')])
    .where('points_ledger.client_id', '=', clientId)
    .where('users.anonymized_at', 'is', null)
    .groupBy('points_ledger.user_id');
}

export async function myPoints(db: Db, clientId: number, userId: number): Promise<number> {
  const row = await db.selectFrom('points_ledger').select((eb) => eb.fn.sum<number | string>('points').as('points'))
    .where('client_id', '=', clientId).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.points ?? 0);
}

/** The user's position, or null without points. */
export async function myPosition(db: Db, clientId: number, userId: number, points: number): Promise<number | null> {
  if (points <= 0) return null;
  const row = await db.selectFrom(totals(db, clientId).as('t')).select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`${sql.ref('t.points')} > ${points}`).executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}

/** The client's top `limit` learners and the user's own entry (in the top or not). */
export async function ranking(db: Db, clientId: number, userId: number, limit = 10): Promise<{ results: RankingEntryValue[]; me: RankingEntryValue | null }> {
  const rows = await db.selectFrom(totals(db, clientId).as('t'))
    .innerJoin('users', 'users.id', 't.user_id')
    .select(['t.user_id', 't.points', 'users.full_name'])
    .orderBy('t.points', 'desc').orderBy('users.full_name').orderBy('t.user_id')
    .limit(limit).execute();
  const results: RankingEntryValue[] = [];
  rows.forEach((r, i) => {
    const points = Number(r.points);
    const previous = results[i - 1];
    results.push({
      position: previous && previous.points === points ? previous.position : i + 1,
      user_id: r.user_id, name: r.full_name, points, me: r.user_id === userId,
    });
  });
  let me = results.find((r) => r.me) ?? null;
  if (!me) {
    const points = await myPoints(db, clientId, userId);
    const position = await myPosition(db, clientId, userId, points);
    if (position !== null) {
      const user = await db.selectFrom('users').select('full_name').where('id', '=', userId).executeTakeFirstOrThrow();
      me = { position, user_id: userId, name: user.full_name, points, me: true };
    }
  }
  return { results, me };
}

export interface PointsStatementValue {
  count: number;
  total: number;
  results: Array<{ id: number; points: number; reason: string; title: string; created_at: string }>;
}

/** The user's ledger in the client, newest first, with the title of each content. */
export async function pointsStatement(db: Db, clientId: number, userId: number, offset: number, limit: number): Promise<PointsStatementValue> {
  const base = db.selectFrom('points_ledger').where('points_ledger.client_id', '=', clientId).where('points_ledger.user_id', '=', userId);
  const [summary, rows] = await Promise.all([
    base.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number | string>('points_ledger.points').as('total')]).executeTakeFirstOrThrow(),
    base
      .leftJoin('group_trainings', (join) => join.onRef('group_trainings.id', '=', 'points_ledger.content_id').on('points_ledger.content_type', '=', 'training'))
      .leftJoin('trails', (join) => join.onRef('trails.id', '=', 'points_ledger.content_id').on('points_ledger.content_type', '=', 'trail'))
      .leftJoin('live_classes', (join) => join.onRef('live_classes.id', '=', 'points_ledger.content_id').on('points_ledger.content_type', '=', 'live_class'))
      .leftJoin('surveys', (join) => join.onRef('surveys.id', '=', 'points_ledger.content_id').on('points_ledger.content_type', '=', 'survey'))
      .leftJoin('drills', (join) => join.onRef('drills.id', '=', 'points_ledger.content_id').on('points_ledger.content_type', '=', 'drill'))
      .leftJoin('general_tests', (join) => join.onRef('general_tests.id', '=', 'points_ledger.content_id').on('points_ledger.content_type', '=', 'general_test'))
      .leftJoin('presential_appointments as pa', (join) => join.onRef('pa.id', '=', 'points_ledger.content_id').on('points_ledger.content_type', '=', 'presential'))
      .leftJoin('presential_courses as pc', 'pc.id', 'pa.course_id')
      .select(['pa.title as presential_title', 'pc.name as presential_course', 'points_ledger.id', 'points_ledger.points', 'points_ledger.reason', 'points_ledger.created_at',
        'group_trainings.title as training_title', 'trails.title as trail_title', 'live_classes.title as live_class_title', 'surveys.title as survey_title',
        'drills.title as drill_title', 'general_tests.title as general_test_title'])
      .orderBy('points_ledger.created_at', 'desc').orderBy('points_ledger.id', 'desc')
      .offset(offset).limit(limit).execute(),
  ]);
  return {
    count: Number(summary.n),
    total: Number(summary.total ?? 0),
    results: rows.map((r) => ({
      id: r.id, points: r.points, reason: r.reason, title: r.training_title ?? r.trail_title ?? r.live_class_title ?? r.survey_title ?? r.drill_title ?? r.general_test_title
        ?? (r.presential_title || r.presential_course) ?? '', created_at: r.created_at,
    })),
  };
}
