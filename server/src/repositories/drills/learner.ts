/**
 * Drills as learners answer them (spec 3 §3 "Drill", §9). A learner of the client meets a
 * published drill within its dates (the spec gives drills no audience); on a drill day they get
 * that day's questions, one at a time, each against its own timer on the server's clock.
 *
 * Storage is the test engine's (owned-content core, DRILL_OWNER): a drill day is one attempt whose
 * attempt number is the day's number among the drill days — two simultaneous opens of a day make
 * one attempt (the unique attempt number) — with that day's questions drawn among those the
 * learner has not had yet. The attempt's `deadline_at` is the deadline of the question being
 * shown: set when it is first shown, cleared when it is answered or times out.
 */
import { randomInt } from 'node:crypto';
import type { LearnerDrillCard, LearnerDrillDay, LearnerDrillQuestion } from '@lp/shared/contract';
import { DRILL_STATUS, drillApproved, drillDayNumber, isDrillDay, questionTimeOver, scoreAttempt, shuffle } from '@lp/shared/rules';
import {
  attemptsOf, claimAttempt, drawnQuestions, insertAttempt, questionPool, recordResult, type AttemptRow, type DrawnQuestion,
} from '../../content/repository/attempts.ts';
import type { OwnedDb } from '../../content/index.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { DrillRow } from '../../db/tables/drill.table.ts';
import { awardPoints } from '../../learning/points.ts';
import type { LearnerContext } from '../learner/context.ts';
import { drillTestId, drillsDb } from './admin.ts';

const cryptoInt = (maxExclusive: number) => randomInt(maxExclusive);

/** The drills open to the learner on `today`: published, of their client, within their dates. */
export function openDrills(db: Db, ctx: LearnerContext, today: string) {
  return db.selectFrom('drills').selectAll()
    .where('client_id', '=', ctx.member ? ctx.clientId : -1)
    .where('status', '=', DRILL_STATUS.published)
    .where('start_date', '<=', today).where('end_date', '>=', today);
}

export async function findOpenDrill(db: Db, ctx: LearnerContext, id: number, today: string): Promise<DrillRow | undefined> {
  return openDrills(db, ctx, today).where('id', '=', id).executeTakeFirst();
}

