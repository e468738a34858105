import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  FORUM_ADMIN_PATHS, ForumReply, ForumReplyStatusForm, ForumTopic, ForumTopicListQuery, ForumTopicStatusForm, ListQuery, ForumTopicItem,
} from '@lp/shared/contract';
import { notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, sendList } from '../../lib/list.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  REPLY_LIST_SPEC, TOPIC_LIST_SPEC, findReply, findTopic, listReplies, listTopics, notifyTrainingOwnersOfReport, replyFacts,
  setReplyReported, setReplyStatus, setTopicReported, setTopicStatus, type ForumReader, type ForumScope,
} from '../../repositories/forum.ts';
import { trainingAccess, trainingOr404 } from './common.ts';
import forumLearner from './forumLearner.ts';
import { IdParams } from '../../lib/params.ts';

const TopicParams = Type.Object({ id: Type.Integer({ minimum: 1 }), topicId: Type.Integer({ minimum: 1 }) });
const ReplyParams = Type.Object({ id: Type.Integer({ minimum: 1 }), topicId: Type.Integer({ minimum: 1 }), replyId: Type.Integer({ minimum: 1 }) });

/**
 * spec 2 §2.3 discussions tab, §4.11 forum, §7.1 "Forum": moderation of a training's forum.
 * Reads need the title slug `trainings`, actions also `trainings_manage` (spec 1 §6.2 has no
 * forum-moderator key); the training is the selected client's or 404. Moderators see every
 * topic and reply, whatever its status, so they can restore them. The learner routes
 * (forumLearner.ts) share the repository and register from here.
 */
const forum: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trainingAccess();
  const P = FORUM_ADMIN_PATHS;

  const moderator = (request: FastifyRequest): ForumReader => ({ userId: authOf(request).user.id, statuses: null });

  async function forumOf(request: FastifyRequest, trainingId: number) {
    const training = await trainingOr404(app.db, request, trainingId);
    const scope: ForumScope = { clientId: clientOf(request), origin: 'training', originId: training.id };
    return { training, scope };
  }

  async function topicOr404(request: FastifyRequest, trainingId: number, topicId: number) {
    const { training, scope } = await forumOf(request, trainingId);
    const topic = await findTopic(app.db, scope, moderator(request), topicId);
    if (!topic) throw notFound();
    return { training, scope, topic };
  }

  async function replyOr404(request: FastifyRequest, trainingId: number, topicId: number, replyId: number) {
    const found = await topicOr404(request, trainingId, topicId);
    const reply = await replyFacts(app.db, found.scope, topicId, replyId);
    if (!reply) throw notFound();
    return { ...found, reply };
  }

  async function replyAnswer(request: FastifyRequest, scope: ForumScope, topicId: number, replyId: number) {
    const reply = await findReply(app.db, scope, moderator(request), topicId, replyId);
    if (!reply) throw notFound();
    return reply;
  }

  // spec 2 §7.1: count and results[] (or a bare array + Content-Range); search title and author
  app.get(P.topics(':id'), { config: { access: guard.read }, schema: { params: IdParams, querystring: ForumTopicListQuery, response: listResponse(ForumTopicItem) } }, async (request, reply) => {
    const { status, report, ...query } = request.query;
    const list = parseListQuery(query, TOPIC_LIST_SPEC);
    if (status !== undefined) list.filters.push({ column: TOPIC_LIST_SPEC.filters!.status!, values: [status] });
    if (report !== undefined) list.filters.push({ column: TOPIC_LIST_SPEC.filters!.report!, values: [report] });
    const { scope } = await forumOf(request, request.params.id);
    const { rows, total } = await listTopics(app.db, scope, moderator(request), list);
    return sendList(reply, 'group_training_forum', list, rows, total);
  });

  app.get(P.topic(':id', ':topicId'), { config: { access: guard.read }, schema: { params: TopicParams, response: { 200: ForumTopic } } }, async (request) =>
    (await topicOr404(request, request.params.id, request.params.topicId)).topic);

  app.get(P.replies(':id', ':topicId'), { config: { access: guard.read }, schema: { params: TopicParams, querystring: ListQuery, response: listResponse(ForumReply) } }, async (request, reply) => {
    const { scope } = await topicOr404(request, request.params.id, request.params.topicId);
    const list = parseListQuery(request.query, REPLY_LIST_SPEC);
    const { rows, total } = await listReplies(app.db, scope, moderator(request), request.params.topicId, list);
    return sendList(reply, 'group_training_forum_answers', list, rows, total);
  });

  // spec 2 §4.11 "their status can be changed": a topic takes 1–4 (4 closes it to replies)
  app.post(P.topicStatus(':id', ':topicId'), {
    config: { access: guard.write }, schema: { params: TopicParams, body: ForumTopicStatusForm, response: { 200: ForumTopic } },
  }, async (request) => {
    const { id, topicId } = request.params;
    const { scope } = await topicOr404(request, id, topicId);
    await setTopicStatus(app.db, scope, topicId, request.body.status);
    return (await topicOr404(request, id, topicId)).topic;
  });

  // spec 2 §4.11 "reported and unreported"; a moderator's report also tells the other owners
  for (const reported of [true, false]) {
    app.post((reported ? P.topicReport : P.topicUnreport)(':id', ':topicId'), {
      config: { access: guard.write }, schema: { params: TopicParams, response: { 200: ForumTopic } },
    }, async (request) => {
      const { id, topicId } = request.params;
      const { training, scope, topic } = await topicOr404(request, id, topicId);
      await app.db.transaction().execute(async (trx) => {
        const changed = await setTopicReported(trx, scope, topicId, reported);
        if (changed && reported) {
          await notifyTrainingOwnersOfReport(trx, {
            clientId: scope.clientId, trainingId: training.id, trainingTitle: training.title, topicId, topicTitle: topic.title,
            replyId: null, reporterId: authOf(request).user.id,
          });
        }
      });
      return (await topicOr404(request, id, topicId)).topic;
    });

    app.post((reported ? P.replyReport : P.replyUnreport)(':id', ':topicId', ':replyId'), {
      config: { access: guard.write }, schema: { params: ReplyParams, response: { 200: ForumReply } },
    }, async (request) => {
      const { id, topicId, replyId } = request.params;
      const { training, scope, topic } = await replyOr404(request, id, topicId, replyId);
      await app.db.transaction().execute(async (trx) => {
        const changed = await setReplyReported(trx, topicId, replyId, reported);
        if (changed && reported) {
          await notifyTrainingOwnersOfReport(trx, {
            clientId: scope.clientId, trainingId: training.id, trainingTitle: training.title, topicId, topicTitle: topic.title,
            replyId, reporterId: authOf(request).user.id,
          });
        }
      });
      return replyAnswer(request, scope, topicId, replyId);
    });
  }

  // a reply takes 1–3; closing is the topic's
  app.post(P.replyStatus(':id', ':topicId', ':replyId'), {
    config: { access: guard.write }, schema: { params: ReplyParams, body: ForumReplyStatusForm, response: { 200: ForumReply } },
  }, async (request) => {
    const { id, topicId, replyId } = request.params;
    const { scope } = await replyOr404(request, id, topicId, replyId);
    await app.db.transaction().execute((trx) => setReplyStatus(trx, topicId, replyId, request.body.status));
    return replyAnswer(request, scope, topicId, replyId);
  });

  await app.register(forumLearner);
};
export default forum;
