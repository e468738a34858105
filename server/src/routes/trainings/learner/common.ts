import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { ErrorCode } from '@lp/shared/contract';
import type { LockReason } from '@lp/shared/rules';
import type { Db } from '../../../db/database.ts';
import type { GroupTrainingRow } from '../../../db/tables/training.table.ts';
import { HttpError } from '../../../lib/httpError.ts';
import { authOf, clientOf } from '../../../plugins/app/auth.ts';
import type { TrainingActivity } from '../../../repositories/learner/activities.ts';
import { findLearnerTraining } from '../../../repositories/learner/catalogue.ts';
import { learnerContext, type LearnerContext } from '../../../repositories/learner/context.ts';

export const ModuleParams = Type.Object({ id: Type.Integer({ minimum: 1 }), moduleId: Type.Integer({ minimum: 1 }) });

export const trainingNotFound = () => new HttpError(404, 'not_found', 'Training not found');

/**
 * The learner a request is answered for: the caller, or on a preview (spec 1 §2.3 "view editor as
 * a student", `request.preview` set by the auth plugin) the learner of the grant, in the caller's
 * language, marked `preview` so nothing is recorded for them.
 */
export async function contextOf(app: FastifyInstance, request: FastifyRequest): Promise<LearnerContext> {
  const { user } = authOf(request);
  if (!request.preview) return learnerContext(app.db, clientOf(request), user);
  const ctx = await learnerContext(app.db, clientOf(request), { id: request.preview.userId, language_id: user.language_id });
  return { ...ctx, preview: true };
}

/** spec 2 §8 'Training not found': unknown, unpublished, another client's, or outside the user's audience. */
export async function learnerTrainingOr404(db: Db, ctx: LearnerContext, id: number): Promise<GroupTrainingRow> {
  const row = await findLearnerTraining(db, ctx, id);
  if (!row) throw trainingNotFound();
  return row;
}

const LOCK_ERRORS: Record<LockReason, { code: ErrorCode; detail: string }> = {
  prerequisite: { code: 'activity_locked_prerequisite', detail: 'Complete the previous activity to unlock this one' },
  not_yet_available: { code: 'activity_not_yet_available', detail: 'This activity is not available yet' },
  blocked: { code: 'training_blocked', detail: 'You are blocked in this training' },
};

/** 403 with the lock's own code (spec 2 §5.8 prerequisites and dates, §4.8 blocked learners). */
export const lockedError = (reason: LockReason) => new HttpError(403, LOCK_ERRORS[reason].code, LOCK_ERRORS[reason].detail);

/** A published module of the training that the learner may open now. */
export function openModule(activities: readonly TrainingActivity[], moduleId: number): TrainingActivity & { module: NonNullable<TrainingActivity['module']> } {
  const activity = activities.find((a) => a.type === 'module' && a.id === moduleId);
  if (!activity?.module) throw new HttpError(404, 'not_found', 'Module not found');
  if (activity.lockReason) throw lockedError(activity.lockReason);
  return activity as TrainingActivity & { module: NonNullable<TrainingActivity['module']> };
}
