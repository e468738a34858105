import { LEARNER_PATHS, type LearnerActivity, type LearnerWebcastTest } from '@lp/shared/contract';

export type TestActivity = LearnerActivity & { test: NonNullable<LearnerActivity['test']> };

/**
 * A test owned by a webcast or a live class (LearnerWebcastTest, LearnerLiveClassTest: one shape)
 * as the test-taking screen reads an activity: always
 * open once its owner ended (the server refuses it before).
 */
export function ownedTestActivity(test: LearnerWebcastTest): TestActivity {
  const { id, title, ...state } = test;
  return {
    type: 'test', id, title, order: 1, available: true, lock_reason: null, available_in: null, prerequisite: null,
    status: state.passed ? 'finished' : state.attempts_used > 0 ? 'ongoing' : 'not_started', module: null, test: state,
  };
}

/** Where the attempts of one test live: a training's (LEARNER_PATHS) or a webcast's (LEARNER_WEBCAST_PATHS). */
export interface AttemptPaths {
  attempts: string;
  attempt(attemptId: number): string;
  answer(attemptId: number, questionId: number): string;
  submit(attemptId: number): string;
}

export const trainingAttemptPaths = (trainingId: number, testId: number): AttemptPaths => ({
  attempts: LEARNER_PATHS.attempts(trainingId, testId),
  attempt: (attemptId) => LEARNER_PATHS.attempt(trainingId, testId, attemptId),
  answer: (attemptId, questionId) => LEARNER_PATHS.answer(trainingId, testId, attemptId, questionId),
  submit: (attemptId) => LEARNER_PATHS.submit(trainingId, testId, attemptId),
});
