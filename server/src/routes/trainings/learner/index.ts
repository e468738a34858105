import type { FastifyPluginAsync } from 'fastify';
import catalogue from './catalogue.ts';
import feedback from './feedback.ts';
import games from './games.ts';
import progress from './progress.ts';
import tests from './tests.ts';

/**
 * The learner's trainings (LEARNER_PATHS of shared/src/contract/learner.ts,
 * docs/api.md "Learner: trainings"): catalogue and detail, reactions, module progress and SCORM
 * data, the reaction evaluation, comments, restart, the test engine and games.
 */
const trainings: FastifyPluginAsync = async (app) => {
  await app.register(catalogue);
  await app.register(progress);
  await app.register(feedback);
  // the test engine
  await app.register(tests);
  // games played as activities
  await app.register(games);
};
export default trainings;
