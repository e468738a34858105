/**
 * Test attempts as the learner takes them (spec 2 §3.4, §4.8, §5.12), on an owner kind's own
 * tables: `owned_test_results` (one row per attempt) and `owned_test_attempt_questions` (one per
 * drawn question, with the order its alternatives are shown in). What finishing does to the
 * owner (blocking, restarting a training) is the owner's (content/routes/learnerTests.ts policy).
 */
import type { AttemptOutcome, AttemptScore, AttemptStatus } from '@lp/shared/rules';
import { CONTENT_STATUS } from '@lp/shared/contract';
import { reusableQuery } from '../../db/reusableQuery.ts';
import type { OwnedDb } from '../ownedDb.ts';

export interface AttemptRow {
  id: number;
  testId: number;
  attemptNumber: number;
  status: AttemptStatus;
  startedAt: string;
  deadlineAt: string | null;
  finishedAt: string | null;
  correctCount: number;
  totalQuestions: number;
  score: number;
  passed: boolean;
  consequence: AttemptOutcome['consequence'] | null;
}

const ATTEMPT_COLUMNS = [
  'id', 'test_id', 'attempt_number', 'status', 'started_at', 'deadline_at', 'finished_at', 'correct_count', 'total_questions', 'score',
  'passed', 'consequence',
] as const;

type RawAttempt = {
  id: number; test_id: number; attempt_number: number; status: string; started_at: string; deadline_at: string | null;
  finished_at: string | null; correct_count: number; total_questions: number; score: number; passed: boolean; consequence: string | null;
};
const toAttempt = (r: RawAttempt): AttemptRow => ({
  id: r.id,
  testId: r.test_id,
  attemptNumber: r.attempt_number,
  status: r.status as AttemptStatus,
  startedAt: r.started_at,
  deadlineAt: r.deadline_at,
  finishedAt: r.finished_at,
  correctCount: Number(r.correct_count),
  totalQuestions: Number(r.total_questions),
  score: Number(r.score),
  passed: r.passed,
  consequence: r.consequence as AttemptRow['consequence'],
});

/** Every attempt of the user at the test, oldest first (wiped ones included: numbering goes on). Compiled once: every start and read asks it. */
const attemptRows = reusableQuery((db: OwnedDb, testId: number, userId: number) => db.selectFrom('owned_test_results').select(ATTEMPT_COLUMNS)
  .where('test_id', '=', testId).where('user_id', '=', userId).orderBy('attempt_number'), [-9201, -9202] as [number, number]);

export async function attemptsOf(db: OwnedDb, testId: number, userId: number): Promise<AttemptRow[]> {
  return (await attemptRows(db, testId, userId)).map(toAttempt);
}

/** The user's own attempt at the test; another user's does not exist for them. */
const attemptRow = reusableQuery((db: OwnedDb, attemptId: number, testId: number, userId: number) => db.selectFrom('owned_test_results').select(ATTEMPT_COLUMNS)
  .where('id', '=', attemptId).where('test_id', '=', testId).where('user_id', '=', userId), [-9211, -9212, -9213] as [number, number, number]);

export async function findAttempt(db: OwnedDb, attemptId: number, testId: number, userId: number): Promise<AttemptRow | undefined> {
  const [row] = await attemptRow(db, attemptId, testId, userId);
  return row && toAttempt(row);
}

export interface PoolQuestion {
  id: number;
  title: string;
  is_mandatory: boolean;
  answers: Array<{ id: number; title: string }>;
}

/** The questions a draw chooses from, in the test's order, with their alternatives (one query). */
export async function questionPool(db: OwnedDb, testId: number): Promise<PoolQuestion[]> {
  const rows = await db.selectFrom('owned_test_questions as q')
    .leftJoin('owned_test_question_answers as a', 'a.question_id', 'q.id')
    .select(['q.id', 'q.title', 'q.is_mandatory', 'a.id as answer_id', 'a.title as answer_title'])
    .where('q.test_id', '=', testId).where('q.status', '!=', CONTENT_STATUS.deleted)
    .orderBy('q.position').orderBy('q.id').orderBy('a.position').orderBy('a.id')
    .execute();
  const byId = new Map<number, PoolQuestion>();
  for (const r of rows) {
    let question = byId.get(r.id);
    if (!question) byId.set(r.id, question = { id: r.id, title: r.title, is_mandatory: r.is_mandatory, answers: [] });
    if (r.answer_id !== null) question.answers.push({ id: r.answer_id, title: r.answer_title ?? '' });
  }
  return [...byId.values()];
}

export interface NewAttempt {
  testId: number;
  userId: number;
  attemptNumber: number;
  startedAt: Date;
  deadlineAt: Date | null;
  /** in the order shown, with the answer ids in the order shown */
  questions: Array<{ questionId: number; answerOrder: number[] }>;
}

/**
 * Writes an attempt and its drawn questions (one batch insert). The unique (test, user,
 * attempt_number) refuses a second attempt started at the same moment: callers read back.
 */
export async function insertAttempt(db: OwnedDb, attempt: NewAttempt): Promise<number> {
  const { id } = await db.insertInto('owned_test_results').values({
    test_id: attempt.testId, user_id: attempt.userId, attempt_number: attempt.attemptNumber, status: 'in_progress',
    started_at: attempt.startedAt, deadline_at: attempt.deadlineAt, finished_at: null, total_questions: attempt.questions.length,
  }).returning('id').executeTakeFirstOrThrow();
  if (attempt.questions.length > 0) {
    await db.insertInto('owned_test_attempt_questions').values(attempt.questions.map((q, i) => ({
      result_id: id, question_id: q.questionId, position: i + 1, answer_order: JSON.stringify(q.answerOrder), answer_id: null, confirmed_at: null, is_correct: null,
    }))).execute();
  }
  return id;
}

