import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import {
  LEARNER_NEWS_PATHS, LearnerComment, LearnerCommentPage, LearnerNewsItem, LearnerNewsPage, LearnerNewsQuery, NewsCommentBody,
} from '@lp/shared/contract';
import { addComment, hasCommented, learnerComment, publishedComments } from '../../content/index.ts';
import { audienceMember, type AudienceMember } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { storedClientSettings } from '../../repositories/clients.ts';
import { findLearnerNews, learnerNewsPage, recordNewsView, touchNewsView } from '../../repositories/news.ts';
import { LearnerPageQuery, pageOf } from '../../lib/learnerPaging.ts';
import { syncTrailsHolding } from '../../trails/certificateSync.ts';
import { IdParams } from '../../lib/params.ts';

const newsNotFound = () => new HttpError(404, 'not_found', 'News not found');

interface NewsReader {
  member: AudienceMember | null;
  languageId: number;
  /** the client's use_comments_news (spec 3 §2) */
  commentsEnabled: boolean;
}

async function readerOf(db: Db, request: FastifyRequest): Promise<NewsReader> {
  const clientId = clientOf(request);
  const { user } = authOf(request);
  const [member, stored] = await Promise.all([
    audienceMember(db, clientId, user.id),
    storedClientSettings(db, clientId),
  ]);
  const settings = { ...DEFAULT_CLIENT_SETTINGS, ...stored };
  return { member, languageId: user.language_id, commentsEnabled: settings.use_comments_news };
}

/**
 * The learner's news (spec 3 §2 `news`, `news/{id}`; §4): published items within their dates,
 * for the user's audience only (404 `not_found` for anything else). Opening an item reads it;
 * where the client uses news comments a reader comments once (spec 3 §3 "Comment").
 */
const learnerNews: FastifyPluginAsyncTypebox = async (app) => {

  app.get(LEARNER_NEWS_PATHS.list, { config: { access: 'authenticated' }, schema: { querystring: LearnerNewsQuery, response: { 200: LearnerNewsPage } } }, async (request) => {
    const reader = await readerOf(app.db, request);
    if (!reader.member) return { count: 0, results: [] };
    return learnerNewsPage(app.db, reader.member, reader.languageId, { search: request.query.search, ...pageOf(request.query, 12) });
  });

  app.get(LEARNER_NEWS_PATHS.item(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerNewsItem } } }, async (request) => {
    const reader = await readerOf(app.db, request);
    const { id } = request.params;
    const found = reader.member && await findLearnerNews(app.db, reader.member, reader.languageId, id);
    if (!reader.member || !found) throw newsNotFound();
    const member = reader.member;
    // spec 3 §3: opening an item is reading it — a done trail module (spec 2 §2.4)
    await app.db.transaction().execute(async (trx) => {
      await recordNewsView(trx, id, member.userId);
      await syncTrailsHolding(trx, app.config, { clientId: member.clientId, kind: 'news', itemId: id, userId: member.userId });
    });
    const commented = await hasCommented(app.db, reader.member.clientId, 'news', id, reader.member.userId);
    return {
      ...found.card, read: true, content: found.content, comments_enabled: reader.commentsEnabled, can_comment: reader.commentsEnabled && !commented,
    };
  });

  app.get(LEARNER_NEWS_PATHS.comments(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, querystring: LearnerPageQuery, response: { 200: LearnerCommentPage } },
  }, async (request) => {
    const reader = await readerOf(app.db, request);
    const { id } = request.params;
    if (!reader.member || !(await findLearnerNews(app.db, reader.member, reader.languageId, id))) throw newsNotFound();
    if (!reader.commentsEnabled) return { count: 0, results: [] };
    return publishedComments(app.db, reader.member.clientId, 'news', id, reader.member.userId, pageOf(request.query));
  });

  app.post(LEARNER_NEWS_PATHS.comments(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, body: NewsCommentBody, response: { 201: LearnerComment } },
  }, async (request, reply) => {
    const reader = await readerOf(app.db, request);
    const { id } = request.params;
    const text = request.body.comment.trim();
    if (!text) throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'The comment is empty', { comment: 'make_sure_that_all_fields_are_filled_in' });
    const member = reader.member;
    if (!member) throw newsNotFound();
    const comment = await app.db.transaction().execute(async (trx) => {
      // the reading row is written first: it holds a second comment of the same user until this one is stored
      const read = await touchNewsView(trx, id, member.userId);
      if (!(await findLearnerNews(trx, member, reader.languageId, id))) throw newsNotFound();
      if (!reader.commentsEnabled) throw new HttpError(403, 'comments_disabled', 'Comments are not enabled');
      if (!read) {
        throw new HttpError(403, 'news_not_read', 'Open the news item before commenting');
      }
      if (await hasCommented(trx, member.clientId, 'news', id, member.userId)) throw new HttpError(409, 'you_already_commented', 'you already commented');
      const commentId = await addComment(trx, { clientId: member.clientId, origin: 'news', originId: id, userId: member.userId, comment: text, stars: null });
      return (await learnerComment(trx, commentId, member.userId))!;
    });
    reply.code(201);
    return comment;
  });
};
export default learnerNews;
