import type { FastifyPluginAsync } from 'fastify';

/**
 * The learner side's calls (issue 5; shared/src/contract/learner.ts, docs/api.md "Learner"):
 * every route needs a logged-in user and answers only what the user's audience allows.
 */
const learner: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  // catalogue, detail, module progress, SCORM, reactions, comments, evaluation, restart
  // test engine
  // completion, certificates, points, home, ranking, trails
};
export default learner;
