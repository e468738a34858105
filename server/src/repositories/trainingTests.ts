/**
 * Tests, their questions and alternatives, learner result counts and the question bank
 * (spec 2 §3.4, §4.3–4.5, §5.3–5.5). Written once for every owner of tests: the group training
 * tables are the typed ones, and a webcast owner passes its own tables of the same columns
 * (`TestTables`). Callers have checked the owner against the selected client (trainingOr404);
 * the question bank scopes itself to the client.
 */
import { sql } from 'kysely';
import { CONTENT_STATUS, htmlToPlainText, type TestAnswer, type TestTypeRules } from '@lp/shared';
import type { Db } from '../db/database.ts';
import { toBool } from '../db/dialect.ts';
import type { GroupTrainingTestRow } from '../db/tables/training.table.ts';

/**
 * The tables of one owner of tests. Each must have the columns of its group-training
 * counterpart (tests → group_training_tests, …); only the tests' owner column is named apart.
 */
export interface TestTables {
  /** the owner (id, client_id, title, status): group_trainings */
  owner: string;
  /** the tests' column pointing at the owner: group_training_id */
  ownerColumn: string;
  tests: string;
  questions: string;
  answers: string;
  /** learner attempts (qty_user_results) */
  results: string;
  types: string;
}

export const GROUP_TRAINING_TEST_TABLES: TestTables = {
  owner: 'group_trainings',
  ownerColumn: 'group_training_id',
  tests: 'group_training_tests',
  questions: 'group_training_test_questions',
  answers: 'group_training_test_question_answers',
  results: 'group_training_test_results',
  types: 'group_training_test_types',
};

// The typed names stand for the owner's own tables (same columns); queries alias them.
const testsAs = (t: TestTables) => `${t.tests} as t` as 'group_training_tests as t';
const questionsAs = (t: TestTables) => `${t.questions} as q` as 'group_training_test_questions as q';
const answersTable = (t: TestTables) => t.answers as 'group_training_test_question_answers';
const questionsTable = (t: TestTables) => t.questions as 'group_training_test_questions';
const testsTable = (t: TestTables) => t.tests as 'group_training_tests';
const resultsTable = (t: TestTables) => t.results as 'group_training_test_results';
const ownerRef = (t: TestTables) => sql.ref<number>(`t.${t.ownerColumn}`);

export type TestRow = GroupTrainingTestRow;

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

export async function findTestType(db: Db, tables: TestTables, id: number): Promise<TestTypeRules | undefined> {
  const row = await db.selectFrom(tables.types as 'group_training_test_types').selectAll().where('id', '=', id).executeTakeFirst();
  return row && {
    id: row.id, use_max_attempts: toBool(row.use_max_attempts), use_minimum_score: toBool(row.use_minimum_score), use_time: toBool(row.use_time),
  };
}

/** A test of the owner that is not deleted (spec 2 §4.1 status 3). */
export async function findTest(db: Db, tables: TestTables, ownerId: number, testId: number): Promise<TestRow | undefined> {
  return db.selectFrom(testsAs(tables)).selectAll('t')
    .where('t.id', '=', testId).where(ownerRef(tables), '=', ownerId).where('t.status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
}

export async function testCounts(db: Db, tables: TestTables, testId: number): Promise<TestCounts> {
  const [questions, results] = await Promise.all([
    db.selectFrom(questionsTable(tables))
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(eb.case().when('is_mandatory', '=', true).then(1).else(0).end()).as('mandatory')])
      .where('test_id', '=', testId).executeTakeFirstOrThrow(),
    db.selectFrom(resultsTable(tables)).select((eb) => eb.fn.countAll<number>().as('n')).where('test_id', '=', testId).executeTakeFirstOrThrow(),
  ]);
  return { qty_questions: Number(questions.n), qty_mandatory_questions: Number(questions.mandatory ?? 0), qty_user_results: Number(results.n) };
}

