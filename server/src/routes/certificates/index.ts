import type { FastifyPluginAsync } from 'fastify';
import learner from './learner.ts';
import verify from './verify.ts';

/** Certificates: the learner's own (learner.ts) and the public verification of an issued one (verify.ts). */
const certificates: FastifyPluginAsync = async (app) => {
  await app.register(learner);
  await app.register(verify);
};
export default certificates;
