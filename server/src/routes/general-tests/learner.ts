import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LEARNER_GENERAL_TEST_PATHS, LearnerGeneralTestCard } from '@lp/shared/contract';
import { DEFAULT_TIME_ZONE, restartAllowed, todayApiDate } from '@lp/shared/rules';
import {
  GENERAL_TEST_OWNER, findPublishedTest, learnerTestContext, registerLearnerTests, type LearnerTestContext, type LearnerTestPolicy,
} from '../../content/index.ts';
import { HttpError } from '../../lib/httpError.ts';
import { awardPoints } from '../../learning/points.ts';
import { IdParams } from '../../lib/params.ts';
import { generalTestsDb } from '../../repositories/generalTests/admin.ts';
import {
  blockLearner, findOpenGeneralTest, learnerGeneralTestCard, openGeneralTests, realizationsTaken, restartLearner,
} from '../../repositories/generalTests/learner.ts';
import { contextOf } from '../trainings/learner/common.ts';
import { generalTestNotFound } from './common.ts';

const today = () => todayApiDate(DEFAULT_TIME_ZONE, new Date());

interface GeneralTestContext extends LearnerTestContext {
  /** quantity_realizations: attempts in all a restart type allows (null = unlimited) */
  realizations: number | null;
  clientId: number;
  /** points when approved (null = none) */
  score: number | null;
}

/**
 * The general test's rules around the test engine (spec 3 §4): the timed types give one attempt
 * within the time limit, one question at a time in random order, confirmed answers final. It
 * cannot be paused or reloaded: starting again or reading the attempt back ends it (`reloadEnds`).
 * Below the minimum score a block type stays blocked; a restart type restarts (the learner's
 * attempts no longer count) while quantity_realizations allows another one.
 */
const policy: LearnerTestPolicy<GeneralTestContext> = {
  async context(app, request, id, testId) {
    const ctx = await contextOf(app, request);
    const row = await findOpenGeneralTest(app.db, ctx, id, today());
    if (!row) throw generalTestNotFound();
    const test = await findPublishedTest(generalTestsDb(app.db), ctx.clientId, [row.status], id, testId);
    if (!test) throw generalTestNotFound();
    return { ...learnerTestContext(test, ctx.userId), realizations: row.quantity_realizations, clientId: ctx.clientId, score: row.score };
  },
  async refuseStart() { /* the engine's one attempt and the dates of context() are all there is */ },
  reloadEnds: true,
  async finished(app, trx, ctx, outcome) {
    if (outcome.passed) {
      // points when approved, once: the ledger's unique key (user, reason, content) holds under
      // simultaneous finishes, and only the first finisher of an attempt gets here at all
      await awardPoints(trx, {
        clientId: ctx.clientId, userId: ctx.userId, points: ctx.score ?? 0, reason: 'general_test_approved', contentType: 'general_test', contentId: ctx.ownerId,
      });
    }
    if (outcome.consequence !== 'restarted') return;
    if (restartAllowed(await realizationsTaken(trx, ctx.testId, ctx.userId), ctx.realizations)) await restartLearner(trx, ctx.testId, ctx.userId);
    // no realization left: the restart type blocks like the block type
    else await blockLearner(trx, ctx.testId, ctx.userId);
  },
};

const learner: FastifyPluginAsyncTypebox = async (app) => {
  app.get(LEARNER_GENERAL_TEST_PATHS.list, { config: { access: 'authenticated' }, schema: { response: { 200: Type.Array(LearnerGeneralTestCard) } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const rows = await openGeneralTests(app.db, ctx, today()).orderBy('general_tests.publish_date', 'desc').orderBy('general_tests.id', 'desc').limit(200).execute();
    return Promise.all(rows.map((row) => learnerGeneralTestCard(app.db, row, ctx.userId)));
  });

  app.get(LEARNER_GENERAL_TEST_PATHS.item(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerGeneralTestCard } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const row = await findOpenGeneralTest(app.db, ctx, request.params.id, today());
    if (!row) throw new HttpError(404, 'general_test_not_found', 'Assessment not found');
    return learnerGeneralTestCard(app.db, row, ctx.userId);
  });

  registerLearnerTests(app, GENERAL_TEST_OWNER, policy);
};
export default learner;
