import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CatalogueQuery, FavoriteBody, LEARNER_PATHS, LearnerTraining, LearnerTrainingPage, LikeBody, RateBody, Reactions,
} from '@lp/shared/contract';
import { cataloguePage } from '../../../repositories/learner/catalogue.ts';
import { learnerTrainingDetail } from '../../../repositories/learner/detail.ts';
import { setReaction, type ReactionPatch } from '../../../repositories/learner/reactions.ts';
import { contextOf, learnerTrainingOr404 } from './common.ts';
import { IdParams } from '../../../lib/params.ts';

/**
 * spec 1 §2.2 / spec 2 §2.1 the courses catalogue (filters kept per list by the portal), the
 * training detail, and favourite / like / rate.
 */
const catalogue: FastifyPluginAsyncTypebox = async (app) => {
  app.get(LEARNER_PATHS.trainings, { config: { access: 'authenticated' }, schema: { querystring: CatalogueQuery, response: { 200: LearnerTrainingPage } } }, async (request) => {
    const ctx = await contextOf(app, request);
    return cataloguePage(app.db, ctx, request.query);
  });

  // also answers an administrator's preview as a learner (config.preview; docs/security.md "Preview grants")
  app.get(LEARNER_PATHS.training(':id'), { config: { access: 'authenticated', preview: 'training' }, schema: { params: IdParams, response: { 200: LearnerTraining } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const row = await learnerTrainingOr404(app.db, ctx, request.params.id);
    return learnerTrainingDetail(app.db, ctx, row, app.mediaUrls(request));
  });

  const react = (id: number, ctx: Awaited<ReturnType<typeof contextOf>>, patch: ReactionPatch) =>
    app.db.transaction().execute(async (trx) => {
      await learnerTrainingOr404(trx, ctx, id);
      return setReaction(trx, { clientId: ctx.clientId, userId: ctx.userId, contentType: 'training', contentId: id }, patch);
    });

  app.post(LEARNER_PATHS.favorite(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: FavoriteBody, response: { 200: Reactions } } }, async (request) =>
    react(request.params.id, await contextOf(app, request), { favorite: request.body.favorite }));

  app.post(LEARNER_PATHS.like(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: LikeBody, response: { 200: Reactions } } }, async (request) =>
    react(request.params.id, await contextOf(app, request), { liked: request.body.liked }));

  app.post(LEARNER_PATHS.rate(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: RateBody, response: { 200: Reactions } } }, async (request) =>
    react(request.params.id, await contextOf(app, request), { stars: request.body.stars }));
};
export default catalogue;
