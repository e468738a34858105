/**
 * The test engine's rules (spec 2 §3.4, §4.8, §5.12): which questions an attempt draws and in
 * what order, when a learner may start, answer and finish, how an attempt is scored and what
 * failing does. The server applies them; the portal may read them to explain what it shows.
 */
import { allowedAttempts, attemptPasses, failureConsequence, isTestDone, isTimedTestType } from './activities.ts';

/** A source of uniform whole numbers in [0, maxExclusive). */
export type RandomInt = (maxExclusive: number) => number;

/**
 * Uniform integers from the platform's cryptographic generator (Web Crypto, in browsers and
 * Node), by rejection sampling so that no value is favoured.
 */
export const cryptoRandomInt: RandomInt = (maxExclusive) => {
  if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > 2 ** 32) throw new RangeError('maxExclusive out of range');
  const limit = 2 ** 32 - (2 ** 32 % maxExclusive);
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return value % maxExclusive;
  }
};

/** A shuffled copy (Fisher–Yates): every order equally likely given a uniform `randomInt`. */
export function shuffle<T>(items: readonly T[], randomInt: RandomInt = cryptoRandomInt): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * Questions an attempt shows (spec 2 §3.4 qty_total_questions: "blank means all"): never more
 * than the test has, never fewer than its mandatory ones (§5.3 keeps them apart; a question set
 * changed since keeps the mandatory ones in).
 */
export function questionsPerAttempt(live: number, mandatory: number, qtyTotalQuestions: number | null | undefined): number {
  if (qtyTotalQuestions === null || qtyTotalQuestions === undefined || qtyTotalQuestions <= 0) return live;
  return Math.min(live, Math.max(mandatory, qtyTotalQuestions));
}

/** spec 2 §4.8: timed types show their questions "in random order", whatever the flag says. */
export const shufflesQuestions = (slug: string, randomizeQuestions: boolean): boolean => randomizeQuestions || isTimedTestType(slug);

export interface DrawCandidate {
  id: number;
  is_mandatory: boolean;
}

/**
 * The questions of one attempt, in the order it shows them: every mandatory question, then
 * the rest chosen at random up to `questionsPerAttempt`; in the test's order, or shuffled.
 * `questions` come in the test's order.
 */
export function drawQuestions(
  questions: readonly DrawCandidate[], qtyTotalQuestions: number | null | undefined, shuffleOrder: boolean, randomInt: RandomInt = cryptoRandomInt,
): number[] {
  const mandatory = questions.filter((q) => q.is_mandatory);
  const size = questionsPerAttempt(questions.length, mandatory.length, qtyTotalQuestions);
  const optional = shuffle(questions.filter((q) => !q.is_mandatory), randomInt).slice(0, Math.max(0, size - mandatory.length));
  const chosen = new Set([...mandatory, ...optional].map((q) => q.id));
  const drawn = questions.filter((q) => chosen.has(q.id));
  return (shuffleOrder ? shuffle(drawn, randomInt) : drawn).map((q) => q.id);
}

/** spec 2 §3.4 time_to_answer "HH:mm:ss" in seconds; null when blank, malformed or zero. */
export function timeToAnswerSeconds(text: string | null | undefined): number | null {
  const match = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return seconds > 0 ? seconds : null;
}

/** When a timed attempt ends (spec 2 §4.8 types 6 and 7); other types have no deadline. */
export function attemptDeadline(slug: string, startedAt: Date, timeToAnswer: string | null | undefined): Date | null {
  if (!isTimedTestType(slug)) return null;
  const seconds = timeToAnswerSeconds(timeToAnswer);
  return seconds === null ? null : new Date(startedAt.getTime() + seconds * 1000);
}

/** The server's clock decides: at the deadline the time is up. */
export function isPastDeadline(deadline: Date | string | null | undefined, now: Date): boolean {
  if (deadline === null || deadline === undefined) return false;
  return now.getTime() >= new Date(deadline).getTime();
}

/**
 * Stored attempt states. An attempt wiped by a restart (spec 2 §4.7 result "restarted") stays
 * for the administrator's count of realizations (§3.4 qty_user_results, §4.4 locks) but no
 * longer counts for the learner: neither as an attempt used nor as a pass.
 */
export type AttemptStatus = 'in_progress' | 'finished' | 'expired' | 'restarted';
/** Attempts that count for the learner (used attempts). */
export const COUNTED_ATTEMPT_STATUSES = ['in_progress', 'finished', 'expired'] as const;
/** Attempts that are over and count (done, best result, prerequisites). */
export const FINISHED_ATTEMPT_STATUSES = ['finished', 'expired'] as const;

export interface AttemptRecord {
  id: number;
  attempt_number: number;
  status: AttemptStatus | string;
  passed: boolean;
}

const counts = (a: AttemptRecord) => (COUNTED_ATTEMPT_STATUSES as readonly string[]).includes(a.status);
const isOver = (a: AttemptRecord) => (FINISHED_ATTEMPT_STATUSES as readonly string[]).includes(a.status);

