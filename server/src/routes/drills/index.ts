import type { FastifyPluginAsync } from 'fastify';
import admin from './admin.ts';
import learner from './learner.ts';

/**
 * Drills, daily question series (spec 3 §2, §3 "Drill", §4, §5 "Drills", §8, §9): the admin list,
 * editor, questions (the owned-content core's, DRILL_OWNER) and results under /admin_drills/, and
 * the learner's drills and today's questions with a timer the server keeps.
 */
const drills: FastifyPluginAsync = async (app) => {
  await app.register(admin);
  await app.register(learner);
};
export default drills;
