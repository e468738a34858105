import type { FastifyPluginAsync } from 'fastify';
import admin from './admin.ts';
import learner from './learner.ts';

/**
 * General tests, assessments (spec 3 §2, §3 "General test (assessment)", §4, §5, §8, §9): the admin
 * list, editor, questions (the owned-content core's, GENERAL_TEST_OWNER) and results under
 * /admin_general_tests/, and the learner's list and the test engine's attempt routes.
 */
const generalTests: FastifyPluginAsync = async (app) => {
  await app.register(admin);
  await app.register(learner);
};
export default generalTests;
