/**
 * Test attempts as the learner takes them (spec 2 §3.4, §4.8, §5.12): the published test a
 * learner may take, the enrollment, the questions drawn for an attempt with the order of their
 * answers, answers saved one by one, and what finishing writes — the score, and blocking or
 * restarting the learner in the training. Rows: group_training_test_results (one per attempt)
 * and group_training_test_attempt_questions (one per drawn question).
 */
import { sql } from 'kysely';
import {
  CONTENT_STATUS, COUNTED_ATTEMPT_STATUSES, type AttemptStatus, type AttemptScore, type AttemptOutcome,
} from '@lp/shared';
import type { Db } from '../../db/database.ts';
import { parseJson, toBool, toIso } from '../../db/dialect.ts';
import type { EnrollmentStatus } from '../../db/tables/learning.table.ts';

const PUBLISHED = CONTENT_STATUS.published;

/**
 * Where one owner of tests keeps its learner attempts: the group training's tables, or the
 * webcast's of the same columns (webcast_test_results, webcast_test_attempt_questions …). The
 * attempt functions below take them last; the queries are typed against the training tables.
 */
export interface AttemptTables {
  results: string;
  attemptQuestions: string;
  questions: string;
  answers: string;
}
export const GROUP_TRAINING_ATTEMPT_TABLES: AttemptTables = {
  results: 'group_training_test_results',
  attemptQuestions: 'group_training_test_attempt_questions',
  questions: 'group_training_test_questions',
  answers: 'group_training_test_question_answers',
};
const T = GROUP_TRAINING_ATTEMPT_TABLES;
const resultsOf = (t: AttemptTables) => t.results as 'group_training_test_results';
const attemptQuestionsOf = (t: AttemptTables) => t.attemptQuestions as 'group_training_test_attempt_questions';

/** A published test of a published training of the client, with its type's slug. */
export interface LearnerTestRow {
  trainingId: number;
  testId: number;
  slug: string;
  avaliableIn: string | null;
  randomizeQuestions: boolean;
  randomizeAnswers: boolean;
  qtyTotalQuestions: number | null;
  minimumScore: number | null;
  maximumAttempts: number;
  timeToAnswer: string | null;
}

/** spec 2 §4.1: learners reach only published tests of published trainings of their client. */
export async function findPublishedTest(db: Db, clientId: number, trainingId: number, testId: number): Promise<LearnerTestRow | undefined> {
  const row = await db.selectFrom('group_training_tests as t')
    .innerJoin('group_trainings as g', 'g.id', 't.group_training_id')
    .innerJoin('group_training_test_types as tt', 'tt.id', 't.test_type_id')
    .select([
      't.id', 't.group_training_id', 'tt.slug', 't.avaliable_in', 't.randomize_questions', 't.randomize_answers', 't.qty_total_questions',
      't.minimum_score', 't.maximum_attempts', 't.time_to_answer',
    ])
    .where('t.id', '=', testId).where('g.id', '=', trainingId).where('g.client_id', '=', clientId)
    .where('g.status', '=', PUBLISHED).where('t.status', '=', PUBLISHED)
    .executeTakeFirst();
  return row && {
    trainingId: row.group_training_id,
    testId: row.id,
    slug: row.slug,
    avaliableIn: row.avaliable_in,
    randomizeQuestions: toBool(row.randomize_questions),
    randomizeAnswers: toBool(row.randomize_answers),
    qtyTotalQuestions: row.qty_total_questions,
    minimumScore: row.minimum_score,
    maximumAttempts: row.maximum_attempts,
    timeToAnswer: row.time_to_answer,
  };
}

export async function enrollmentStatus(db: Db, userId: number, trainingId: number): Promise<EnrollmentStatus | null> {
  const row = await db.selectFrom('group_training_enrollments').select('status')
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).executeTakeFirst();
  return row?.status ?? null;
}

/** Enrolls the learner on their first attempt; a learner not started becomes ongoing. Safe under concurrency. */
export async function ensureEnrollment(db: Db, userId: number, trainingId: number, now: Date): Promise<void> {
  const status = sql.ref<string>('group_training_enrollments.status');
  await db.insertInto('group_training_enrollments')
    .values({ user_id: userId, group_training_id: trainingId, status: 'ongoing', started_at: now, last_activity_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'group_training_id']).doUpdateSet({
      last_activity_at: now,
      status: sql<EnrollmentStatus>`case when ${status} = 'not_started' then 'ongoing' else ${status} end`,
    }))
    .execute();
}

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
  id: number; test_id: number; attempt_number: number; status: string; started_at: Date | string; deadline_at: Date | string | null;
  finished_at: Date | string | null; correct_count: number; total_questions: number; score: number; passed: boolean | number; consequence: string | null;
};
const toAttempt = (r: RawAttempt): AttemptRow => ({
  id: r.id,
  testId: r.test_id,
  attemptNumber: r.attempt_number,
  status: r.status as AttemptStatus,
  startedAt: toIso(r.started_at)!,
  deadlineAt: toIso(r.deadline_at),
  finishedAt: toIso(r.finished_at),
  correctCount: Number(r.correct_count),
  totalQuestions: Number(r.total_questions),
  score: Number(r.score),
  passed: toBool(r.passed),
  consequence: r.consequence as AttemptRow['consequence'],
});

