import { todayApiDate, visibleHomeBlocks } from '@lp/shared/rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HomeDashboard, LEARNER_PATHS, PointsStatement, Ranking } from '@lp/shared/contract';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { learnerContext } from '../../repositories/learner/context.ts';
import { homeDashboard } from '../../repositories/learner/home.ts';
import { homeLayout } from '../../repositories/homeLayout.ts';
import { pointsStatement, ranking } from '../../repositories/learner/points.ts';
import { LearnerPageQuery, pageOf } from '../../lib/learnerPaging.ts';
import homeAdmin from './admin.ts';

/** The learner's home (spec 1 §2.2): the dashboard, the points statement and the client's ranking. */
const home: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(homeAdmin);

  app.get(LEARNER_PATHS.home, { config: { access: 'authenticated' }, schema: { response: { 200: HomeDashboard } } }, async (request) => {
    const clientId = clientOf(request);
    const [ctx, layout] = await Promise.all([learnerContext(app.db, clientId, authOf(request).user), homeLayout(app.db, clientId)]);
    // spec 1 §2.3 admin `home`: the client's shown blocks, in its order
    return homeDashboard(app.db, ctx, todayApiDate(), new Date(), visibleHomeBlocks(layout));
  });

  app.get(LEARNER_PATHS.pointsStatement, { config: { access: 'authenticated' }, schema: { querystring: LearnerPageQuery, response: { 200: PointsStatement } } }, async (request) => {
    const { offset, limit } = pageOf(request.query);
    return pointsStatement(app.db, clientOf(request), authOf(request).user.id, offset, limit);
  });

  // top 10 of the selected client, and the user's own entry wherever it stands
  app.get(LEARNER_PATHS.ranking, { config: { access: 'authenticated' }, schema: { response: { 200: Ranking } } }, async (request) => {
    return ranking(app.db, clientOf(request), authOf(request).user.id, 10);
  });
};
export default home;
