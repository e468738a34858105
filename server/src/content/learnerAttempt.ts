/**
 * The test engine's wire shape (spec 2 §4.8, §5.12): the test a learner reaches, and an
 * attempt as the learner sees it — never which alternative is correct.
 */
import { attemptWireStatus, attemptsLeft, isPastDeadline, isTimedTestType, type AttemptRecord } from '@lp/shared/rules';
import type { Attempt } from '@lp/shared/contract';
import type { AttemptRow, DrawnQuestion } from './repository/attempts.ts';
import type { OwnedTestRow } from './tables.ts';

/** A published test as one learner takes it. */
export interface LearnerTestContext {
  ownerId: number;
  testId: number;
  userId: number;
  /** the test type's slug */
  slug: string;
  /** spec 2 §4.8 types 6 and 7 */
  timed: boolean;
  avaliableIn: string | null;
  randomizeQuestions: boolean;
  randomizeAnswers: boolean;
  qtyTotalQuestions: number | null;
  minimumScore: number | null;
  maximumAttempts: number;
  timeToAnswer: string | null;
}

/** The context of `userId` at a published test (content/repository/tests.ts findPublishedTest). */
export function learnerTestContext(test: OwnedTestRow & { slug: string }, userId: number): LearnerTestContext {
  return {
    ownerId: test.owner_id,
    testId: test.id,
    userId,
    slug: test.slug,
    timed: isTimedTestType(test.slug),
    avaliableIn: test.avaliable_in,
    randomizeQuestions: test.randomize_questions,
    randomizeAnswers: test.randomize_answers,
    qtyTotalQuestions: test.qty_total_questions,
    minimumScore: test.minimum_score,
    maximumAttempts: test.maximum_attempts,
    timeToAnswer: test.time_to_answer,
  };
}

/** The attempts as the shared rules read them. */
export const attemptRecords = (rows: readonly AttemptRow[]): AttemptRecord[] =>
  rows.map((r) => ({ id: r.id, attempt_number: r.attemptNumber, status: r.status, passed: r.passed }));

/** The server's clock (spec 2 §4.8): a timed attempt still open past its deadline is over. */
export const ranOutOfTime = (ctx: Pick<LearnerTestContext, 'timed'>, row: AttemptRow, now: Date): boolean =>
  ctx.timed && row.status === 'in_progress' && isPastDeadline(row.deadlineAt, now);

/** The attempt as the learner sees it: never which alternative is correct. */
export function attemptAnswer(
  ctx: Pick<LearnerTestContext, 'timed' | 'slug' | 'maximumAttempts'>, row: AttemptRow, questions: readonly DrawnQuestion[], attempts: readonly AttemptRow[], now: Date,
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
