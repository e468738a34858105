import type { FastifyPluginAsync } from 'fastify';
import trainings from './trainings/index.ts';
import tests from './tests.ts';
import certificates from './certificates.ts';
import home from './home.ts';
import learnerTrails from './trails.ts';

/**
 * The learner side's calls (issue 5; shared/src/contract/learner.ts, docs/api.md "Learner"):
 * every route needs a logged-in user and answers only what the user's audience allows.
 */
const learner: FastifyPluginAsync = async (app) => {
  // catalogue, detail, module progress, SCORM, reactions, comments, evaluation, restart
  await app.register(trainings);
  // test engine
  await app.register(tests);
  // certificates, points, home, ranking, trails (completion follows app.learning's progress
  // events app-wide: app.ts registers it; the public certificate verification is in app.ts's list)
  await app.register(certificates);
  await app.register(home);
  await app.register(learnerTrails);
};
export default learner;
