/**
 * Test questions with their alternatives, and the question bank (spec 2 §2.3, §3.4, §4.4,
 * §5.4, §5.11), on an owner kind's own tables (OwnedDb). The bank scopes itself to the client.
 */
import { sql } from 'kysely';
import { CONTENT_STATUS, type TestAnswer } from '@lp/shared/contract';
import { htmlToPlainText } from '@lp/shared/rules';
import type { SurveyQuestionType } from '@lp/shared/rules';
import type { OwnedDb } from '../ownedDb.ts';

export interface QuestionRow {
  id: number;
  title: string;
  is_mandatory: boolean;
  status: number;
  position: number;
  /** single choice for a test's question; a survey's may take several choices and a text */
  question_type: SurveyQuestionType;
}

export interface QuestionWithAnswers extends QuestionRow {
  answers: TestAnswer[];
}

/** What a question stores; answers carry the id of the row they update. */
export interface QuestionState {
  title: string;
  is_mandatory: boolean;
  /** omitted: single choice (a test's question) */
  question_type?: SurveyQuestionType;
  answers: Array<{ id?: number; title: string; is_correct: boolean }>;
}

export function questionListQuery(db: OwnedDb, testId: number) {
  return db.selectFrom('owned_test_questions as q').select(['q.id', 'q.title', 'q.is_mandatory', 'q.status', 'q.position', 'q.question_type']).where('q.test_id', '=', testId);
}

type RawQuestion = { id: number; title: string; is_mandatory: boolean; status: number; position: number; question_type: SurveyQuestionType };
export const toQuestionRow = (r: RawQuestion): QuestionRow => ({
  id: r.id, title: r.title, is_mandatory: r.is_mandatory, status: r.status, position: r.position, question_type: r.question_type,
});

/** The alternatives of the questions, in their order. */
export async function answersOf(db: OwnedDb, questionIds: readonly number[]): Promise<Map<number, TestAnswer[]>> {
  const map = new Map<number, TestAnswer[]>();
  if (questionIds.length === 0) return map;
  const rows = await db.selectFrom('owned_test_question_answers').select(['id', 'question_id', 'title', 'is_correct'])
    .where('question_id', 'in', [...questionIds]).orderBy('position').orderBy('id').execute();
  for (const r of rows) {
    const list = map.get(r.question_id) ?? [];
    list.push({ id: r.id, title: r.title, is_correct: r.is_correct });
    map.set(r.question_id, list);
  }
  return map;
}

export async function withAnswers(db: OwnedDb, rows: readonly QuestionRow[]): Promise<QuestionWithAnswers[]> {
  const answers = await answersOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, answers: answers.get(r.id) ?? [] }));
}

export async function findQuestion(db: OwnedDb, testId: number, questionId: number): Promise<QuestionWithAnswers | undefined> {
  const row = await questionListQuery(db, testId).where('q.id', '=', questionId).executeTakeFirst();
  if (!row) return undefined;
  return (await withAnswers(db, [toQuestionRow(row)]))[0];
}

/** Plain texts of the test's questions, for the import's repeated-question check. */
export async function questionTexts(db: OwnedDb, testId: number): Promise<string[]> {
  const rows = await db.selectFrom('owned_test_questions').select('title').where('test_id', '=', testId).execute();
  return rows.map((r) => htmlToPlainText(r.title));
}

async function nextPosition(db: OwnedDb, testId: number): Promise<number> {
  const row = await db.selectFrom('owned_test_questions').select((eb) => eb.fn.max<number>('position').as('last'))
    .where('test_id', '=', testId).executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

async function insertAnswers(db: OwnedDb, questionId: number, answers: QuestionState['answers']): Promise<void> {
  if (answers.length === 0) return;
  await db.insertInto('owned_test_question_answers')
    .values(answers.map((a, position) => ({ question_id: questionId, title: a.title, is_correct: a.is_correct, position })))
    .execute();
}

/** New questions at the end of the test, in the given order. Run in a transaction. */
export async function insertQuestions(db: OwnedDb, testId: number, questions: readonly QuestionState[]): Promise<number[]> {
  let position = await nextPosition(db, testId);
  const ids: number[] = [];
  const now = new Date();
  for (const q of questions) {
    const row = await db.insertInto('owned_test_questions').values({
      test_id: testId, title: q.title, is_mandatory: q.is_mandatory, position, status: 1, created_at: now, updated_at: now,
      ...(q.question_type ? { question_type: q.question_type } : {}),
    }).returning('id').executeTakeFirstOrThrow();
    await insertAnswers(db, row.id, q.answers);
    ids.push(row.id);
    position += 1;
  }
  return ids;
}

/**
 * Rewrites a question: its alternatives with an id are updated in place (their ids stay, which
 * results and §4.4 rely on), new ones inserted, missing ones deleted. Run in a transaction.
 */
export async function updateQuestion(db: OwnedDb, questionId: number, state: QuestionState): Promise<void> {
  await db.updateTable('owned_test_questions')
    .set({ title: state.title, is_mandatory: state.is_mandatory, updated_at: new Date(), ...(state.question_type ? { question_type: state.question_type } : {}) })
    .where('id', '=', questionId).execute();
  const kept = state.answers.flatMap((a) => (a.id === undefined ? [] : [a.id]));
  let drop = db.deleteFrom('owned_test_question_answers').where('question_id', '=', questionId);
  if (kept.length) drop = drop.where('id', 'not in', kept);
  await drop.execute();
  for (const [position, a] of state.answers.entries()) {
    if (a.id === undefined) {
      await db.insertInto('owned_test_question_answers').values({ question_id: questionId, title: a.title, is_correct: a.is_correct, position }).execute();
    } else {
      await db.updateTable('owned_test_question_answers').set({ title: a.title, is_correct: a.is_correct, position })
        .where('id', '=', a.id).where('question_id', '=', questionId).execute();
    }
  }
}

export async function deleteQuestion(db: OwnedDb, questionId: number): Promise<void> {
  await db.deleteFrom('owned_test_questions').where('id', '=', questionId).execute();
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
export async function searchQuestions(db: OwnedDb, clientId: number, search: string, limit: number): Promise<QuestionHit[]> {
  const text = search.trim();
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (ref: 'o.title' | 't.title' | 'q.title') => sql<boolean>`lower(${sql.ref(ref)}) like ${pattern} escape '\\'`;
  const rows = await db.selectFrom('owned_test_questions as q')
    .innerJoin('owned_tests as t', 't.id', 'q.test_id')
    .innerJoin('owned_owners as o', 'o.id', 't.owner_id')
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
  const answers = await answersOf(db, hits.map((h) => h.id));
  return hits.map((h) => ({ id: h.id, ownerTitle: h.owner_title, testTitle: h.test_title, title: h.title, answers: answers.get(h.id) ?? [] }));
}
