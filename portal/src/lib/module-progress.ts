import { LEARNER_PATHS, type ModuleProgressAnswer } from '@lp/shared/contract';
import { send } from './api.ts';

export interface ModuleProgressReport {
  percent?: number;
  position_seconds?: number;
  /** documents, embeds and files: opened (or downloaded) = done */
  finished?: boolean;
}

/** POST /api/group_trainings/{id}/modules/{m}/progress/ — the server keeps the highest percent. */
export function reportModuleProgress(trainingId: number, moduleId: number, body: ModuleProgressReport): Promise<ModuleProgressAnswer> {
  return send<ModuleProgressAnswer>(LEARNER_PATHS.moduleProgress(trainingId, moduleId), 'POST', body);
}