/** Correct answers of the learner over every drill day. */
async function correctAnswers(odb: OwnedDb, testId: number, userId: number): Promise<number> {
  const row = await odb.selectFrom('owned_test_attempt_questions as aq').innerJoin('owned_test_results as r', 'r.id', 'aq.result_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.test_id', '=', testId).where('r.user_id', '=', userId).where('aq.is_correct', '=', true).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The learner's cards: each open drill, whether today is one of its days and how they stand. */
export async function learnerDrillCards(db: Db, ctx: LearnerContext, today: string): Promise<LearnerDrillCard[]> {
  const rows = await openDrills(db, ctx, today).orderBy('start_date', 'desc').orderBy('id', 'desc').limit(200).execute();
  return Promise.all(rows.map(async (row) => {
    const odb = drillsDb(db);
    const testId = await drillTestId(db, row.id);
    const day = drillDayNumber(row, today);
    const attempts = await attemptsOf(odb, testId, ctx.userId);
    const todays = day === null ? undefined : attempts.find((a) => a.attemptNumber === day);
    return toCard(row, today, todays?.status === 'finished', await correctAnswers(odb, testId, ctx.userId));
  }));
}

const toCard = (row: DrillRow, today: string, doneToday: boolean, correct: number): LearnerDrillCard => ({
  id: row.id, title: row.title, start_date: row.start_date, end_date: row.end_date, drill_day: isDrillDay(row, today), done_today: doneToday,
  approved: drillApproved(correct, row.minimum_score), correct, minimum_score: row.minimum_score,
  qty_questions_frequency: row.qty_questions_frequency, time_to_answer: row.time_to_answer,
});

/** Question ids drawn on the learner's earlier days: a day draws among the others first. */
async function drawnBefore(odb: OwnedDb, testId: number, userId: number): Promise<Set<number>> {
  const rows = await odb.selectFrom('owned_test_attempt_questions as aq').innerJoin('owned_test_results as r', 'r.id', 'aq.result_id')
    .select('aq.question_id').where('r.test_id', '=', testId).where('r.user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.question_id));
}

export type DayRefusal = 'drill_no_questions_today' | 'drill_already_approved';

/**
 * Today's attempt of the learner, made on first open: `qty_questions_frequency` questions drawn at
 * random among those they have not had (then among all), alternatives shuffled when the drill
 * says so. A learner already approved gets no new day unless allow_approved_to_answer.
 */
export async function ensureDay(db: Db, row: DrillRow, userId: number, today: string, now: Date): Promise<AttemptRow | DayRefusal> {
  const day = drillDayNumber(row, today);
  if (day === null) return 'drill_no_questions_today';
  const odb = drillsDb(db);
  const testId = await drillTestId(db, row.id);
  for (let round = 1; round <= 3; round += 1) {
    const existing = (await attemptsOf(odb, testId, userId)).find((a) => a.attemptNumber === day);
    if (existing) return existing;
    if (!row.allow_approved_to_answer && drillApproved(await correctAnswers(odb, testId, userId), row.minimum_score)) return 'drill_already_approved';
    const pool = await questionPool(odb, testId);
    if (!pool.length) return 'drill_no_questions_today';
    const seen = await drawnBefore(odb, testId, userId);
    const fresh = shuffle(pool.filter((q) => !seen.has(q.id)), cryptoInt);
    const again = shuffle(pool.filter((q) => seen.has(q.id)), cryptoInt);
    const chosen = [...fresh, ...again].slice(0, row.qty_questions_frequency);
    try {
      await db.transaction().execute((trx) => insertAttempt(drillsDb(trx), {
        testId, userId, attemptNumber: day, startedAt: now, deadlineAt: null,
        questions: chosen.map((q) => ({ questionId: q.id, answerOrder: (row.randomize_answers ? shuffle(q.answers, cryptoInt) : q.answers).map((a) => a.id) })),
      }));
    } catch (error) {
      // the same learner opened the day at the same moment: theirs stands, read back above
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('drill day could not be opened');
}

export async function findDay(db: Db, testId: number, userId: number, attemptId: number): Promise<AttemptRow | undefined> {
  return (await attemptsOf(drillsDb(db), testId, userId)).find((a) => a.id === attemptId);
}

/** The question shown now: the first one neither answered nor timed out. */
export const currentQuestion = (questions: readonly DrawnQuestion[]): DrawnQuestion | undefined => questions.find((q) => q.confirmedAt === null);

/** Starts the shown question's timer once (a reload does not restart it). */
async function startTimer(odb: OwnedDb, attemptId: number, deadline: Date): Promise<void> {
  await odb.updateTable('owned_test_results').set({ deadline_at: deadline })
    .where('id', '=', attemptId).where('status', '=', 'in_progress').where('deadline_at', 'is', null).execute();
}

/** The shown question ran out of time: it is over, wrong, and the next one has no timer yet. */
async function timeOut(odb: OwnedDb, attempt: AttemptRow, questionId: number, now: Date): Promise<void> {
  await odb.updateTable('owned_test_attempt_questions').set({ confirmed_at: now, is_correct: false })
    .where('result_id', '=', attempt.id).where('question_id', '=', questionId).where('confirmed_at', 'is', null).execute();
  await odb.updateTable('owned_test_results').set({ deadline_at: null }).where('id', '=', attempt.id).execute();
}

/** The day's questions all done: the attempt finishes once, with its score. */
async function finishDay(db: Db, attempt: AttemptRow, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const odb = drillsDb(trx);
    if (!(await claimAttempt(odb, attempt.id, 'finished', now))) return;
    const marks = await odb.selectFrom('owned_test_attempt_questions').select('is_correct').where('result_id', '=', attempt.id).execute();
    const score = scoreAttempt(marks.map((m) => ({ correct: m.is_correct === true })));
    await recordResult(odb, attempt.id, score, { passed: true, consequence: 'none' });
  });
}

/**
 * Brings the day up to the server's clock: the shown question whose time ran out is timed out (and
 * so on), the next shown question's timer started, the day finished when nothing is left.
 */
export async function settleDay(db: Db, row: DrillRow, attempt: AttemptRow, userId: number, now: Date): Promise<void> {
  const odb = drillsDb(db);
  for (;;) {
    const current = await findDay(db, attempt.testId, userId, attempt.id);
    if (!current || current.status !== 'in_progress') return;
    const shown = currentQuestion(await drawnQuestions(odb, attempt.id));
    if (!shown) { await finishDay(db, current, now); return; }
    if (row.time_to_answer === null) return;
    if (current.deadlineAt === null) { await startTimer(odb, attempt.id, new Date(now.getTime() + row.time_to_answer * 1000)); return; }
    if (!questionTimeOver(current.deadlineAt, now)) return;
    await timeOut(odb, current, shown.questionId, now);
  }
}

/** The correct alternative of each question. */
async function correctAlternatives(odb: OwnedDb, questionIds: readonly number[]): Promise<Map<number, number>> {
  if (!questionIds.length) return new Map();
  const rows = await odb.selectFrom('owned_test_question_answers').select(['id', 'question_id'])
    .where('question_id', 'in', [...questionIds]).where('is_correct', '=', true).execute();
  return new Map(rows.map((r) => [r.question_id, r.id]));
}

/** The day as the learner sees it: what was answered (with feedback when the drill shows it) and the question to answer now. */
export async function dayView(db: Db, row: DrillRow, attempt: AttemptRow, userId: number, today: string, now: Date): Promise<LearnerDrillDay> {
  const odb = drillsDb(db);
  const [latest, questions, correct] = await Promise.all([
    findDay(db, attempt.testId, userId, attempt.id), drawnQuestions(odb, attempt.id), correctAnswers(odb, attempt.testId, userId),
  ]);
  const marks = new Map((await odb.selectFrom('owned_test_attempt_questions').select(['question_id', 'is_correct'])
    .where('result_id', '=', attempt.id).execute()).map((m) => [m.question_id, m.is_correct]));
  const rightOnes = row.show_feedback ? await correctAlternatives(odb, questions.map((q) => q.questionId)) : new Map<number, number>();
  const shown = latest?.status === 'in_progress' ? currentQuestion(questions) : undefined;
  const answered: LearnerDrillQuestion[] = questions.filter((q) => q.confirmedAt !== null).map((q) => ({
    id: q.questionId, position: q.position, title: q.title, answers: q.answers, answer_id: q.answerId, timed_out: q.answerId === null,
    correct: row.show_feedback ? marks.get(q.questionId) === true : null,
    correct_answer_id: row.show_feedback ? rightOnes.get(q.questionId) ?? null : null,
  }));
  return {
    ...toCard(row, today, latest?.status === 'finished', correct),
    description: row.description, show_feedback: row.show_feedback, date: today, answered,
    current: shown ? { id: shown.questionId, position: shown.position, title: shown.title, answers: shown.answers, deadline_at: latest?.deadlineAt ?? null } : null,
    total_today: questions.length,
    server_now: now.toISOString(),
  };
}

export type AnswerOutcome = { kind: 'saved'; correct: boolean; correctAnswerId: number | null } | { kind: 'time_expired' } | { kind: 'not_current' } | { kind: 'over' } | { kind: 'invalid_answer' };

/**
 * Records the answer to the shown question, on the server's clock: refused when it is not the
 * question shown, when its time is over (it is timed out then) or when the day is over. One
 * conditional update: of two answers at once, one is recorded. Awards the drill's points once,
 * in the same transaction, when the correct answers reach the minimum score.
 */
export async function answerShown(
  db: Db, row: DrillRow, attempt: AttemptRow, ctx: Pick<LearnerContext, 'clientId' | 'userId'>, questionId: number, answerId: number, now: Date,
): Promise<AnswerOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<AnswerOutcome> => {
    const odb = drillsDb(trx);
    // the no-op update holds the day's row (Postgres) so an answer and a time-out take turns
    const held = await odb.updateTable('owned_test_results').set({ status: 'in_progress' })
      .where('id', '=', attempt.id).where('status', '=', 'in_progress').returning(['deadline_at']).executeTakeFirst();
    if (!held) return { kind: 'over' };
    const shown = currentQuestion(await drawnQuestions(odb, attempt.id));
    if (!shown || shown.questionId !== questionId) return { kind: 'not_current' };
    if (!shown.answers.some((a) => a.id === answerId)) return { kind: 'invalid_answer' };
    if (row.time_to_answer !== null && (held.deadline_at === null || questionTimeOver(held.deadline_at, now))) {
      // spec 3 §3 time_to_answer: past the deadline the answer is refused and the question is over
      // (a question never shown through the day's view has no timer: it cannot be answered blind)
      if (held.deadline_at !== null) await timeOut(odb, attempt, questionId, now);
      return { kind: 'time_expired' };
    }
    const right = await correctAlternatives(odb, [questionId]);
    const correct = right.get(questionId) === answerId;
    const saved = await odb.updateTable('owned_test_attempt_questions').set({ answer_id: answerId, confirmed_at: now, is_correct: correct })
      .where('result_id', '=', attempt.id).where('question_id', '=', questionId).where('confirmed_at', 'is', null).executeTakeFirst();
    if (Number(saved.numUpdatedRows) !== 1) return { kind: 'not_current' };
    await odb.updateTable('owned_test_results').set({ deadline_at: null }).where('id', '=', attempt.id).execute();
    if (correct && drillApproved(await correctAnswers(odb, attempt.testId, ctx.userId), row.minimum_score)) {
      // spec 3 §3 score: points when approved, once (the ledger's unique key)
      await awardPoints(trx, { clientId: ctx.clientId, userId: ctx.userId, points: row.score ?? 0, reason: 'drill_approved', contentType: 'drill', contentId: row.id });
    }
    return { kind: 'saved', correct, correctAnswerId: right.get(questionId) ?? null };
  });
  await settleDay(db, row, attempt, ctx.userId, now);
  return outcome;
}
