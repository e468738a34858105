/**
 * The overview dashboard's figures (spec 1 §2.3 "Overview dashboard (control panel)"): aggregate
 * queries of one client over a period of whole UTC days, each answered by an index
 * (2026_11_27_0060_overview_indexes; bench/overview.ts measures them at 100k users and 1M
 * enrolments). Every query is scoped to the client through its own rows (trainings, webcasts,
 * certificates, imports, reports) or through the user's link to it (user_clients).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { CONTENT_STATUS, type Overview, type OverviewDay, type OverviewTraining, type OverviewWebcast } from '@lp/shared/contract';
import {
  FINISHED_ATTEMPT_STATUSES, OVERVIEW_EXPIRING_DAYS, OVERVIEW_RANKED_TRAININGS, WEBCAST_STATUS, addDays, periodDays, ratePercent,
  type OverviewPeriod, type PanelFilters,
} from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';

/** spec 1 §4.3: an import is under way until it is finalized or ends with errors. */
const IMPORTS_UNDER_WAY = ['awaiting', 'processing', 'validated'] as const;
const WEBCASTS_LISTED = 10;

/**
 * A period's bounds as the stored times compare with them. SQLite keeps times as text, written
 * either as ISO-8601 (`2026-11-27T09:00:00.000Z`) or by CURRENT_TIMESTAMP (`2026-11-27 09:00:00`):
 * a bare day sorts before both forms of any time of that day, so it bounds either. Postgres
 * compares timestamptz with an explicit UTC instant.
 */
function bound(db: Db, day: string): string {
  return dialectOf(db) === 'postgres' ? `${day}T00:00:00.000Z` : day;
}

/** The UTC day of a stored time, as YYYY-MM-DD text. */
function dayOf(db: Db, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

const count = () => sql<number | string>`count(*)`;

/**
 * Whose rows a figure counts: `people(column)` is true for the user ids the BI panel's filters
 * keep (spec 1 §6.2 reports_panel), and always true without filters (the overview).
 */
type People = (column: string) => RawBuilder<SqlBool>;

interface Bounds { start: string; end: string; people: People }

const ids = (list: readonly number[]) => sql.join([...list]);

/**
 * The people of the panel's filters as one condition on a user id column: within a filter any of
 * its ids, and every filter given. Each filter reads the client's own rows only (an id of another
 * client's area, group or branch keeps nobody), through the indexes of
 * 2026_11_29_0500_reports_panel_indexes, and is a semi-join (`in`): the figure's own range scan
 * still drives its query.
 */
export function peopleCondition(clientId: number, filters: PanelFilters): People {
  const sets: RawBuilder<unknown>[] = [];
  if (filters.areas) {
    sets.push(sql`select ua.user_id from user_areas ua where ua.area_id in (${ids(filters.areas)}) and ua.client_id = ${clientId}`);
  }
  if (filters.profiles) {
    sets.push(sql`select uc.user_id from user_clients uc where uc.client_id = ${clientId} and uc.profile_id in (${ids(filters.profiles)})`);
  }
  if (filters.groups) {
    sets.push(sql`select gm.user_id from user_group_members gm inner join user_groups ug on ug.id = gm.group_id
      where gm.group_id in (${ids(filters.groups)}) and ug.client_id = ${clientId}`);
  }
  if (filters.branches) {
    sets.push(sql`select pu.id from users pu inner join branches pb on pb.id = pu.branch_id
      where pu.branch_id in (${ids(filters.branches)}) and pb.client_id = ${clientId}`);
  }
  if (filters.headquarters) {
    sets.push(sql`select pu.id from branches pb inner join users pu on pu.branch_id = pb.id
      where pb.headquarter_id in (${ids(filters.headquarters)}) and pb.client_id = ${clientId}`);
  }
  if (sets.length === 0) return () => sql<SqlBool>`1 = 1`;
  return (column) => sql<SqlBool>`${sql.join(sets.map((set) => sql`${sql.ref(column)} in (${set})`), sql` and `)}`;
}

/**
 * Sessions opened by the client's users (one login = one token family; administrative views
 * excluded). The link to the client is an `exists`, so the period's range of logins always drives
 * the query: a join let SQLite start from the client's users and scan the logins of each.
 */
function loginsOfPeriod(db: Db, clientId: number, { start, end, people }: Bounds) {
  return db.selectFrom('token_families as f')
    .where('f.created_at', '>=', start).where('f.created_at', '<', end)
    .where('f.acting_user_id', 'is', null)
    .where(people('f.user_id'))
    .where((eb) => eb.exists(eb.selectFrom('user_clients as uc').select('uc.user_id')
      .whereRef('uc.user_id', '=', 'f.user_id').where('uc.client_id', '=', clientId)));
}

/** Enrolments of the people in the client's trainings (deleted ones included: what happened in them happened). */
function clientEnrollments(db: Db, clientId: number, people: People) {
  return db.selectFrom('group_training_enrollments as e')
    .innerJoin('group_trainings as g', 'g.id', 'e.group_training_id')
    .where('g.client_id', '=', clientId)
    .where(people('e.user_id'));
}

async function activeLearners(db: Db, clientId: number, b: Bounds): Promise<number> {
  const logins = loginsOfPeriod(db, clientId, b).select('f.user_id as user_id');
  const activity = clientEnrollments(db, clientId, b.people).select('e.user_id as user_id')
    .where('e.last_activity_at', '>=', b.start).where('e.last_activity_at', '<', b.end);
  const row = await db.selectFrom(logins.union(activity).as('active')).select(count().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function perDay<K extends string>(
  rows: Promise<Array<{ day: string; n: number | string }>>, key: K,
): Promise<Map<string, Record<K, number>>> {
  return new Map((await rows).map((r) => [r.day, { [key]: Number(r.n) } as Record<K, number>]));
}

async function trainingsOfPeriod(db: Db, clientId: number, b: Bounds) {
  const rows = await clientEnrollments(db, clientId, b.people)
    .select(['g.id', 'g.title', 'g.status', count().as('started'), sql<number | string>`sum(case when e.status = 'finished' then 1 else 0 end)`.as('finished')])
    .where('e.started_at', '>=', b.start).where('e.started_at', '<', b.end)
    .groupBy(['g.id', 'g.title', 'g.status'])
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, status: r.status, started: Number(r.started), finished: Number(r.finished) }));
}