/**
 * Whether a passed test may be taken again. Passing ends conventional, block and restart tests
 * ("until the minimum score is reached") and the timed ones (one attempt); the quizzes do not
 * count in the final result, so the learner may practise on them again.
 */
export const retakeAfterPassing = (slug: string): boolean => slug === 'evaluated_quiz' || slug === 'unevaluated_quiz';

/** Attempts left at a test now (null = unlimited). */
export function attemptsLeft(slug: string, maximumAttempts: number | null | undefined, attempts: readonly AttemptRecord[]): number | null {
  const allowed = allowedAttempts(slug, maximumAttempts);
  return allowed === null ? null : Math.max(0, allowed - attempts.filter(counts).length);
}

export type StartDecision =
  | { kind: 'resume'; attemptId: number }
  | { kind: 'new'; attemptNumber: number }
  | { kind: 'refused'; code: 'test_already_passed' | 'no_attempts_left' };

/**
 * What starting a test does: an attempt in progress is resumed (never a second one); a passed
 * test is not retaken unless the type allows; the type's attempts are enforced (spec 2 §4.8).
 * Attempt numbers keep growing across restarts, so every stored attempt keeps its own number.
 */
export function decideStart(slug: string, maximumAttempts: number | null | undefined, attempts: readonly AttemptRecord[]): StartDecision {
  const inProgress = attempts.find((a) => a.status === 'in_progress');
  if (inProgress) return { kind: 'resume', attemptId: inProgress.id };
  const over = attempts.filter(isOver);
  if (!retakeAfterPassing(slug) && isTestDone(slug, over)) return { kind: 'refused', code: 'test_already_passed' };
  if (attemptsLeft(slug, maximumAttempts, attempts) === 0) return { kind: 'refused', code: 'no_attempts_left' };
  const last = attempts.reduce((max, a) => Math.max(max, a.attempt_number), 0);
  return { kind: 'new', attemptNumber: last + 1 };
}

export interface AttemptScore {
  correct_count: number;
  total_questions: number;
  /** share of correct answers, 0–100 with two decimals */
  score: number;
}

/** Scores the drawn questions: one point per correct answer; unanswered ones are wrong. */
export function scoreAttempt(questions: readonly { correct: boolean }[]): AttemptScore {
  const total = questions.length;
  const correct = questions.filter((q) => q.correct).length;
  return { correct_count: correct, total_questions: total, score: total === 0 ? 0 : Math.round((correct * 10000) / total) / 100 };
}

export interface AttemptOutcome {
  passed: boolean;
  consequence: 'none' | 'blocked' | 'restarted';
}

/**
 * What finishing an attempt means (spec 2 §4.8): it passes on the minimum number of correct
 * answers; failing the last allowed attempt of a block or restart type blocks the learner or
 * restarts the training. `attemptsLeftAfter` counts this attempt as used.
 */
export function attemptOutcome(slug: string, correct: number, minimumScore: number | null | undefined, attemptsLeftAfter: number | null): AttemptOutcome {
  const passed = attemptPasses(slug, correct, minimumScore);
  const consequence = !passed && attemptsLeftAfter === 0 ? failureConsequence(slug) : 'none';
  return { passed, consequence };
}

export interface DrawnQuestionState {
  position: number;
  answer_id: number | null;
  confirmed: boolean;
}

export type AnswerRefusal = 'answer_already_confirmed' | 'previous_question_not_confirmed';

/**
 * Whether an answer may be saved (spec 2 §4.8): until the attempt ends any answer may change,
 * except on the timed types, which go one question at a time — a question is answered only
 * once every earlier one is confirmed, and a confirmed answer is final (sending it again is a
 * harmless retry).
 */
export function answerRefusal(timed: boolean, question: DrawnQuestionState, all: readonly DrawnQuestionState[], answerId: number): AnswerRefusal | null {
  if (!timed) return null;
  if (question.confirmed) return question.answer_id === answerId ? null : 'answer_already_confirmed';
  if (all.some((q) => q.position < question.position && !q.confirmed)) return 'previous_question_not_confirmed';
  return null;
}

/** spec 2 §4.8, §5.12: "All questions must be answered before finishing". */
export const allAnswered = (questions: readonly { answer_id: number | null }[]): boolean => questions.every((q) => q.answer_id !== null);

/**
 * The state the learner sees: an attempt wiped by a restart is over — expired when it ran to
 * its deadline, finished otherwise.
 */
export function attemptWireStatus(
  status: AttemptStatus | string, deadline: Date | string | null, finishedAt: Date | string | null,
): 'in_progress' | 'finished' | 'expired' {
  if (status === 'in_progress' || status === 'finished' || status === 'expired') return status;
  if (deadline !== null && finishedAt !== null && new Date(finishedAt).getTime() >= new Date(deadline).getTime()) return 'expired';
  return 'finished';
}