/** Every attempt of the user at the test, oldest first (wiped ones included: numbering goes on). */
export async function attemptsOf(db: Db, testId: number, userId: number, t: AttemptTables = T): Promise<AttemptRow[]> {
  const rows = await db.selectFrom(resultsOf(t)).select(ATTEMPT_COLUMNS)
    .where('test_id', '=', testId).where('user_id', '=', userId).orderBy('attempt_number').execute();
  return rows.map(toAttempt);
}

/** The user's own attempt at the test; another user's does not exist for them. */
export async function findAttempt(db: Db, attemptId: number, testId: number, userId: number, t: AttemptTables = T): Promise<AttemptRow | undefined> {
  const row = await db.selectFrom(resultsOf(t)).select(ATTEMPT_COLUMNS)
    .where('id', '=', attemptId).where('test_id', '=', testId).where('user_id', '=', userId).executeTakeFirst();
  return row && toAttempt(row);
}

export interface PoolQuestion {
  id: number;
  title: string;
  is_mandatory: boolean;
  answers: Array<{ id: number; title: string }>;
}

/** The questions a draw chooses from, in the test's order, with their alternatives (one query). */
export async function questionPool(db: Db, testId: number, t: AttemptTables = T): Promise<PoolQuestion[]> {
  const rows = await db.selectFrom(`${t.questions} as q` as 'group_training_test_questions as q')
    .leftJoin(`${t.answers} as a` as 'group_training_test_question_answers as a', 'a.question_id', 'q.id')
    .select(['q.id', 'q.title', 'q.is_mandatory', 'a.id as answer_id', 'a.title as answer_title'])
    .where('q.test_id', '=', testId).where('q.status', '!=', CONTENT_STATUS.deleted)
    .orderBy('q.position').orderBy('q.id').orderBy('a.position').orderBy('a.id')
    .execute();
  const byId = new Map<number, PoolQuestion>();
  for (const r of rows) {
    let question = byId.get(r.id);
    if (!question) byId.set(r.id, question = { id: r.id, title: r.title, is_mandatory: toBool(r.is_mandatory), answers: [] });
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
export async function insertAttempt(db: Db, attempt: NewAttempt, t: AttemptTables = T): Promise<number> {
  const { id } = await db.insertInto(resultsOf(t)).values({
    test_id: attempt.testId, user_id: attempt.userId, attempt_number: attempt.attemptNumber, status: 'in_progress',
    started_at: attempt.startedAt, deadline_at: attempt.deadlineAt, finished_at: null, total_questions: attempt.questions.length,
  }).returning('id').executeTakeFirstOrThrow();
  if (attempt.questions.length > 0) {
    await db.insertInto(attemptQuestionsOf(t)).values(attempt.questions.map((q, i) => ({
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
export async function drawnQuestions(db: Db, resultId: number, t: AttemptTables = T): Promise<DrawnQuestion[]> {
  const rows = await db.selectFrom(`${t.attemptQuestions} as aq` as 'group_training_test_attempt_questions as aq')
    .innerJoin(`${t.questions} as q` as 'group_training_test_questions as q', 'q.id', 'aq.question_id')
    .leftJoin(`${t.answers} as a` as 'group_training_test_question_answers as a', 'a.question_id', 'q.id')
    .select(['aq.question_id', 'aq.position', 'aq.answer_order', 'aq.answer_id', 'aq.confirmed_at', 'q.title', 'a.id as alt_id', 'a.title as alt_title'])
    .where('aq.result_id', '=', resultId)
    .orderBy('aq.position')
    .execute();
  const byQuestion = new Map<number, { question: DrawnQuestion; order: number[]; titles: Map<number, string> }>();
  for (const r of rows) {
    let entry = byQuestion.get(r.question_id);
    if (!entry) {
      entry = {
        question: { questionId: r.question_id, position: r.position, title: r.title, answers: [], answerId: r.answer_id, confirmedAt: toIso(r.confirmed_at) },
        order: parseJson<number[]>(r.answer_order, []),
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
export async function holdAttemptInProgress(db: Db, attemptId: number, t: AttemptTables = T): Promise<boolean> {
  const res = await db.updateTable(resultsOf(t)).set({ status: 'in_progress' })
    .where('id', '=', attemptId).where('status', '=', 'in_progress').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Saves an answer as it is given; `confirm` makes it final (timed types). A confirmed answer is
 * never overwritten: false when the question was already confirmed.
 */
export async function saveAnswer(
  db: Db, resultId: number, questionId: number, answerId: number, confirmAt: Date | null, t: AttemptTables = T,
): Promise<boolean> {
  const res = await db.updateTable(attemptQuestionsOf(t))
    .set(confirmAt ? { answer_id: answerId, confirmed_at: confirmAt } : { answer_id: answerId })
    .where('result_id', '=', resultId).where('question_id', '=', questionId).where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Ends an attempt that is still in progress: the conditional update lets exactly one of two
 * concurrent finishers through (the other waits for it on Postgres, then finds it over).
 */
export async function claimAttempt(db: Db, attemptId: number, status: 'finished' | 'expired', finishedAt: Date, t: AttemptTables = T): Promise<boolean> {
  const res = await db.updateTable(resultsOf(t)).set({ status, finished_at: finishedAt })
    .where('id', '=', attemptId).where('status', '=', 'in_progress').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Marks each drawn question right or wrong (unanswered is wrong) and, on the timed types, makes
 * every given answer final. Answers the marks, in the attempt's order.
 */
export async function markAnswers(db: Db, resultId: number, confirmAt: Date | null, t: AttemptTables = T): Promise<Array<{ correct: boolean }>> {
  const rows = await db.selectFrom(`${t.attemptQuestions} as aq` as 'group_training_test_attempt_questions as aq')
    .leftJoin(`${t.answers} as a` as 'group_training_test_question_answers as a', (join) => join.onRef('a.id', '=', 'aq.answer_id').onRef('a.question_id', '=', 'aq.question_id'))
    .select(['aq.id', 'a.is_correct']).where('aq.result_id', '=', resultId).orderBy('aq.position').execute();
  const marks = rows.map((r) => ({ id: r.id, correct: toBool(r.is_correct) }));
  for (const correct of [true, false]) {
    const ids = marks.filter((m) => m.correct === correct).map((m) => m.id);
    if (ids.length) await db.updateTable(attemptQuestionsOf(t)).set({ is_correct: correct }).where('id', 'in', ids).execute();
  }
  if (confirmAt) {
    await db.updateTable(attemptQuestionsOf(t)).set({ confirmed_at: confirmAt })
      .where('result_id', '=', resultId).where('answer_id', 'is not', null).where('confirmed_at', 'is', null).execute();
  }
  return marks.map(({ correct }) => ({ correct }));
}

export async function recordResult(db: Db, attemptId: number, score: AttemptScore, outcome: AttemptOutcome, t: AttemptTables = T): Promise<void> {
  await db.updateTable(resultsOf(t)).set({
    correct_count: score.correct_count, total_questions: score.total_questions, score: score.score, passed: outcome.passed, consequence: outcome.consequence,
  }).where('id', '=', attemptId).execute();
}

/** The learner touched the training (the home's "next steps" put recent ones first). */
export async function touchEnrollment(db: Db, userId: number, trainingId: number, now: Date): Promise<void> {
  await db.updateTable('group_training_enrollments').set({ last_activity_at: now })
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
}

/** spec 2 §4.8 block types: the learner opens nothing more in the training and gets no certificate. */
export async function blockEnrollment(db: Db, userId: number, trainingId: number, now: Date): Promise<void> {
  await db.updateTable('group_training_enrollments').set({ status: 'blocked', blocked_at: now, last_activity_at: now })
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
}

/**
 * spec 2 §4.8 restart types ("failing the last attempt resets all training activities"): the
 * learner's module progress (SCORM data included) and reaction-evaluation answers in the
 * training are deleted; their test attempts are kept with status 'restarted' — they no longer
 * count for the learner, but the administrator still sees that the tests were taken
 * (qty_user_results, the §4.4 locks); the enrollment is ongoing again, restart_count + 1.
 * Certificates already issued stay. Run in a transaction.
 */
export async function wipeTrainingProgress(db: Db, userId: number, trainingId: number, now: Date): Promise<void> {
  await db.deleteFrom('group_training_module_progress').where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
  await db.updateTable('group_training_test_results')
    .set({ status: 'restarted', finished_at: sql<Date>`coalesce(finished_at, ${now})` })
    .where('user_id', '=', userId)
    .where('status', 'in', [...COUNTED_ATTEMPT_STATUSES])
    .where('test_id', 'in', (eb) => eb.selectFrom('group_training_tests').select('id').where('group_training_id', '=', trainingId))
    .execute();
  await db.deleteFrom('group_training_evaluation_answers')
    .where('user_id', '=', userId)
    .where('evaluation_id', 'in', (eb) => eb.selectFrom('group_training_evaluations').select('id').where('group_training_id', '=', trainingId))
    .execute();
  await db.updateTable('group_training_enrollments').set((eb) => ({
    status: 'ongoing', completed_at: null, blocked_at: null, restart_count: eb('restart_count', '+', 1), last_activity_at: now,
  })).where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
}
