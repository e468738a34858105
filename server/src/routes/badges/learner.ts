import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BADGE_PATHS, LearnerBadges } from '@lp/shared/contract';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { learnerBadges } from '../../repositories/badges.ts';

/** The profile's badges (spec 1 §2.2 profile, spec 3 §1): earned ones, and the active ones still to earn. */
const badgesLearner: FastifyPluginAsyncTypebox = async (app) => {
  app.get(BADGE_PATHS.learner, { config: { access: 'authenticated' }, schema: { response: { 200: LearnerBadges } } }, async (request) =>
    learnerBadges(app.db, clientOf(request), authOf(request).user.id));
};
export default badgesLearner;
