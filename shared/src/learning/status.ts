/**
 * The words a learner's state is shown with (spec 2 §4.7) and the catalogue's progress filter
 * (spec 1 §2.2), from what the server stores: the enrollment, the certificate, the activities.
 */
import type { LearnerProgressFilter, LearnerStatus } from '../contract/learner.ts';

export type EnrollmentState = 'not_started' | 'ongoing' | 'finished' | 'blocked';

/**
 * A training's status for the learner: no enrollment is not started; a finished one whose
 * latest certificate expired is "expired" (renewed by retaking, spec 2 §4.9).
 */
export function learnerStatusOf(enrollment: EnrollmentState | null | undefined, certificate: 'valid' | 'expired' | null | undefined): LearnerStatus {
  if (!enrollment || enrollment === 'not_started') return 'not_started';
  if (enrollment === 'finished') return certificate === 'expired' ? 'expired' : 'finished';
  return enrollment;
}

/** The enrollment states each progress filter keeps (a blocked learner is still "ongoing"; none = not started). */
export const PROGRESS_FILTER_STATES: Readonly<Record<Exclude<LearnerProgressFilter, 'all'>, readonly EnrollmentState[]>> = {
  not_started: ['not_started'],
  ongoing: ['ongoing', 'blocked'],
  finished: ['finished'],
};

export type ActivityStatus = 'not_started' | 'ongoing' | 'finished' | 'failed';

/** A module: finished once its progress says so, ongoing once opened. */
export function moduleActivityStatus(progress: { status: 'ongoing' | 'finished' } | null | undefined): ActivityStatus {
  if (!progress) return 'not_started';
  return progress.status === 'finished' ? 'finished' : 'ongoing';
}

/** A test: finished when done (`isTestDone`), failed when attempts ended without that, ongoing with an attempt open. */
export function testActivityStatus(done: boolean, finishedAttempts: number, openAttempt: boolean): ActivityStatus {
  if (done) return 'finished';
  if (openAttempt) return 'ongoing';
  return finishedAttempts > 0 ? 'failed' : 'not_started';
}

/** A game: finished when won or skipped (spec 3 §4), ongoing once played (a lost game may be played again). */
export function gameActivityStatus(done: boolean, started: boolean): ActivityStatus {
  if (done) return 'finished';
  return started ? 'ongoing' : 'not_started';
}
