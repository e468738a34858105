import { todayApiDate } from '@lp/shared/rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CatalogueQuery, CommentBody, FavoriteBody, LEARNER_PATHS, LearnerComment, LearnerCommentPage, LearnerTrail, LearnerTrailPage, LikeBody, RateBody, Reactions,
} from '@lp/shared/contract';
import { addComment, publishedComments } from '../../content/index.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { learnerContext, type LearnerContext } from '../../repositories/learner/context.ts';
import { setReaction, type ReactionPatch } from '../../repositories/learner/reactions.ts';
import { commentCreatedAt, findLearnerTrail, trailCommentState, trailDetail, trailPage } from '../../repositories/learner/trails.ts';
import { LearnerPageQuery, pageOf } from '../../lib/learnerPaging.ts';
import { IdParams } from '../../lib/params.ts';

/** spec 2 §8 'Trail not found': unknown, unpublished, not yet available, another client's, or outside the audience */
const trailNotFound = () => new HttpError(404, 'trail_not_found', 'Trail not found');

/**
 * The learner side of trails (spec 2 §2.1, §3.8, §4.10): the list with the
 * courses' filters, the detail with the trainings in order and their locks, favourite / like /
 * rate, and comments — once, after finishing the trail.
 */
const trails: FastifyPluginAsyncTypebox = async (app) => {
  const context = (request: FastifyRequest) => learnerContext(app.db, clientOf(request), authOf(request).user);
  async function visible(request: FastifyRequest, id: number): Promise<LearnerContext> {
    const ctx = await context(request);
    if (!(await findLearnerTrail(app.db, ctx, id, todayApiDate()))) throw trailNotFound();
    return ctx;
  }

  app.get(LEARNER_PATHS.trails, { config: { access: 'authenticated' }, schema: { querystring: CatalogueQuery, response: { 200: LearnerTrailPage } } }, async (request) => {
    return trailPage(app.db, await context(request), request.query, todayApiDate());
  });

  app.get(LEARNER_PATHS.trail(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerTrail } } }, async (request) => {
    const ctx = await context(request);
    const today = todayApiDate();
    const row = await findLearnerTrail(app.db, ctx, request.params.id, today);
    if (!row) throw trailNotFound();
    return trailDetail(app.db, ctx, row, today);
  });

  const react = async (request: FastifyRequest, id: number, patch: ReactionPatch) => {
    const ctx = await visible(request, id);
    return setReaction(app.db, { clientId: ctx.clientId, userId: ctx.userId, contentType: 'trail', contentId: id }, patch);
  };
  const answer = { 200: Reactions };
  app.post(LEARNER_PATHS.trailFavorite(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: FavoriteBody, response: answer } },
    (request) => react(request, request.params.id, { favorite: request.body.favorite }));
  app.post(LEARNER_PATHS.trailLike(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: LikeBody, response: answer } },
    (request) => react(request, request.params.id, { liked: request.body.liked }));
  // the learners' stars are what the admin's 'trails' origin lists (spec 2 §3.10, §7.4 trail_user_stars)
  app.post(LEARNER_PATHS.trailRate(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: RateBody, response: answer } },
    (request) => react(request, request.params.id, { stars: request.body.stars }));

  app.get(LEARNER_PATHS.trailComments(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, querystring: LearnerPageQuery, response: { 200: LearnerCommentPage } },
  }, async (request) => {
    const ctx = await visible(request, request.params.id);
    const { offset, limit } = pageOf(request.query);
    return publishedComments(app.db, ctx.clientId, 'trail', request.params.id, ctx.userId, { offset, limit });
  });

  app.post(LEARNER_PATHS.trailComments(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, body: CommentBody, response: { 201: LearnerComment } },
  }, async (request, reply) => {
    const { id } = request.params;
    const ctx = await visible(request, id);
    const text = request.body.comment.trim();
    if (!text) throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'The comment is empty', { comment: 'make_sure_that_all_fields_are_filled_in' });
    const state = await trailCommentState(app.db, ctx, id);
    // spec 2 §4.10, §5.12, §8 'You need to complete all activities' / 'you already commented'
    if (!state.finished) throw new HttpError(403, 'you_need_to_complete_all_activities', 'You need to complete all activities');
    const alreadyCommented = () => new HttpError(409, 'you_already_commented', 'you already commented');
    if (state.commented) throw alreadyCommented();
    const stars = request.body.stars ?? null;
    let commentId: number;
    try {
      commentId = await addComment(app.db, { clientId: ctx.clientId, origin: 'trail', originId: id, userId: ctx.userId, comment: text, stars });
    } catch (error) {
      // two posts at the same moment: the unique index of 2026_11_23_0007 lets one through
      if (isUniqueViolation(error)) throw alreadyCommented();
      throw error;
    }
    const createdAt = await commentCreatedAt(app.db, commentId);
    return reply.status(201).send({
      id: commentId, author: authOf(request).user.full_name, stars, comment: text, created_at: createdAt, mine: true,
    });
  });
};
export default trails;
