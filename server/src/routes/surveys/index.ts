import type { FastifyPluginAsync } from 'fastify';
import admin from './admin.ts';
import learner from './learner.ts';
import questions from './questions.ts';

/**
 * Surveys (spec 3 §2 "Surveys…", §3 "Survey", §4, §5, §8): the admin list and editor under
 * /admin_surveys/ with the questions (the owned-content core's, SURVEY_OWNER) and the answers
 * view, and the learner's list, draft and answer.
 */
const surveys: FastifyPluginAsync = async (app) => {
  await app.register(admin);
  await app.register(questions);
  await app.register(learner);
};
export default surveys;
