import type { FastifyPluginAsync } from 'fastify';
import admin from './admin.ts';
import learner from './learner.ts';

/** Trails: the control panel's editor (admin.ts) and the learner's list and detail (learner.ts). */
const trails: FastifyPluginAsync = async (app) => {
  await app.register(admin);
  await app.register(learner);
};
export default trails;
