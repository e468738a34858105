import useSWR from 'swr';
import { LEARNER_PATHS, type Ranking } from '@lp/shared/contract';

/** GET /api/home/ranking/ — the top 10 of the client and the user's own place. */
export function useRanking() {
  return useSWR<Ranking>(LEARNER_PATHS.ranking);
}
