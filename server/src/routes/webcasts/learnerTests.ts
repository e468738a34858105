import { todayApiDate, DEFAULT_TIME_ZONE, webcastTestsOpen } from '@lp/shared/rules';
import type { FastifyPluginAsync } from 'fastify';
import {
  WEBCAST_OWNER, findPublishedTest, learnerTestContext, ownedDb, registerLearnerTests, type LearnerTestContext, type LearnerTestPolicy,
} from '../../content/index.ts';
import { HttpError } from '../../lib/httpError.ts';
import { LEARNER_WEBCAST_STATUSES, findLearnerWebcast } from '../../repositories/learner/webcasts.ts';
import { contextOf } from '../trainings/learner/common.ts';

export const webcastNotFound = () => new HttpError(404, 'not_found', 'Webinar not found');
export const notFinished = () => new HttpError(403, 'webcast_not_finished', 'Test not yet available, please wait');

/**
 * The webcast's rules around the test engine: a published test of a webcast the learner sees
 * (else 404 'Webinar not found'), only once the webcast is finished (spec 2 §2.1, §4.12: "Tests
 * become available only after the webcast is finished") and the test's day has come. A webcast
 * has no enrollment, prerequisites or activities to block or restart: failing a block or
 * restart type only uses up its attempts (consequence 'none').
 */
const webcastTestPolicy: LearnerTestPolicy<LearnerTestContext> = {
  async context(app, request, webcastId, testId) {
    const ctx = await contextOf(app, request);
    const webcast = await findLearnerWebcast(app.db, ctx, webcastId);
    if (!webcast) throw webcastNotFound();
    const test = await findPublishedTest(ownedDb(app.db, WEBCAST_OWNER), ctx.clientId, LEARNER_WEBCAST_STATUSES, webcastId, testId);
    if (!test) throw new HttpError(404, 'not_found', 'Test not found');
    if (!webcastTestsOpen(webcast.status)) throw notFinished();
    return learnerTestContext(test, ctx.userId);
  },
  async refuseStart(_app, ctx, now) {
    if (ctx.avaliableIn && ctx.avaliableIn > todayApiDate(DEFAULT_TIME_ZONE, now)) throw new HttpError(403, 'test_not_yet_available', 'Test not yet available, please wait');
  },
  settle: (outcome) => ({ ...outcome, consequence: 'none' }),
};

/** The learner's test engine over webcast tests (spec 2 §4.8, §5.12; docs/api.md "Learner: webcasts"). */
const learnerTests: FastifyPluginAsync = async (app) => {
  registerLearnerTests(app, WEBCAST_OWNER, webcastTestPolicy);
};
export default learnerTests;
