/**
 * Tests of an owner and their counts (spec 2 §3.4, §4.3–4.4, §5.3). Every function runs on an
 * OwnedDb (content/ownedDb.ts): `owned_tests` is the owner kind's own table. Callers have checked
 * the owner against the selected client, except where a function says it scopes itself.
 */
import { CONTENT_STATUS } from '@lp/shared/contract';
import { DRILL_TEST_TYPE_ID, SURVEY_TEST_TYPE_ID, type TestTypeRules } from '@lp/shared/rules';
import type { OwnedDb } from '../ownedDb.ts';
import type { OwnedTestResultRow, OwnedTestRow } from '../tables.ts';

/** test types a module keeps for its own test (surveys, drills): never offered to, nor accepted from, other owners */
const OWN_TEST_TYPE_IDS = [SURVEY_TEST_TYPE_ID, DRILL_TEST_TYPE_ID];

/** What a test stores (the form after §5.3 and the type's rules). */
export interface TestState {
  title: string;
  test_type_id: number;
  status: number;
  avaliable_in: string | null;
  test_score: number;
  randomize_questions: boolean;
  randomize_answers: boolean;
  qty_total_questions: number | null;
  minimum_score: number | null;
  maximum_attempts: number;
  time_to_answer: string | null;
}

export interface TestCounts {
  qty_questions: number;
  qty_mandatory_questions: number;
  qty_user_results: number;
}

/** spec 2 §3.4 test types: the global lookup every owner kind shares. */
export async function findTestType(db: OwnedDb, id: number): Promise<TestTypeRules | undefined> {
  // the survey and drill types are their modules' own (a test of another owner refuses them as unknown)
  if (OWN_TEST_TYPE_IDS.includes(id)) return undefined;
  const row = await db.selectFrom('group_training_test_types').selectAll().where('id', '=', id).executeTakeFirst();
  return row && {
    id: row.id, use_max_attempts: row.use_max_attempts, use_minimum_score: row.use_minimum_score, use_time: row.use_time,
  };
}

/** The test types as the editors' reference list shows them (spec 2 §7.1, §7.3). */
export async function testTypeOptions(db: OwnedDb) {
  const rows = await db.selectFrom('group_training_test_types').selectAll().where('id', 'not in', OWN_TEST_TYPE_IDS).orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id, value: r.id, slug: r.slug,
    use_max_attempts: r.use_max_attempts, use_minimum_score: r.use_minimum_score, use_time: r.use_time,
  }));
}

/** A test of the owner that is not deleted (spec 2 §4.1 status 3). */
export async function findTest(db: OwnedDb, ownerId: number, testId: number): Promise<OwnedTestRow | undefined> {
  return db.selectFrom('owned_tests').selectAll()
    .where('id', '=', testId).where('owner_id', '=', ownerId).where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
}

/** A test reached by its id alone (the import paths): it must belong to a live owner of the client. */
export async function findClientTest(db: OwnedDb, clientId: number, testId: number): Promise<OwnedTestRow | undefined> {
  return db.selectFrom('owned_tests as t')
    .innerJoin('owned_owners as o', 'o.id', 't.owner_id')
    .selectAll('t')
    .where('t.id', '=', testId)
    .where('t.status', '!=', CONTENT_STATUS.deleted)
    .where('o.status', '!=', CONTENT_STATUS.deleted)
    .where('o.client_id', '=', clientId)
    .executeTakeFirst();
}

export async function testCounts(db: OwnedDb, testId: number): Promise<TestCounts> {
  const [questions, results] = await Promise.all([
    db.selectFrom('owned_test_questions')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(eb.case().when('is_mandatory', '=', true).then(1).else(0).end()).as('mandatory')])
      .where('test_id', '=', testId).executeTakeFirstOrThrow(),
    db.selectFrom('owned_test_results').select((eb) => eb.fn.countAll<number>().as('n')).where('test_id', '=', testId).executeTakeFirstOrThrow(),
  ]);
  return { qty_questions: Number(questions.n), qty_mandatory_questions: Number(questions.mandatory ?? 0), qty_user_results: Number(results.n) };
}

