/**
 * Drills as the admin edits them (spec 3 §2 "Drill list and editor, with results", §3 "Drill", §4):
 * the drill row and its one test, whose questions the owned-content core stores (DRILL_OWNER).
 * Every query is scoped to the selected client.
 */
import type { Drill, DrillListItem, DrillResult } from '@lp/shared/contract';
import { DRILL_STATUS, DRILL_TEST_TYPE_ID, drillApproved, drillDates, type DrillDateType } from '@lp/shared/rules';
import { DRILL_OWNER, ownedDb, type OwnedDb } from '../../content/index.ts';
import type { Db } from '../../db/database.ts';
import type { DrillRow } from '../../db/tables/drill.table.ts';

export interface DrillState {
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  date_type: DrillDateType;
  weekdays: number[];
  days_of_the_month: number[];
  start_month: number | null;
  end_month: number | null;
  custom_dates: string[];
  minimum_score: number;
  qty_questions_frequency: number;
  time_to_answer: number | null;
  allow_approved_to_answer: boolean;
  show_feedback: boolean;
  randomize_answers: boolean;
  score: number | null;
  status: number;
}

export const drillsDb = (db: Db): OwnedDb => ownedDb(db, DRILL_OWNER);

/** The client's drill that is not deleted. */
export async function findDrill(db: Db, clientId: number, id: number): Promise<DrillRow | undefined> {
  return db.selectFrom('drills').selectAll().where('client_id', '=', clientId).where('id', '=', id)
    .where('status', '!=', DRILL_STATUS.deleted).executeTakeFirst();
}

/** The drill's one test (made with the drill). */
export async function drillTestId(db: Db, drillId: number): Promise<number> {
  const row = await drillsDb(db).selectFrom('owned_tests').select('id').where('owner_id', '=', drillId).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function drillQuestionCount(db: Db, drillId: number): Promise<number> {
  const row = await drillsDb(db).selectFrom('owned_test_questions as q').innerJoin('owned_tests as t', 't.id', 'q.test_id')
    .select((eb) => eb.fn.countAll<number>().as('n')).where('t.owner_id', '=', drillId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function drillListQuery(db: Db, clientId: number) {
  return db.selectFrom('drills')
    .select((eb) => [
      'drills.id', 'drills.title', 'drills.start_date', 'drills.end_date', 'drills.date_type', 'drills.status', 'drills.created_at',
      eb.selectFrom('drill_test_questions as q').innerJoin('drill_tests as t', 't.id', 'q.test_id')
        .select((e) => e.fn.countAll<number>().as('n')).whereRef('t.owner_id', '=', 'drills.id').as('qty_questions'),
    ])
    .where('drills.client_id', '=', clientId)
    .where('drills.status', '!=', DRILL_STATUS.deleted);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof drillListQuery>['execute']>>[number];
export const toDrillListItem = (r: ListRow): DrillListItem => ({
  id: r.id, title: r.title, start_date: r.start_date, end_date: r.end_date, date_type: r.date_type, status: r.status,
  qty_questions: Number(r.qty_questions ?? 0), created_at: new Date(r.created_at).toISOString(),
});

export const drillStateOf = (row: DrillRow): DrillState => ({
  title: row.title, description: row.description, start_date: row.start_date, end_date: row.end_date, date_type: row.date_type,
  weekdays: row.weekdays, days_of_the_month: row.days_of_the_month, start_month: row.start_month, end_month: row.end_month,
  custom_dates: row.custom_dates, minimum_score: row.minimum_score, qty_questions_frequency: row.qty_questions_frequency,
  time_to_answer: row.time_to_answer, allow_approved_to_answer: row.allow_approved_to_answer, show_feedback: row.show_feedback,
  randomize_answers: row.randomize_answers, score: row.score, status: row.status,
});

export async function loadDrill(db: Db, clientId: number, id: number): Promise<Drill | undefined> {
  const row = await findDrill(db, clientId, id);
  if (!row) return undefined;
  return {
    id: row.id, ...drillStateOf(row), qty_questions: await drillQuestionCount(db, id), qty_dates: drillDates(row).length,
    created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString(),
  };
}

const columns = (s: DrillState) => ({
  ...s, weekdays: JSON.stringify(s.weekdays), days_of_the_month: JSON.stringify(s.days_of_the_month), custom_dates: JSON.stringify(s.custom_dates),
});

/** A new drill and its one test (type drill; the drill's own status decides). Run in a transaction. */
export async function insertDrill(db: Db, clientId: number, userId: number, state: DrillState): Promise<number> {
  const now = new Date();
  const { id } = await db.insertInto('drills').values({ client_id: clientId, created_by: userId, created_at: now, updated_at: now, ...columns(state) })
    .returning('id').executeTakeFirstOrThrow();
  await drillsDb(db).insertInto('owned_tests').values({
    owner_id: id, title: state.title, test_type_id: DRILL_TEST_TYPE_ID, status: DRILL_STATUS.published,
    randomize_questions: true, randomize_answers: state.randomize_answers, minimum_score: state.minimum_score, created_at: now, updated_at: now,
  }).execute();
  return id;
}

export async function updateDrill(db: Db, clientId: number, id: number, state: DrillState): Promise<boolean> {
  const done = await db.updateTable('drills').set({ ...columns(state), updated_at: new Date() })
    .where('client_id', '=', clientId).where('id', '=', id).where('status', '!=', DRILL_STATUS.deleted).executeTakeFirst();
  if (!Number(done.numUpdatedRows)) return false;
  await drillsDb(db).updateTable('owned_tests')
    .set({ title: state.title, randomize_answers: state.randomize_answers, minimum_score: state.minimum_score, updated_at: new Date() })
    .where('owner_id', '=', id).execute();
  return true;
}

/** Soft delete: the learners' answers stay. */
export async function deleteDrill(db: Db, clientId: number, id: number): Promise<boolean> {
  const done = await db.updateTable('drills').set({ status: DRILL_STATUS.deleted, updated_at: new Date() })
    .where('client_id', '=', clientId).where('id', '=', id).where('status', '!=', DRILL_STATUS.deleted).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/**
 * spec 3 §2 "with results": per learner, the drill days finished, the questions answered (a
 * timed-out one counts as answered wrong) and the correct ones, newest first.
 */
export async function drillResults(db: Db, drill: DrillRow): Promise<DrillResult[]> {
  const rows = await drillsDb(db).selectFrom('owned_test_results as r')
    .innerJoin('owned_tests as t', 't.id', 'r.test_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('owned_test_attempt_questions as aq', 'aq.result_id', 'r.id')
    .select((eb) => [
      'r.user_id', 'u.full_name',
      eb.fn.count<number>('r.id').distinct().filterWhere('r.status', '=', 'finished').as('days'),
      eb.fn.count<number>('aq.id').filterWhere('aq.confirmed_at', 'is not', null).as('answered'),
      eb.fn.count<number>('aq.id').filterWhere('aq.is_correct', '=', true).as('correct'),
      eb.fn.max('aq.confirmed_at').as('last'),
    ])
    .where('t.owner_id', '=', drill.id)
    .groupBy(['r.user_id', 'u.full_name'])
    .orderBy('u.full_name').limit(5000)
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id, user_name: r.full_name, days_answered: Number(r.days), answered: Number(r.answered), correct: Number(r.correct),
    approved: drillApproved(Number(r.correct), drill.minimum_score), last_answer_at: r.last ? new Date(r.last).toISOString() : null,
  }));
}
