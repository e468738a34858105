import { todayApiDate } from '@lp/shared/rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CatalogueQuery, CommentBody, FavoriteBody, LearnerComment, LearnerCommentPage, LearnerPlaylistList, LearnerPodcast, LearnerPodcastPage, LikeBody, PODCAST_PATHS, PodcastProgressAnswer, PodcastProgressBody, RateBody, Reactions, type ErrorCode,
} from '@lp/shared/contract';
import { addComment, hasCommented, learnerComment, publishedComments } from '../../content/index.ts';
import { audienceMember } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { PodcastRow } from '../../db/tables/podcast.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { setReaction, type ReactionPatch } from '../../repositories/learner/reactions.ts';
import {
  findLearnerPodcast, findProgress, learnerPlaylists, learnerPodcastPage, podcastCards, recordPodcastProgress, type PodcastViewer,
} from '../../repositories/podcasts.ts';
import { LearnerPageQuery, pageOf } from '../../lib/learnerPaging.ts';
import { podcastNotFound } from './common.ts';
import { syncTrailsHolding } from '../../trails/certificateSync.ts';
import { IdParams } from '../../lib/params.ts';

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/**
 * Issue 7 item 4, learner side (spec 3 §2 'podcasts'; spec 1 §2.2 filters): the published
 * podcasts of the user's audience and the playlists holding them, the player's listened
 * position (saved and resumed), likes, stars and favourites (content_reactions, 'podcast'),
 * and one comment per learner once the audio was heard (comments, origin 'podcast', published
 * for the moderation tab to act on, as the trainings' are).
 */
const learner: FastifyPluginAsyncTypebox = async (app) => {

  async function viewerOf(db: Db, request: FastifyRequest): Promise<PodcastViewer> {
    const clientId = clientOf(request);
    const userId = authOf(request).user.id;
    return { clientId, userId, member: await audienceMember(db, clientId, userId), today: todayApiDate() };
  }

  async function podcastOr404(db: Db, viewer: PodcastViewer, id: number): Promise<PodcastRow> {
    const row = await findLearnerPodcast(db, viewer, id);
    if (!row) throw podcastNotFound();
    return row;
  }

  async function canComment(db: Db, viewer: PodcastViewer, podcastId: number): Promise<boolean> {
    const progress = await findProgress(db, podcastId, viewer.userId);
    return progress?.status === 'finished' && !(await hasCommented(db, viewer.clientId, 'podcast', podcastId, viewer.userId));
  }

  app.get(PODCAST_PATHS.learnerPodcasts, { config: { access: 'authenticated' }, schema: { querystring: CatalogueQuery, response: { 200: LearnerPodcastPage } } }, async (request) =>
    learnerPodcastPage(app.db, await viewerOf(app.db, request), request.query));

  app.get(PODCAST_PATHS.learnerPlaylists, { config: { access: 'authenticated' }, schema: { response: { 200: LearnerPlaylistList } } }, async (request) =>
    learnerPlaylists(app.db, await viewerOf(app.db, request)));

  app.get(PODCAST_PATHS.learnerPodcast(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerPodcast } } }, async (request) => {
    const viewer = await viewerOf(app.db, request);
    const row = await podcastOr404(app.db, viewer, request.params.id);
    const [card] = await podcastCards(app.db, viewer, [row]);
    return {
      ...card!,
      audio_url: app.mediaUrls(request)(row.resource),
      can_comment: await canComment(app.db, viewer, row.id),
      published_at: row.published_at,
    };
  });

  app.post(PODCAST_PATHS.learnerProgress(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, body: PodcastProgressBody, response: { 200: PodcastProgressAnswer } },
  }, async (request) => {
    const viewer = await viewerOf(app.db, request);
    return app.db.transaction().execute(async (trx) => {
      const row = await podcastOr404(trx, viewer, request.params.id);
      const progress = await recordPodcastProgress(trx, row, viewer.userId, {
        positionSeconds: request.body.position_seconds, ended: request.body.ended ?? false,
      });
      // spec 2 §2.4: a podcast listened to is a done trail module
      if (progress.status === 'finished') {
        await syncTrailsHolding(trx, app.config, { clientId: viewer.clientId, kind: 'podcast', itemId: row.id, userId: viewer.userId });
      }
      return {
        status: progress.status,
        percent: Number(progress.percent),
        position_seconds: Number(progress.position_seconds),
        can_comment: await canComment(trx, viewer, row.id),
      };
    });
  });

  const react = async (request: FastifyRequest, id: number, patch: ReactionPatch) => {
    const viewer = await viewerOf(app.db, request);
    return app.db.transaction().execute(async (trx) => {
      await podcastOr404(trx, viewer, id);
      return setReaction(trx, { clientId: viewer.clientId, userId: viewer.userId, contentType: 'podcast', contentId: id }, patch);
    });
  };

  app.post(PODCAST_PATHS.learnerFavorite(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: FavoriteBody, response: { 200: Reactions } } }, async (request) =>
    react(request, request.params.id, { favorite: request.body.favorite }));
  app.post(PODCAST_PATHS.learnerLike(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: LikeBody, response: { 200: Reactions } } }, async (request) =>
    react(request, request.params.id, { liked: request.body.liked }));
  app.post(PODCAST_PATHS.learnerRate(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: RateBody, response: { 200: Reactions } } }, async (request) =>
    react(request, request.params.id, { stars: request.body.stars }));

  app.get(PODCAST_PATHS.learnerComments(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, querystring: LearnerPageQuery, response: { 200: LearnerCommentPage } },
  }, async (request) => {
    const viewer = await viewerOf(app.db, request);
    await podcastOr404(app.db, viewer, request.params.id);
    return publishedComments(app.db, viewer.clientId, 'podcast', request.params.id, viewer.userId, pageOf(request.query));
  });

  app.post(PODCAST_PATHS.learnerComments(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, body: CommentBody, response: { 201: LearnerComment } },
  }, async (request, reply) => {
    const viewer = await viewerOf(app.db, request);
    const { id } = request.params;
    const text = request.body.comment.trim();
    if (!text) throw new HttpError(400, REQUIRED, 'The comment is empty', { comment: REQUIRED });
    const comment = await app.db.transaction().execute(async (trx) => {
      await podcastOr404(trx, viewer, id);
      const progress = await findProgress(trx, id, viewer.userId);
      if (progress?.status !== 'finished') throw new HttpError(403, 'podcast_not_listened', 'Listen to the podcast before commenting');
      const already = () => new HttpError(409, 'you_already_commented', 'you already commented');
      if (await hasCommented(trx, viewer.clientId, 'podcast', id, viewer.userId)) throw already();
      try {
        const commentId = await addComment(trx, {
          clientId: viewer.clientId, origin: 'podcast', originId: id, userId: viewer.userId, comment: text, stars: request.body.stars ?? null,
        });
        return (await learnerComment(trx, commentId, viewer.userId))!;
      } catch (error) {
        if (isUniqueViolation(error)) throw already();
        throw error;
      }
    });
    reply.code(201);
    return comment;
  });
};
export default learner;
