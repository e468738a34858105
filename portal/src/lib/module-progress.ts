import { LEARNER_PATHS, type ModuleProgressAnswer, type ModuleProgressBody } from '@lp/shared/contract';
import { send } from './api.ts';

/**
 * POST /api/group_trainings/{id}/modules/{m}/progress/: one event of a module's player, judged by
 * the server with the completion rules of shared learning/completion.ts.
 */
export function reportModuleProgress(trainingId: number, moduleId: number, body: ModuleProgressBody): Promise<ModuleProgressAnswer> {
  return send<ModuleProgressAnswer>(LEARNER_PATHS.moduleProgress(trainingId, moduleId), 'POST', body);
}
