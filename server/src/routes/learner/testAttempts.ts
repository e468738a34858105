/**
 * The test engine's steps shared by its routes (spec 2 §4.8, §5.12): which test the learner
 * reaches, what an attempt looks like on the wire, and finishing an attempt — by submit or by
 * running out of time — with its consequences, in one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  attemptOutcome, attemptWireStatus, attemptsLeft, isPastDeadline, isTimedTestType, scoreAttempt,
  type Attempt, type AttemptRecord, type LockReason,
} from '@lp/shared';
import type { EnrollmentStatus } from '../../db/tables/learning.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { isInTrainingAudience } from '../../repositories/trainingAudience.ts';
import {
  attemptsOf, blockEnrollment, claimAttempt, drawnQuestions, enrollmentStatus, findAttempt, findPublishedTest, markAnswers, recordResult,
  touchEnrollment, wipeTrainingProgress, type AttemptRow, type DrawnQuestion, type LearnerTestRow,
} from '../../repositories/learner/attempts.ts';

export interface TestContext extends LearnerTestRow {
  clientId: number;
  userId: number;
  enrollment: EnrollmentStatus | null;
  /** spec 2 §4.8 types 6 and 7 */
  timed: boolean;
}

/** The attempts as the shared rules read them. */
export const attemptRecords = (rows: readonly AttemptRow[]): AttemptRecord[] =>
  rows.map((r) => ({ id: r.id, attempt_number: r.attemptNumber, status: r.status, passed: r.passed }));

export const trainingNotFound = () => new HttpError(404, 'not_found', 'Training not found');

/**
 * The published test of a published training of the selected client whose audience holds the
 * user; anything else answers 404 "Training not found" (it does not exist for this learner).
 */
export async function testContextOr404(app: FastifyInstance, request: FastifyRequest, trainingId: number, testId: number): Promise<TestContext> {
  const clientId = clientOf(request);
  const userId = authOf(request).user.id;
  const [test, audience, enrollment] = await Promise.all([
    findPublishedTest(app.db, clientId, trainingId, testId),
    isInTrainingAudience(app.db, clientId, trainingId, userId),
    enrollmentStatus(app.db, userId, trainingId),
  ]);
  if (!test || !audience) throw trainingNotFound();
  return { ...test, clientId, userId, enrollment, timed: isTimedTestType(test.slug) };
}

/** spec 2 §4.8, §5.8, §8: why the learner may not open the test now. */
export function refuseLock(reason: LockReason | null): void {
  if (reason === 'blocked') throw new HttpError(403, 'training_blocked', 'You are blocked in this training');
  if (reason === 'not_yet_available') throw new HttpError(403, 'test_not_yet_available', 'Test not yet available, please wait');
  if (reason === 'prerequisite') throw new HttpError(403, 'activity_locked_prerequisite', 'Complete the previous activity first');
}

/** The attempt as the learner sees it: never which alternative is correct. */
export function attemptAnswer(
  ctx: Pick<TestContext, 'timed' | 'slug' | 'maximumAttempts'>, row: AttemptRow, questions: readonly DrawnQuestion[], attempts: readonly AttemptRow[], now: Date,
): Attempt {
  const over = row.status !== 'in_progress';
  return {
    id: row.id,
    attempt_number: row.attemptNumber,
    status: attemptWireStatus(row.status, row.deadlineAt, row.finishedAt),
    timed: ctx.timed,
    one_at_a_time: ctx.timed,
    started_at: row.startedAt,
    deadline_at: row.deadlineAt,
    server_now: now.toISOString(),
    questions: questions.map((q) => ({
      id: q.questionId, position: q.position, title: q.title, answers: q.answers, answer_id: q.answerId, confirmed: q.confirmedAt !== null,
    })),
    result: over ? {
      correct_count: row.correctCount,
      total_questions: row.totalQuestions,
      score: row.score,
      passed: row.passed,
      consequence: row.consequence ?? 'none',
      // what is left now: after a restart the learner has every attempt again
      attempts_left: attemptsLeft(ctx.slug, ctx.maximumAttempts, attemptRecords(attempts)),
    } : null,
  };
}

/** Reads the attempt again and answers it. */
export async function loadAttemptAnswer(app: FastifyInstance, ctx: TestContext, attemptId: number, now: Date): Promise<Attempt> {
  const [row, questions, attempts] = await Promise.all([
    findAttempt(app.db, attemptId, ctx.testId, ctx.userId),
    drawnQuestions(app.db, attemptId),
    attemptsOf(app.db, ctx.testId, ctx.userId),
  ]);
  if (!row) throw new HttpError(404, 'not_found', 'Attempt not found');
  return attemptAnswer(ctx, row, questions, attempts, now);
}

/** The server's clock (spec 2 §4.8): a timed attempt still open past its deadline is over. */
export const ranOutOfTime = (ctx: Pick<TestContext, 'timed'>, row: AttemptRow, now: Date): boolean =>
  ctx.timed && row.status === 'in_progress' && isPastDeadline(row.deadlineAt, now);

/**
 * Finishes an attempt in one transaction: scores what was answered (an expired attempt ends at
 * its deadline), passes on the minimum number of correct answers, and on failing the last
 * allowed attempt blocks the learner or restarts the training (spec 2 §4.8); then reports the
 * progress. Only the first of concurrent finishers does anything: the others find it over.
 */
export async function finishAttempt(app: FastifyInstance, ctx: TestContext, row: AttemptRow, kind: 'finished' | 'expired', now: Date): Promise<void> {
  const finishedAt = kind === 'expired' && row.deadlineAt ? new Date(row.deadlineAt) : now;
  await app.db.transaction().execute(async (trx) => {
    if (!(await claimAttempt(trx, row.id, kind, finishedAt))) return;
    const marks = await markAnswers(trx, row.id, ctx.timed ? now : null);
    const score = scoreAttempt(marks);
    const left = attemptsLeft(ctx.slug, ctx.maximumAttempts, attemptRecords(await attemptsOf(trx, ctx.testId, ctx.userId)));
    const outcome = attemptOutcome(ctx.slug, score.correct_count, ctx.minimumScore, left);
    await recordResult(trx, row.id, score, outcome);
    if (outcome.consequence === 'blocked') await blockEnrollment(trx, ctx.userId, ctx.trainingId, now);
    else if (outcome.consequence === 'restarted') await wipeTrainingProgress(trx, ctx.userId, ctx.trainingId, now);
    else await touchEnrollment(trx, ctx.userId, ctx.trainingId, now);
    await app.learning.progressChanged({
      db: trx, clientId: ctx.clientId, userId: ctx.userId, trainingId: ctx.trainingId, cause: outcome.consequence === 'restarted' ? 'restart' : 'test',
    });
  });
}
