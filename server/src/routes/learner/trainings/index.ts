import type { FastifyPluginAsync } from 'fastify';
import catalogue from './catalogue.ts';
import feedback from './feedback.ts';
import progress from './progress.ts';

/**
 * The learner's trainings (issue 5 items 1, 2, 5; LEARNER_PATHS of shared/src/contract/learner.ts,
 * docs/api.md "Learner: trainings"): catalogue and detail, reactions, module progress and SCORM
 * data, the reaction evaluation, comments and restart.
 */
const trainings: FastifyPluginAsync = async (app) => {
  await app.register(catalogue);
  await app.register(progress);
  await app.register(feedback);
};
export default trainings;