/**
 * Top and bottom trainings: those with enrolments started in the period that are not deleted,
 * by the completion rate of those enrolments, then by how many there were (more first at the top,
 * and at the bottom too: a low rate over many learners matters more). Bottom never repeats top.
 */
export function rankTrainings(rows: ReadonlyArray<{ id: number; title: string; status: number; started: number; finished: number }>): { top: OverviewTraining[]; bottom: OverviewTraining[] } {
  const ranked = rows.filter((r) => r.status !== CONTENT_STATUS.deleted && r.started > 0).map((r): OverviewTraining => ({
    id: r.id, title: r.title, enrollments: r.started, completed: r.finished, completion_rate: ratePercent(r.finished, r.started),
  }));
  const rate = (t: OverviewTraining) => t.completion_rate ?? 0;
  const top = [...ranked].sort((a, b) => rate(b) - rate(a) || b.enrollments - a.enrollments || a.id - b.id).slice(0, OVERVIEW_RANKED_TRAININGS);
  const shown = new Set(top.map((t) => t.id));
  const bottom = [...ranked].filter((t) => !shown.has(t.id))
    .sort((a, b) => rate(a) - rate(b) || b.enrollments - a.enrollments || a.id - b.id).slice(0, OVERVIEW_RANKED_TRAININGS);
  return { top, bottom };
}

