import { todayApiDate, DEFAULT_TIME_ZONE } from '@lp/shared/rules';
import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_STATUS } from '@lp/shared/contract';
import type { LockReason } from '@lp/shared/rules';
import {
  TRAINING_OWNER, findPublishedTest, learnerTestContext, ownedDb, registerLearnerTests, type LearnerTestContext, type LearnerTestPolicy,
} from '../../../content/index.ts';
import type { EnrollmentStatus } from '../../../db/tables/learning.table.ts';
import { HttpError } from '../../../lib/httpError.ts';
import { authOf, clientOf } from '../../../plugins/app/auth.ts';
import { trainingActivities, trainingStructure } from '../../../repositories/learner/activities.ts';
import {
  blockEnrollment, ensureEnrollment, enrollmentStatus, touchEnrollment, wipeTrainingProgress,
} from '../../../repositories/learner/enrollments.ts';
import { isInTrainingAudience } from '../../../repositories/trainingAudience.ts';
import { trainingNotFound } from './common.ts';

interface TrainingTestContext extends LearnerTestContext {
  clientId: number;
  enrollment: EnrollmentStatus | null;
}

/** spec 2 §4.8, §5.8, §8: why the learner may not open the test now. */
function refuseLock(reason: LockReason | null): void {
  if (reason === 'blocked') throw new HttpError(403, 'training_blocked', 'You are blocked in this training');
  if (reason === 'not_yet_available') throw new HttpError(403, 'test_not_yet_available', 'Test not yet available, please wait');
  if (reason === 'prerequisite') throw new HttpError(403, 'activity_locked_prerequisite', 'Complete the previous activity first');
}

/**
 * The training's rules around the test engine (spec 2 §4.8, §5.8): only published tests of
 * published trainings of the selected client whose audience holds the user (else 404 "Training
 * not found"); blocked learners, available-in days and prerequisites refused; the first attempt
 * enrolls; failing the last attempt blocks or restarts the learner, and every finish reports
 * the training's progress.
 */
const trainingTestPolicy: LearnerTestPolicy<TrainingTestContext> = {
  async context(app, request, trainingId, testId) {
    const clientId = clientOf(request);
    const userId = authOf(request).user.id;
    const [test, audience, enrollment] = await Promise.all([
      // the same for every learner of the client (plugins/app/contentCache.ts)
      app.contentCache.read(`published-test:training:${clientId}:${trainingId}:${testId}`,
        () => findPublishedTest(ownedDb(app.db, TRAINING_OWNER), clientId, [CONTENT_STATUS.published], trainingId, testId)),
      isInTrainingAudience(app.db, clientId, trainingId, userId),
      enrollmentStatus(app.db, userId, trainingId),
    ]);
    if (!test || !audience) throw trainingNotFound();
    return { ...learnerTestContext(test, userId), clientId, enrollment };
  },
  async refuseStart(app, ctx, now) {
    const structure = await app.contentCache.read(`training-structure:${ctx.clientId}:${ctx.ownerId}`, () => trainingStructure(app.db, ctx.clientId, ctx.ownerId));
    const activities = await trainingActivities(app.db, ctx.clientId, ctx.ownerId, ctx.userId, ctx.enrollment === 'blocked', todayApiDate(DEFAULT_TIME_ZONE, now), structure);
    const activity = activities.find((a) => a.type === 'test' && a.id === ctx.testId);
    refuseLock(activity ? activity.lockReason : null);
  },
  refuseAnswer(ctx) {
    if (ctx.enrollment === 'blocked') refuseLock('blocked');
  },
  started: (trx, ctx, now) => ensureEnrollment(trx, ctx.userId, ctx.ownerId, now),
  async finished(app, trx, ctx, outcome, now) {
    if (outcome.consequence === 'blocked') await blockEnrollment(trx, ctx.userId, ctx.ownerId, now);
    else if (outcome.consequence === 'restarted') await wipeTrainingProgress(trx, ctx.userId, ctx.ownerId, now);
    else await touchEnrollment(trx, ctx.userId, ctx.ownerId, now);
    await app.learning.progressChanged({
      db: trx, clientId: ctx.clientId, userId: ctx.userId, trainingId: ctx.ownerId, cause: outcome.consequence === 'restarted' ? 'restart' : 'test',
    });
  },
};

/** The learner's test engine over training tests (spec 2 §3.4, §4.8, §5.12, §8). */
const tests: FastifyPluginAsync = async (app) => {
  registerLearnerTests(app, TRAINING_OWNER, trainingTestPolicy);
};
export default tests;
