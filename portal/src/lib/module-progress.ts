import { LEARNER_PATHS, type ModuleProgressAnswer, type ModuleProgressBody } from '@lp/shared/contract';
import { send } from './api.ts';

/**
 * POST /api/group_trainings/{id}/modules/{m}/progress/: one event of a module's player, judged by
 * the server with the completion rules of shared learning/completion.ts.
 */
export function reportModuleProgress(trainingId: number, moduleId: number, body: ModuleProgressBody): Promise<ModuleProgressAnswer> {
  return send<ModuleProgressAnswer>(LEARNER_PATHS.moduleProgress(trainingId, moduleId), 'POST', body);
}

/**
 * The reports of one module's player, one after the other: the server takes nothing before the
 * opening, and judges played time on the order it arrives in.
 */
export function progressReporter(trainingId: number, moduleId: number, settle: {
  answered(answer: ModuleProgressAnswer): void;
  failed(error: unknown): void;
}): (body: ModuleProgressBody) => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  return (body) => {
    queue = queue.then(() => reportModuleProgress(trainingId, moduleId, body).then(settle.answered, settle.failed));
    return queue;
  };
}
