import type { FastifyPluginAsync } from 'fastify';
import admin from './admin.ts';
import learner from './learner/index.ts';

/** Trainings: the control panel's editor (admin.ts) and the learner's catalogue, progress and tests (learner/). */
const trainings: FastifyPluginAsync = async (app) => {
  await app.register(admin);
  await app.register(learner);
};
export default trainings;
