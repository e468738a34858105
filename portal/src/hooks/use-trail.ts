import useSWR from 'swr';
import { LEARNER_PATHS, type LearnerTrail } from '@lp/shared/contract';

/** GET /api/trails/{id}/ — a trail with its ordered items, availability and progress. */
export function useTrail(id: number | string) {
  return useSWR<LearnerTrail>(LEARNER_PATHS.trail(id));
}