/** spec 2 §4.4: whether learners have taken the test (any attempt, finished or not). */
export async function testHasResults(db: OwnedDb, testId: number): Promise<boolean> {
  const row = await db.selectFrom('owned_test_results').select('id').where('test_id', '=', testId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The list's base query: the owner's tests with their question and realization counts. */
export function testListQuery(db: OwnedDb, ownerId: number) {
  return db.selectFrom('owned_tests as t')
    .select(['t.id', 't.title', 't.test_type_id', 't.status', 't.avaliable_in', 't.test_score', 't.qty_total_questions'])
    .select((eb) => [
      eb.selectFrom('owned_test_questions as q').select((sub) => sub.fn.countAll<number>().as('n')).whereRef('q.test_id', '=', 't.id').as('qty_questions'),
      eb.selectFrom('owned_test_results as r').select((sub) => sub.fn.countAll<number>().as('n')).whereRef('r.test_id', '=', 't.id').as('qty_user_results'),
    ])
    .where('t.owner_id', '=', ownerId)
    .where('t.status', '!=', CONTENT_STATUS.deleted);
}

export async function insertTest(db: OwnedDb, ownerId: number, state: TestState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('owned_tests')
    .values({ ...state, owner_id: ownerId, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTest(db: OwnedDb, testId: number, state: TestState): Promise<void> {
  await db.updateTable('owned_tests').set({ ...state, updated_at: new Date() }).where('id', '=', testId).execute();
}

/** spec 2 §4.1: a deleted test keeps its status 3 row (and its learners' results). */
export async function softDeleteTest(db: OwnedDb, testId: number): Promise<void> {
  await db.updateTable('owned_tests').set({ status: CONTENT_STATUS.deleted, updated_at: new Date() }).where('id', '=', testId).execute();
}

// ---- as learners meet them ----

/**
 * spec 2 §4.1: a published test of an owner of the client whose status lets learners in
 * (`ownerStatuses`), with its type's slug. The learner's audience is the caller's.
 */
export async function findPublishedTest(db: OwnedDb, clientId: number, ownerStatuses: readonly number[], ownerId: number, testId: number) {
  return db.selectFrom('owned_tests as t')
    .innerJoin('owned_owners as o', 'o.id', 't.owner_id')
    .innerJoin('group_training_test_types as tt', 'tt.id', 't.test_type_id')
    .selectAll('t').select('tt.slug')
    .where('t.id', '=', testId).where('o.id', '=', ownerId).where('o.client_id', '=', clientId)
    .where('o.status', 'in', [...ownerStatuses]).where('t.status', '=', CONTENT_STATUS.published)
    .executeTakeFirst();
}

export interface PublishedTest {
  row: OwnedTestRow;
  /** the test type's slug */
  slug: string;
  questionCount: number;
  /** every attempt of the user, oldest first */
  attempts: OwnedTestResultRow[];
}

/** The owner's published tests, in id order, with their question count and the user's attempts. */
export async function publishedTestsOf(db: OwnedDb, ownerId: number, userId: number): Promise<PublishedTest[]> {
  const tests = await db.selectFrom('owned_tests as t')
    .innerJoin('group_training_test_types as tt', 'tt.id', 't.test_type_id')
    .selectAll('t').select('tt.slug')
    .select((eb) => eb.selectFrom('owned_test_questions as q').select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('q.test_id', '=', 't.id').as('question_count'))
    .where('t.owner_id', '=', ownerId).where('t.status', '=', CONTENT_STATUS.published)
    .orderBy('t.id').execute();
  if (tests.length === 0) return [];
  const attempts = await db.selectFrom('owned_test_results').selectAll()
    .where('user_id', '=', userId).where('test_id', 'in', tests.map((t) => t.id)).orderBy('attempt_number').execute();
  return tests.map(({ slug, question_count: count, ...row }) => ({
    row, slug, questionCount: Number(count ?? 0), attempts: attempts.filter((a) => a.test_id === row.id),
  }));
}
