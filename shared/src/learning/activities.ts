/**
 * The learner's activities (spec 2 §4.6–4.8, §5.8): when one is done, when one may be opened,
 * and when the training is complete. The server decides with these; the portal shows the result.
 */

/** spec 2 §4.8 test types, by their seeded slugs (ids 1–7). */
export const TEST_TYPE_SLUGS = [
  'conventional', 'block', 'restart', 'evaluated_quiz', 'unevaluated_quiz', 'timed_block_general', 'timed_restart_general',
] as const;
export type TestTypeSlug = (typeof TEST_TYPE_SLUGS)[number];

/** spec 2 §4.8: types 6 and 7: one attempt, one question at a time, no changing a confirmed answer. */
export const isTimedTestType = (slug: string): boolean => slug === 'timed_block_general' || slug === 'timed_restart_general';

/** What failing a test's last allowed attempt does (spec 2 §4.8). */
export function failureConsequence(slug: string): 'none' | 'blocked' | 'restarted' {
  if (slug === 'block' || slug === 'timed_block_general') return 'blocked';
  if (slug === 'restart' || slug === 'timed_restart_general') return 'restarted';
  return 'none';
}

/** Attempts a type allows: timed types one, block/restart their maximum, the others unlimited (null). */
export function allowedAttempts(slug: string, maximumAttempts: number | null | undefined): number | null {
  if (isTimedTestType(slug)) return 1;
  if (slug === 'block' || slug === 'restart') return Math.max(1, maximumAttempts ?? 1);
  return null;
}

export interface FinishedAttempt { passed: boolean }

/**
 * A test is done for prerequisites and completion when: an unevaluated quiz has any finished
 * attempt ("proceeds with any result"); every other type has a passing one (the evaluated
 * quiz "does not count in the final result, but the minimum score is needed to proceed").
 */
export function isTestDone(slug: string, finished: readonly FinishedAttempt[]): boolean {
  if (slug === 'unevaluated_quiz') return finished.length > 0;
  return finished.some((a) => a.passed);
}

/** Whether an attempt passes: the minimum score is a number of correct answers (spec 2 §3.4). */
export function attemptPasses(slug: string, correct: number, minimumScore: number | null | undefined): boolean {
  if (slug === 'unevaluated_quiz') return true;
  return correct >= (minimumScore ?? 0);
}

export type LockReason = 'prerequisite' | 'not_yet_available' | 'blocked';

export interface ActivityState {
  /** `${type}:${id}` */
  key: string;
  prerequisite: string | null;
  /** YYYY-MM-DD */
  availableIn: string | null;
  done: boolean;
}

/**
 * Why an activity cannot be opened, or null when it can: a learner blocked in the training opens
 * nothing (spec 2 §4.8 block types); an activity waits for its available-in day (in UTC, the
 * spec's default zone) and for its prerequisite to be done (spec 2 §5.8).
 */
export function lockReasonOf(activity: ActivityState, all: ReadonlyMap<string, ActivityState>, today: string, blocked: boolean): LockReason | null {
  if (blocked) return 'blocked';
  if (activity.availableIn && activity.availableIn > today) return 'not_yet_available';
  if (activity.prerequisite) {
    const required = all.get(activity.prerequisite);
    // a prerequisite that is no longer published does not hold the learner back
    if (required && !required.done) return 'prerequisite';
  }
  return null;
}

/** Share of the activities done, 0–100 (an empty training is 0). */
export function percentDone(activities: readonly { done: boolean }[]): number {
  if (activities.length === 0) return 0;
  return Math.floor((activities.filter((a) => a.done).length * 100) / activities.length);
}

/**
 * spec 2 §4.6: a closed training is complete — and certifies — when every published activity is
 * done; an open one ("in progress") never certifies, though its activities may all be done.
 */
export function isTrainingComplete(activities: readonly { done: boolean }[]): boolean {
  return activities.length > 0 && activities.every((a) => a.done);
}

export const certifies = (isOpen: boolean, complete: boolean): boolean => !isOpen && complete;

/** A certificate's validity (spec 2 §4.9): valid, then expired after its days; null days never expire. */
export function certificateExpiry(issuedAt: Date, days: number | null | undefined): Date | null {
  if (days === null || days === undefined || days <= 0) return null;
  return new Date(issuedAt.getTime() + days * 24 * 60 * 60 * 1000);
}

export const certificateStatus = (expiresAt: Date | string | null, now: Date = new Date()): 'valid' | 'expired' =>
  expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime() ? 'expired' : 'valid';
