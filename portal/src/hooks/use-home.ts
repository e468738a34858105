import useSWR from 'swr';
import { LEARNER_PATHS, type HomeDashboard } from '@lp/shared/contract';

/** GET /api/home/ — the dashboard: next steps, pending and finished content, score, statistics. */
export function useHome() {
  return useSWR<HomeDashboard>(LEARNER_PATHS.home);
}
