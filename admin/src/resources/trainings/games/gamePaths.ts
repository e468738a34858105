import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { nestedResource } from '../../../common/nested/nestedResources.ts';

/** The nested resource of a training's games (`trainings/{id}/games` → GAME_PATHS.collection). */
export const gamesResource = (trainingId: number): string => nestedResource(ADMIN_RESOURCES.trainings.name, trainingId, 'games');

/** The admin routes of the Games tab and its editor (see TrainingGamesTab). */
export const gameRoutes = {
  table: (trainingId: number) => `/${ADMIN_RESOURCES.trainings.name}/${trainingId}/games`,
  create: (trainingId: number) => `/${ADMIN_RESOURCES.trainings.name}/${trainingId}/games/new`,
  edit: (trainingId: number, gameId: number) => `/${ADMIN_RESOURCES.trainings.name}/${trainingId}/games/${gameId}`,
};

/** Translation prefix of the tab and the editor. */
export const GAMES_KEY = 'resources.trainings.games';
