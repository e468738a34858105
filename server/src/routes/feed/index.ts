import { todayApiDate } from '@lp/shared/rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FEED_PAGE_SIZE_MAX, FEED_PATHS, FEED_POST_MAX, FeedEvent, FeedPage, FeedPostInput, FeedQuery, IdParams,
  NoContent,
} from '@lp/shared/contract';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { deletePost, feedPage } from '../../repositories/feed.ts';
import { recordFeedEvent } from '../../repositories/feedEvents.ts';
import { learnerContext } from '../../repositories/learner/context.ts';

/**
 * The feed / timeline (spec 1 §2.2 home "timeline" and the feed route, §9 event kinds): the
 * client's events newest first — everyone's, or only the user's own — and the user's posts
 * (the "published" kind), which their author may take back.
 */
const feed: FastifyPluginAsyncTypebox = async (app) => {

  app.get(FEED_PATHS.feed, { config: { access: 'authenticated' }, schema: { querystring: FeedQuery, response: { 200: FeedPage } } }, async (request) => {
    const ctx = await learnerContext(app.db, clientOf(request), authOf(request).user);
    if (!ctx.member) return { count: 0, results: [] };
    const size = Math.min(request.query.page_size ?? 10, FEED_PAGE_SIZE_MAX);
    const offset = ((request.query.page ?? 1) - 1) * size;
    return feedPage(app.db, ctx, request.query.scope ?? 'all', offset, size, todayApiDate());
  });

  app.post(FEED_PATHS.posts, { config: { access: 'authenticated' }, schema: { body: FeedPostInput, response: { 201: FeedEvent } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const { user } = authOf(request);
    const ctx = await learnerContext(app.db, clientId, user);
    if (!ctx.member) throw notFound();
    const text = request.body.text.trim();
    if (!text) throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'Write something to publish', { text: 'make_sure_that_all_fields_are_filled_in' });
    if (Array.from(text).length > FEED_POST_MAX) throw new HttpError(400, 'feed_post_too_long', `Posts are at most ${FEED_POST_MAX} characters`, { text: 'feed_post_too_long' });
    const id = await recordFeedEvent(app.db, { clientId, userId: user.id, kind: 'published', text });
    const { results } = await feedPage(app.db, ctx, 'mine', 0, 1, todayApiDate());
    const created = results.find((e) => e.id === id);
    if (!created) throw notFound();
    return reply.status(201).send(created);
  });

  app.delete(FEED_PATHS.post(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    if (!(await deletePost(app.db, clientOf(request), authOf(request).user.id, request.params.id))) throw notFound();
    return reply.status(204).send();
  });
};
export default feed;
