import type { Attempt } from '@lp/shared/contract';
import { getSession } from '../session.ts';
import { offlineAnswer, offlineAttempt } from './downloads.ts';

/**
 * What the signed-in learner's downloads answer without a connection (loaded only then): the
 * swr fetcher's answer for a path (lib/api.ts), the attempt kept for a test (the test page).
 */
const records = () => {
  const userId = getSession().user?.id;
  return userId === undefined ? null : { userId, storage: window.localStorage };
};

export function keptAnswer(path: string): unknown {
  const env = records();
  return env ? offlineAnswer(env, path) : undefined;
}

export function keptAttempt(trainingId: number, testId: number): Attempt | null {
  const env = records();
  return env ? offlineAttempt(env, trainingId, testId) : null;
}
