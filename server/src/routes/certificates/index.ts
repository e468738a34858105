import type { FastifyPluginAsync } from 'fastify';
import verify from './verify.ts';

/** Certificates: the public verification of an issued certificate (the learner's list is in learner/). */
const certificates: FastifyPluginAsync = async (app) => {
  await app.register(verify);
};
export default certificates;