async function certificates(db: Db, clientId: number, b: Bounds, now: Date) {
  const soon = new Date(now.getTime() + OVERVIEW_EXPIRING_DAYS * 86_400_000);
  const [issued, expiring] = await Promise.all([
    db.selectFrom('certificates').select(count().as('n'))
      .where('client_id', '=', clientId).where('issued_at', '>=', b.start).where('issued_at', '<', b.end)
      .where(b.people('user_id'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('certificates').select(count().as('n'))
      .where('client_id', '=', clientId).where('superseded_at', 'is', null)
      .where('expires_at', '>=', now.toISOString()).where('expires_at', '<', soon.toISOString())
      .where(b.people('user_id'))
      .executeTakeFirstOrThrow(),
  ]);
  return { issued: Number(issued.n), expiring: Number(expiring.n) };
}

async function testScores(db: Db, clientId: number, b: Bounds) {
  const row = await db.selectFrom('group_training_test_results as r')
    .innerJoin('group_training_tests as t', 't.id', 'r.test_id')
    .innerJoin('group_trainings as g', 'g.id', 't.owner_id')
    .select([count().as('n'), sql<number | string | null>`avg(r.score)`.as('average')])
    .where('g.client_id', '=', clientId)
    .where('r.status', 'in', [...FINISHED_ATTEMPT_STATUSES])
    .where('r.finished_at', '>=', b.start).where('r.finished_at', '<', b.end)
    .where(b.people('r.user_id'))
    .executeTakeFirstOrThrow();
  const attempts = Number(row.n);
  return { attempts, average_score: attempts === 0 || row.average === null ? null : Math.round(Number(row.average) * 10) / 10 };
}

/**
 * The period's webcasts (not deleted) with their subscribers and participants: who sent a chat
 * message or finished one of its tests, subscribed or not (spec 2 §4.12–4.13).
 */
async function webcasts(db: Db, clientId: number, b: Bounds) {
  const finished = sql.join([...FINISHED_ATTEMPT_STATUSES].map((s) => sql.lit(s)));
  const rows = await db.selectFrom('webcasts as w')
    .select([
      'w.id', 'w.title', 'w.transmission_date',
      sql<number | string>`(select count(*) from webcast_subscribers s where s.webcast_id = w.id and ${b.people('s.user_id')})`.as('subscribers'),
      sql<number | string>`(select count(*) from (
        select m.user_id from webcast_chat_messages m where m.webcast_id = w.id and m.user_id is not null and ${b.people('m.user_id')}
        union
        select r.user_id from webcast_test_results r inner join webcast_tests t on t.id = r.test_id
        where t.owner_id = w.id and r.status in (${finished}) and ${b.people('r.user_id')}
      ) p)`.as('participants'),
    ])
    .where('w.client_id', '=', clientId).where('w.status', '!=', WEBCAST_STATUS.deleted)
    .where('w.transmission_date', '>=', b.start).where('w.transmission_date', '<', b.end)
    .orderBy('w.transmission_date', 'desc').orderBy('w.id', 'desc')
    .execute();
  const items = rows.map((r): OverviewWebcast => ({
    id: r.id, title: r.title, transmission_date: r.transmission_date, subscribers: Number(r.subscribers), participants: Number(r.participants),
  }));
  return {
    count: items.length,
    subscribers: items.reduce((sum, w) => sum + w.subscribers, 0),
    participants: items.reduce((sum, w) => sum + w.participants, 0),
    items: items.slice(0, WEBCASTS_LISTED),
  };
}

async function pendingUsers(db: Db, clientId: number, people: People): Promise<number> {
  const row = await db.selectFrom('users as u')
    .innerJoin('user_clients as uc', (j) => j.onRef('uc.user_id', '=', 'u.id').on('uc.client_id', '=', clientId))
    .select(count().as('n')).where('u.status', '=', 'awaiting_validation')
    .where(people('u.id'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function underWay(db: Db, clientId: number) {
  const [imports, reports] = await Promise.all([
    db.selectFrom('imports').select(count().as('n')).where('client_id', '=', clientId).where('status', 'in', [...IMPORTS_UNDER_WAY]).executeTakeFirstOrThrow(),
    db.selectFrom('reports').select(count().as('n')).where('client_id', '=', clientId).where('status', '=', 'processing').executeTakeFirstOrThrow(),
  ]);
  return { imports: Number(imports.n), reports: Number(reports.n) };
}

/**
 * Every figure of the overview for `clientId` over `period`; "expiring" counts from `now`. With
 * the BI panel's `filters`, every figure about people counts the filtered people only; the imports
 * and reports under way are the client's, whoever they are about.
 */
export async function overviewFigures(db: Db, clientId: number, period: OverviewPeriod, now = new Date(), filters: PanelFilters = {}): Promise<Overview> {
  const b: Bounds = { start: bound(db, period.from), end: bound(db, addDays(period.to, 1)), people: peopleCondition(clientId, filters) };
  const loginDays = perDay(loginsOfPeriod(db, clientId, b)
    .select([dayOf(db, 'f.created_at').as('day'), count().as('n')]).groupBy(dayOf(db, 'f.created_at')).execute(), 'logins');
  const startDays = perDay(clientEnrollments(db, clientId, b.people)
    .select([dayOf(db, 'e.started_at').as('day'), count().as('n')])
    .where('e.started_at', '>=', b.start).where('e.started_at', '<', b.end)
    .groupBy(dayOf(db, 'e.started_at')).execute(), 'enrollments');
  // completed_at is set exactly while the enrolment is finished (learning/completion.ts)
  const completionDays = perDay(clientEnrollments(db, clientId, b.people)
    .select([dayOf(db, 'e.completed_at').as('day'), count().as('n')])
    .where('e.completed_at', '>=', b.start).where('e.completed_at', '<', b.end)
    .groupBy(dayOf(db, 'e.completed_at')).execute(), 'completions');

  const [active, logins, starts, completions, trainings, certs, tests, casts, pending, inProgress] = await Promise.all([
    activeLearners(db, clientId, b), loginDays, startDays, completionDays, trainingsOfPeriod(db, clientId, b),
    certificates(db, clientId, b, now), testScores(db, clientId, b), webcasts(db, clientId, b), pendingUsers(db, clientId, b.people), underWay(db, clientId),
  ]);

  const daily = periodDays(period).map((day): OverviewDay => ({
    day,
    logins: logins.get(day)?.logins ?? 0,
    enrollments: starts.get(day)?.enrollments ?? 0,
    completions: completions.get(day)?.completions ?? 0,
  }));
  const started = trainings.reduce((sum, t) => sum + t.started, 0);
  const startedCompleted = trainings.reduce((sum, t) => sum + t.finished, 0);
  return {
    from: period.from,
    to: period.to,
    learners: { active, logins: daily.reduce((sum, d) => sum + d.logins, 0) },
    enrollments: {
      started,
      started_completed: startedCompleted,
      completion_rate: ratePercent(startedCompleted, started),
      completions: daily.reduce((sum, d) => sum + d.completions, 0),
    },
    certificates: certs,
    tests,
    trainings: rankTrainings(trainings),
    webcasts: casts,
    pending: { users: pending },
    in_progress: inProgress,
    daily,
  };
}
