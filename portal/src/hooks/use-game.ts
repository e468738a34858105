import useSWR from 'swr';
import { GAME_PATHS, type LearnerGame } from '@lp/shared/contract';

/** GET /api/group_trainings/{id}/games/{gameId}/ — the learner's standing in a game and its open play. */
export function useLearnerGame(trainingId: number | string, gameId: number | string) {
  return useSWR<LearnerGame>(GAME_PATHS.learner(trainingId, gameId));
}