/** spec 2 §4.4: whether learners have taken the test (any attempt, finished or not). */
export async function testHasResults(db: Db, tables: TestTables, testId: number): Promise<boolean> {
  const row = await db.selectFrom(resultsTable(tables)).select('id').where('test_id', '=', testId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The list's base query: the owner's tests with their question and realization counts. */
export function testListQuery(db: Db, tables: TestTables, ownerId: number) {
  return db.selectFrom(testsAs(tables))
    .select(['t.id', 't.title', 't.test_type_id', 't.status', 't.avaliable_in', 't.test_score', 't.qty_total_questions'])
    .select((eb) => [
      eb.selectFrom(questionsAs(tables)).select((sub) => sub.fn.countAll<number>().as('n')).whereRef('q.test_id', '=', 't.id').as('qty_questions'),
      eb.selectFrom(`${tables.results} as r` as 'group_training_test_results as r').select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('r.test_id', '=', 't.id').as('qty_user_results'),
    ])
    .where(ownerRef(tables), '=', ownerId)
    .where('t.status', '!=', CONTENT_STATUS.deleted);
}

export async function insertTest(db: Db, tables: TestTables, ownerId: number, state: TestState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto(testsTable(tables))
    .values({ ...state, [tables.ownerColumn]: ownerId, created_at: now, updated_at: now } as never)
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTest(db: Db, tables: TestTables, testId: number, state: TestState): Promise<void> {
  await db.updateTable(testsTable(tables)).set({ ...state, updated_at: new Date() }).where('id', '=', testId).execute();
}

/** spec 2 §4.1: a deleted test keeps its status 3 row (and its learners' results). */
export async function softDeleteTest(db: Db, tables: TestTables, testId: number): Promise<void> {
  await db.updateTable(testsTable(tables)).set({ status: CONTENT_STATUS.deleted, updated_at: new Date() }).where('id', '=', testId).execute();
}

// ---- questions ----

export interface QuestionRow {
  id: number;
  title: string;
  is_mandatory: boolean;
  status: number;
  position: number;
}

export interface QuestionWithAnswers extends QuestionRow {
  answers: TestAnswer[];
}

/** What a question stores; answers carry the id of the row they update. */
export interface QuestionState {
  title: string;
  is_mandatory: boolean;
  answers: Array<{ id?: number; title: string; is_correct: boolean }>;
}

export function questionListQuery(db: Db, tables: TestTables, testId: number) {
  return db.selectFrom(questionsAs(tables)).select(['q.id', 'q.title', 'q.is_mandatory', 'q.status', 'q.position']).where('q.test_id', '=', testId);
}

type RawQuestion = { id: number; title: string; is_mandatory: boolean | number; status: number; position: number };
export const toQuestionRow = (r: RawQuestion): QuestionRow => ({ id: r.id, title: r.title, is_mandatory: toBool(r.is_mandatory), status: r.status, position: r.position });

/** The alternatives of the questions, in their order. */
export async function answersOf(db: Db, tables: TestTables, questionIds: readonly number[]): Promise<Map<number, TestAnswer[]>> {
  const map = new Map<number, TestAnswer[]>();
  if (questionIds.length === 0) return map;
  const rows = await db.selectFrom(answersTable(tables)).select(['id', 'question_id', 'title', 'is_correct'])
    .where('question_id', 'in', [...questionIds]).orderBy('position').orderBy('id').execute();
  for (const r of rows) {
    const list = map.get(r.question_id) ?? [];
    list.push({ id: r.id, title: r.title, is_correct: toBool(r.is_correct) });
    map.set(r.question_id, list);
  }
  return map;
}

export async function withAnswers(db: Db, tables: TestTables, rows: readonly QuestionRow[]): Promise<QuestionWithAnswers[]> {
  const answers = await answersOf(db, tables, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, answers: answers.get(r.id) ?? [] }));
}

export async function findQuestion(db: Db, tables: TestTables, testId: number, questionId: number): Promise<QuestionWithAnswers | undefined> {
  const row = await questionListQuery(db, tables, testId).where('q.id', '=', questionId).executeTakeFirst();
  if (!row) return undefined;
  return (await withAnswers(db, tables, [toQuestionRow(row)]))[0];
}

/** Plain texts of the test's questions, for the import's repeated-question check. */
export async function questionTexts(db: Db, tables: TestTables, testId: number): Promise<string[]> {
  const rows = await db.selectFrom(questionsTable(tables)).select('title').where('test_id', '=', testId).execute();
  return rows.map((r) => htmlToPlainText(r.title));
}

async function nextPosition(db: Db, tables: TestTables, testId: number): Promise<number> {
  const row = await db.selectFrom(questionsTable(tables)).select((eb) => eb.fn.max<number>('position').as('last'))
    .where('test_id', '=', testId).executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

async function insertAnswers(db: Db, tables: TestTables, questionId: number, answers: QuestionState['answers']): Promise<void> {
  if (answers.length === 0) return;
  await db.insertInto(answersTable(tables))
    .values(answers.map((a, position) => ({ question_id: questionId, title: a.title, is_correct: a.is_correct, position })))
    .execute();
}

/** New questions at the end of the test, in the given order. Run in a transaction. */
export async function insertQuestions(db: Db, tables: TestTables, testId: number, questions: readonly QuestionState[]): Promise<number[]> {
  let position = await nextPosition(db, tables, testId);
  const ids: number[] = [];
  const now = new Date();
  for (const q of questions) {
    const row = await db.insertInto(questionsTable(tables)).values({
      test_id: testId, title: q.title, is_mandatory: q.is_mandatory, position, status: 1, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await insertAnswers(db, tables, row.id, q.answers);
    ids.push(row.id);
    position += 1;
  }
  return ids;
}

/**
 * Rewrites a question: its alternatives with an id are updated in place (their ids stay, which
 * results and §4.4 rely on), new ones inserted, missing ones deleted. Run in a transaction.
 */
export async function updateQuestion(db: Db, tables: TestTables, questionId: number, state: QuestionState): Promise<void> {
  await db.updateTable(questionsTable(tables)).set({ title: state.title, is_mandatory: state.is_mandatory, updated_at: new Date() })
    .where('id', '=', questionId).execute();
  const kept = state.answers.flatMap((a) => (a.id === undefined ? [] : [a.id]));
  let drop = db.deleteFrom(answersTable(tables)).where('question_id', '=', questionId);
  if (kept.length) drop = drop.where('id', 'not in', kept);
  await drop.execute();
  for (const [position, a] of state.answers.entries()) {
    if (a.id === undefined) {
      await db.insertInto(answersTable(tables)).values({ question_id: questionId, title: a.title, is_correct: a.is_correct, position }).execute();
    } else {
      await db.updateTable(answersTable(tables)).set({ title: a.title, is_correct: a.is_correct, position })
        .where('id', '=', a.id).where('question_id', '=', questionId).execute();
    }
  }
}

export async function deleteQuestion(db: Db, tables: TestTables, questionId: number): Promise<void> {
  await db.deleteFrom(questionsTable(tables)).where('id', '=', questionId).execute();
}

// ---- question bank (spec 2 §2.3 question database search, §5.11) ----

export interface QuestionHit {
  id: number;
  ownerTitle: string;
  testTitle: string;
  /** HTML */
  title: string;
  answers: TestAnswer[];
}

/** lower case, accents removed: "Ação" matches "acao" */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Questions of the client's live owners and tests whose owner title, test title or question
 * text contains `search`, at most `limit`. The database narrows by the lowered text (HTML
 * included); the plain texts then decide, so a tag name never matches.
 */
export async function searchQuestions(db: Db, tables: TestTables, clientId: number, search: string, limit: number): Promise<QuestionHit[]> {
  const text = search.trim();
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (ref: string) => sql<boolean>`lower(${sql.ref(ref)}) like ${pattern} escape '\\'`;
  const rows = await db.selectFrom(questionsAs(tables))
    .innerJoin(testsAs(tables), 't.id', 'q.test_id')
    .innerJoin(`${tables.owner} as o` as 'group_trainings as o', (join) => join.on(sql<boolean>`${sql.ref('o.id')} = ${ownerRef(tables)}`))
    .select(['q.id', 'q.title', 't.title as test_title', 'o.title as owner_title'])
    .where('o.client_id', '=', clientId)
    .where('o.status', '!=', CONTENT_STATUS.deleted)
    .where('t.status', '!=', CONTENT_STATUS.deleted)
    .where((eb) => eb.or([like('o.title'), like('t.title'), like('q.title')]))
    .orderBy('o.title').orderBy('t.title').orderBy('q.position').orderBy('q.id')
    .limit(limit * 8)
    .execute();
  const needle = fold(text);
  const hits = rows
    .filter((r) => [r.owner_title, r.test_title, htmlToPlainText(r.title)].some((s) => fold(s).includes(needle)))
    .slice(0, limit);
  const answers = await answersOf(db, tables, hits.map((h) => h.id));
  return hits.map((h) => ({ id: h.id, ownerTitle: h.owner_title, testTitle: h.test_title, title: h.title, answers: answers.get(h.id) ?? [] }));
}
