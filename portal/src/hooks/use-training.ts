import useSWR from 'swr';
import { LEARNER_PATHS, type LearnerTraining } from '@lp/shared/contract';

/** GET /api/group_trainings/{id}/ — the training detail and player data (spec 2 §2.1); null asks nothing. */
export function useTraining(id: number | string | null) {
  return useSWR<LearnerTraining>(id === null ? null : LEARNER_PATHS.training(id));
}
