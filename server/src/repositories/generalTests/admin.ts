/**
 * General tests as the admin edits them (spec 3 §2, §3 "General test (assessment)", §4): the
 * general test row, its audience, and its one test of the test engine, which carries the type,
 * minimum score, questions drawn, one attempt and time limit. Every query is scoped to the client.
 */
import type { GeneralTest, GeneralTestListItem, GeneralTestResult } from '@lp/shared/contract';
import { GENERAL_TEST_STATUS, GENERAL_TEST_TYPE_IDS, GENERAL_TEST_TYPES, minutesToClock, type GeneralTestType } from '@lp/shared/rules';
import { readAudience, writeAudience } from '../../content/audience/index.ts';
import { GENERAL_TEST_OWNER, ownedDb, type OwnedDb, type OwnedTestRow } from '../../content/index.ts';
import { testCounts } from '../../content/repository/tests.ts';
import type { Db } from '../../db/database.ts';
import type { GeneralTestRow } from '../../db/tables/generalTest.table.ts';

export interface GeneralTestState {
  title: string;
  description: string;
  test_type: GeneralTestType;
  minimum_score: number;
  quantity_questions: number | null;
  quantity_realizations: number | null;
  time_to_finish: number;
  publish_date: string;
  unpublish_date: string | null;
  status: number;
  /** points when approved; null = none */
  score: number | null;
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

export const generalTestsDb = (db: Db): OwnedDb => ownedDb(db, GENERAL_TEST_OWNER);

export const testTypeOf = (typeId: number): GeneralTestType =>
  GENERAL_TEST_TYPES.find((slug) => GENERAL_TEST_TYPE_IDS[slug] === typeId) ?? 'timed_block_general';

export async function findGeneralTest(db: Db, clientId: number, id: number): Promise<GeneralTestRow | undefined> {
  return db.selectFrom('general_tests').selectAll().where('client_id', '=', clientId).where('id', '=', id)
    .where('status', '!=', GENERAL_TEST_STATUS.deleted).executeTakeFirst();
}

/** The general test's one test (made with it). */
export async function generalTestTest(db: Db, id: number): Promise<OwnedTestRow> {
  return generalTestsDb(db).selectFrom('owned_tests').selectAll().where('owner_id', '=', id).orderBy('id').executeTakeFirstOrThrow();
}

export function generalTestListQuery(db: Db, clientId: number) {
  return db.selectFrom('general_tests')
    .innerJoin('general_test_tests as t', 't.owner_id', 'general_tests.id')
    .select((eb) => [
      'general_tests.id', 'general_tests.title', 't.test_type_id', 'general_tests.publish_date', 'general_tests.unpublish_date', 'general_tests.status',
      'general_tests.created_at',
      eb.selectFrom('general_test_test_questions as q').select((e) => e.fn.countAll<number>().as('n')).whereRef('q.test_id', '=', 't.id').as('qty_questions'),
      eb.selectFrom('general_test_test_results as r').select((e) => e.fn.countAll<number>().as('n')).whereRef('r.test_id', '=', 't.id').as('qty_results'),
    ])
    .where('general_tests.client_id', '=', clientId)
    .where('general_tests.status', '!=', GENERAL_TEST_STATUS.deleted);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof generalTestListQuery>['execute']>>[number];
export const toGeneralTestListItem = (r: ListRow): GeneralTestListItem => ({
  id: r.id, title: r.title, test_type: testTypeOf(r.test_type_id), publish_date: r.publish_date, unpublish_date: r.unpublish_date, status: r.status,
  qty_questions: Number(r.qty_questions ?? 0), qty_results: Number(r.qty_results ?? 0), created_at: new Date(r.created_at).toISOString(),
});

export async function generalTestState(db: Db, row: GeneralTestRow): Promise<GeneralTestState> {
  const [test, audience] = await Promise.all([generalTestTest(db, row.id), readAudience(db, 'general_test', row.id)]);
  return {
    title: row.title, description: row.description, test_type: testTypeOf(test.test_type_id), minimum_score: test.minimum_score ?? 1,
    quantity_questions: test.qty_total_questions, quantity_realizations: row.quantity_realizations, time_to_finish: row.time_to_finish,
    publish_date: row.publish_date, unpublish_date: row.unpublish_date, status: row.status, score: row.score,
    areas: [...audience.areas], profiles: [...audience.profiles], user_groups: [...audience.user_groups],
  };
}

export async function loadGeneralTest(db: Db, clientId: number, id: number): Promise<GeneralTest | undefined> {
  const row = await findGeneralTest(db, clientId, id);
  if (!row) return undefined;
  const [state, test] = await Promise.all([generalTestState(db, row), generalTestTest(db, id)]);
  const counts = await testCounts(generalTestsDb(db), test.id);
  return {
    id: row.id, ...state, qty_questions: counts.qty_questions, qty_mandatory: counts.qty_mandatory_questions, qty_results: counts.qty_user_results,
    has_results: counts.qty_user_results > 0, test_id: test.id,
    created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString(),
  };
}

const ownColumns = (s: GeneralTestState) => ({
  title: s.title, description: s.description, quantity_realizations: s.quantity_realizations, time_to_finish: s.time_to_finish,
  publish_date: s.publish_date, unpublish_date: s.unpublish_date, status: s.status, score: s.score,
});
/** spec 3 §4 timed block / timed restart: one attempt, questions in random order, the time limit as the engine's HH:mm:ss. */
const testColumns = (s: GeneralTestState) => ({
  title: s.title, test_type_id: GENERAL_TEST_TYPE_IDS[s.test_type], minimum_score: s.minimum_score, qty_total_questions: s.quantity_questions,
  maximum_attempts: 1, time_to_answer: minutesToClock(s.time_to_finish), randomize_questions: true,
});

/** A new general test and its one test (published: the general test's own status decides). Run in a transaction. */
export async function insertGeneralTest(db: Db, clientId: number, userId: number, state: GeneralTestState): Promise<number> {
  const now = new Date();
  const { id } = await db.insertInto('general_tests').values({ client_id: clientId, created_by: userId, created_at: now, updated_at: now, ...ownColumns(state) })
    .returning('id').executeTakeFirstOrThrow();
  await generalTestsDb(db).insertInto('owned_tests').values({
    owner_id: id, status: GENERAL_TEST_STATUS.published, randomize_answers: true, created_at: now, updated_at: now, ...testColumns(state),
  }).execute();
  await writeAudience(db, 'general_test', id, { areas: state.areas, profiles: state.profiles, user_groups: state.user_groups });
  return id;
}

export async function updateGeneralTest(db: Db, clientId: number, id: number, state: GeneralTestState): Promise<boolean> {
  const done = await db.updateTable('general_tests').set({ ...ownColumns(state), updated_at: new Date() })
    .where('client_id', '=', clientId).where('id', '=', id).where('status', '!=', GENERAL_TEST_STATUS.deleted).executeTakeFirst();
  if (!Number(done.numUpdatedRows)) return false;
  await generalTestsDb(db).updateTable('owned_tests').set({ ...testColumns(state), updated_at: new Date() }).where('owner_id', '=', id).execute();
  await writeAudience(db, 'general_test', id, { areas: state.areas, profiles: state.profiles, user_groups: state.user_groups });
  return true;
}

/** Soft delete: the results stay. */
export async function deleteGeneralTest(db: Db, clientId: number, id: number): Promise<boolean> {
  const done = await db.updateTable('general_tests').set({ status: GENERAL_TEST_STATUS.deleted, updated_at: new Date() })
    .where('client_id', '=', clientId).where('id', '=', id).where('status', '!=', GENERAL_TEST_STATUS.deleted).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Every attempt at the general test, newest first. */
export async function generalTestResults(db: Db, id: number): Promise<GeneralTestResult[]> {
  const rows = await generalTestsDb(db).selectFrom('owned_test_results as r').innerJoin('owned_tests as t', 't.id', 'r.test_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'u.full_name', 'r.attempt_number', 'r.status', 'r.correct_count', 'r.total_questions', 'r.passed', 'r.started_at', 'r.finished_at'])
    .where('t.owner_id', '=', id).orderBy('r.started_at', 'desc').orderBy('r.id', 'desc').limit(5000).execute();
  return rows.map((r) => ({
    id: r.id, user_id: r.user_id, user_name: r.full_name, attempt_number: r.attempt_number, status: r.status, correct_count: Number(r.correct_count),
    total_questions: Number(r.total_questions), passed: r.passed, started_at: new Date(r.started_at).toISOString(),
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  }));
}