export interface DrawnQuestion {
  questionId: number;
  position: number;
  title: string;
  /** alternatives in the order this attempt shows them (never whether they are correct) */
  answers: Array<{ id: number; title: string }>;
  answerId: number | null;
  confirmedAt: string | null;
}

/** The attempt's questions in its order, with their alternatives in its order (one query). */
export async function drawnQuestions(db: OwnedDb, resultId: number): Promise<DrawnQuestion[]> {
  const rows = await db.selectFrom('owned_test_attempt_questions as aq')
    .innerJoin('owned_test_questions as q', 'q.id', 'aq.question_id')
    .leftJoin('owned_test_question_answers as a', 'a.question_id', 'q.id')
    .select(['aq.question_id', 'aq.position', 'aq.answer_order', 'aq.answer_id', 'aq.confirmed_at', 'q.title', 'a.id as alt_id', 'a.title as alt_title'])
    .where('aq.result_id', '=', resultId)
    .orderBy('aq.position')
    .execute();
  const byQuestion = new Map<number, { question: DrawnQuestion; order: number[]; titles: Map<number, string> }>();
  for (const r of rows) {
    let entry = byQuestion.get(r.question_id);
    if (!entry) {
      entry = {
        question: { questionId: r.question_id, position: r.position, title: r.title, answers: [], answerId: r.answer_id, confirmedAt: r.confirmed_at },
        order: r.answer_order,
        titles: new Map(),
      };
      byQuestion.set(r.question_id, entry);
    }
    if (r.alt_id !== null) entry.titles.set(r.alt_id, r.alt_title ?? '');
  }
  return [...byQuestion.values()].map(({ question, order, titles }) => ({
    ...question,
    // the order drawn; an alternative added since the draw is not part of this attempt
    answers: order.flatMap((id) => (titles.has(id) ? [{ id, title: titles.get(id)! }] : [])),
  }));
}

/**
 * Holds the attempt while it is in progress, for the rest of the transaction: a no-op update
 * takes the row lock on Postgres, so an answer and a submit of the same attempt take turns
 * (SQLite runs one transaction at a time). False when the attempt is over.
 */
export async function holdAttemptInProgress(db: OwnedDb, attemptId: number): Promise<boolean> {
  const res = await db.updateTable('owned_test_results').set({ status: 'in_progress' })
    .where('id', '=', attemptId).where('status', '=', 'in_progress').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Saves an answer as it is given; `confirm` makes it final (timed types). A confirmed answer is
 * never overwritten: false when the question was already confirmed.
 */
export async function saveAnswer(db: OwnedDb, resultId: number, questionId: number, answerId: number, confirmAt: Date | null): Promise<boolean> {
  const res = await db.updateTable('owned_test_attempt_questions')
    .set(confirmAt ? { answer_id: answerId, confirmed_at: confirmAt } : { answer_id: answerId })
    .where('result_id', '=', resultId).where('question_id', '=', questionId).where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Ends an attempt that is still in progress: the conditional update lets exactly one of two
 * concurrent finishers through (the other waits for it on Postgres, then finds it over).
 */
export async function claimAttempt(db: OwnedDb, attemptId: number, status: 'finished' | 'expired', finishedAt: Date): Promise<boolean> {
  const res = await db.updateTable('owned_test_results').set({ status, finished_at: finishedAt })
    .where('id', '=', attemptId).where('status', '=', 'in_progress').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Marks each drawn question right or wrong (unanswered is wrong) and, on the timed types, makes
 * every given answer final. Answers the marks, in the attempt's order.
 */
export async function markAnswers(db: OwnedDb, resultId: number, confirmAt: Date | null): Promise<Array<{ correct: boolean }>> {
  const rows = await db.selectFrom('owned_test_attempt_questions as aq')
    .leftJoin('owned_test_question_answers as a', (join) => join.onRef('a.id', '=', 'aq.answer_id').onRef('a.question_id', '=', 'aq.question_id'))
    .select(['aq.id', 'a.is_correct']).where('aq.result_id', '=', resultId).orderBy('aq.position').execute();
  const marks = rows.map((r) => ({ id: r.id, correct: r.is_correct === true }));
  for (const correct of [true, false]) {
    const ids = marks.filter((m) => m.correct === correct).map((m) => m.id);
    if (ids.length) await db.updateTable('owned_test_attempt_questions').set({ is_correct: correct }).where('id', 'in', ids).execute();
  }
  if (confirmAt) {
    await db.updateTable('owned_test_attempt_questions').set({ confirmed_at: confirmAt })
      .where('result_id', '=', resultId).where('answer_id', 'is not', null).where('confirmed_at', 'is', null).execute();
  }
  return marks.map(({ correct }) => ({ correct }));
}

export async function recordResult(db: OwnedDb, attemptId: number, score: AttemptScore, outcome: AttemptOutcome): Promise<void> {
  await db.updateTable('owned_test_results').set({
    correct_count: score.correct_count, total_questions: score.total_questions, score: score.score, passed: outcome.passed, consequence: outcome.consequence,
  }).where('id', '=', attemptId).execute();
}
