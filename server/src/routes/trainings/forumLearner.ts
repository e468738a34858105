import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  CONTENT_STATUS, FORUM_LEARNER_PATHS, ForumReply, ForumReplyInput, ForumTopic, ForumTopicInput, ListQuery, type ErrorCode, ForumTopicItem,
  NoContent,
} from '@lp/shared/contract';
import {
  FORUM_STATUS, LEARNER_VISIBLE_REPLY_STATUSES, LEARNER_VISIBLE_TOPIC_STATUSES, cleanForumText, topicAcceptsReplies, validateForumReply,
  validateForumTopic, type ForumFieldErrors,
} from '@lp/shared/rules';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, sendList } from '../../lib/list.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  REPLY_LIST_SPEC, TOPIC_LIST_SPEC, createReply, createTopic, findReply, findTopic, listReplies, listTopics,
  notifyTrainingOwnersOfReport, setReplyLike, setReplyReported, setReplyStatus, setTopicLike, setTopicReported,
  setTopicStatus, updateReplyText, updateTopicContent, type ForumReader, type ForumScope,
} from '../../repositories/forum.ts';
import { isInTrainingAudience } from '../../repositories/trainingAudience.ts';
import { clientTrainingFlags, findTraining } from '../../repositories/trainings.ts';
import { IdParams } from '../../lib/params.ts';

const TopicParams = Type.Object({ id: Type.Integer({ minimum: 1 }), topicId: Type.Integer({ minimum: 1 }) });
const ReplyParams = Type.Object({ id: Type.Integer({ minimum: 1 }), topicId: Type.Integer({ minimum: 1 }), replyId: Type.Integer({ minimum: 1 }) });

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

function refuseInvalid(errors: ForumFieldErrors): void {
  const codes = Object.values(errors);
  if (codes.length === 0) return;
  throw new HttpError(400, codes.includes(REQUIRED) ? REQUIRED : codes[0]!, 'Invalid forum text', errors as Record<string, ErrorCode>);
}

const topicClosed = () => new HttpError(409, 'topic_closed', 'Topic closed');
const notAuthor = () => new HttpError(403, 'permission_denied', 'Only the author can change this');

/**
 * The learner side of a training forum (spec 2 §4.11; the calls are "not shown" in §7.6 and
 * designed here, docs/api.md "Training forum"). Reached by a signed-in user of the training's
 * client who is in its audience (or owns it), on a published training of a client with
 * has_forum. Learners see published and closed topics and published replies; they write
 * topics and replies (never on a closed topic: 409 topic_closed), edit and delete their own,
 * like once and report (the training's owners are notified). Moderation is forum.ts's.
 */
const forumLearner: FastifyPluginAsyncTypebox = async (app) => {
  const P = FORUM_LEARNER_PATHS;

  const learner = (request: FastifyRequest): ForumReader => ({ userId: authOf(request).user.id, statuses: LEARNER_VISIBLE_TOPIC_STATUSES });
  const replyReader = (request: FastifyRequest): ForumReader => ({ userId: authOf(request).user.id, statuses: LEARNER_VISIBLE_REPLY_STATUSES });

  async function forumOf(request: FastifyRequest, trainingId: number) {
    const clientId = clientOf(request);
    const training = await findTraining(app.db, clientId, trainingId);
    // spec 2 §2.3: the forum exists only for clients with has_forum
    if (!training || training.status !== CONTENT_STATUS.published || !(await clientTrainingFlags(app.db, clientId)).has_forum) throw notFound();
    const { user, subject } = authOf(request);
    if (!subject.is_superuser && !(await isInTrainingAudience(app.db, clientId, training.id, user.id))) {
      throw new HttpError(403, 'permission_denied', 'You are not in this training\'s audience');
    }
    const scope: ForumScope = { clientId, origin: 'training', originId: training.id };
    return { training, scope };
  }

  async function topicOr404(request: FastifyRequest, trainingId: number, topicId: number) {
    const found = await forumOf(request, trainingId);
    const topic = await findTopic(app.db, found.scope, learner(request), topicId);
    if (!topic) throw notFound();
    return { ...found, topic };
  }

  async function replyOr404(request: FastifyRequest, trainingId: number, topicId: number, replyId: number) {
    const found = await topicOr404(request, trainingId, topicId);
    const reply = await findReply(app.db, found.scope, replyReader(request), topicId, replyId);
    if (!reply) throw notFound();
    return { ...found, reply };
  }

  const topicAnswer = async (request: FastifyRequest, scope: ForumScope, topicId: number) => {
    const topic = await findTopic(app.db, scope, learner(request), topicId);
    if (!topic) throw notFound();
    return topic;
  };
  const replyAnswer = async (request: FastifyRequest, scope: ForumScope, topicId: number, replyId: number) => {
    // the author still gets their reply back after an edit, whatever a moderator did meanwhile
    const reply = await findReply(app.db, scope, { userId: authOf(request).user.id, statuses: null }, topicId, replyId);
    if (!reply) throw notFound();
    return reply;
  };

  function topicValues(body: ForumTopicInput) {
    const values = { title: cleanForumText(body.title, { singleLine: true }), text: cleanForumText(body.text) };
    refuseInvalid(validateForumTopic(values));
    return values;
  }
  function replyText(body: ForumReplyInput) {
    const text = cleanForumText(body.text);
    refuseInvalid(validateForumReply({ text }));
    return text;
  }

  // ---- topics ----

  app.get(P.topics(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(ForumTopicItem) } }, async (request, reply) => {
    const { scope } = await forumOf(request, request.params.id);
    const list = parseListQuery(request.query, TOPIC_LIST_SPEC);
    const { rows, total } = await listTopics(app.db, scope, learner(request), list);
    return sendList(reply, 'forum_topics', list, rows, total);
  });

  app.post(P.topics(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: ForumTopicInput, response: { 201: ForumTopic } } }, async (request, reply) => {
    const { scope } = await forumOf(request, request.params.id);
    const values = topicValues(request.body);
    const id = await createTopic(app.db, scope, authOf(request).user.id, values);
    return reply.status(201).send(await topicAnswer(request, scope, id));
  });

  app.get(P.topic(':id', ':topicId'), { config: { access: 'authenticated' }, schema: { params: TopicParams, response: { 200: ForumTopic } } }, async (request) =>
    (await topicOr404(request, request.params.id, request.params.topicId)).topic);

  app.put(P.topic(':id', ':topicId'), { config: { access: 'authenticated' }, schema: { params: TopicParams, body: ForumTopicInput, response: { 200: ForumTopic } } }, async (request) => {
    const { id, topicId } = request.params;
    const { scope, topic } = await topicOr404(request, id, topicId);
    if (topic.author.id !== authOf(request).user.id) throw notAuthor();
    if (topic.status === FORUM_STATUS.closed) throw topicClosed();
    await updateTopicContent(app.db, scope, topicId, topicValues(request.body));
    return topicAnswer(request, scope, topicId);
  });

  // the author's delete is the moderators' status 3: they can still see and restore it
  app.delete(P.topic(':id', ':topicId'), { config: { access: 'authenticated' }, schema: { params: TopicParams, response: { 204: NoContent } } }, async (request, reply) => {
    const { id, topicId } = request.params;
    const { scope, topic } = await topicOr404(request, id, topicId);
    if (topic.author.id !== authOf(request).user.id) throw notAuthor();
    await setTopicStatus(app.db, scope, topicId, FORUM_STATUS.deleted);
    return reply.status(204).send();
  });

  for (const like of [true, false]) {
    app.post((like ? P.topicLike : P.topicUnlike)(':id', ':topicId'), { config: { access: 'authenticated' }, schema: { params: TopicParams, response: { 200: ForumTopic } } }, async (request) => {
      const { id, topicId } = request.params;
      const { scope } = await topicOr404(request, id, topicId);
      await app.db.transaction().execute((trx) => setTopicLike(trx, topicId, authOf(request).user.id, like));
      return topicAnswer(request, scope, topicId);
    });
    app.post((like ? P.replyLike : P.replyUnlike)(':id', ':topicId', ':replyId'), { config: { access: 'authenticated' }, schema: { params: ReplyParams, response: { 200: ForumReply } } }, async (request) => {
      const { id, topicId, replyId } = request.params;
      const { scope } = await replyOr404(request, id, topicId, replyId);
      await app.db.transaction().execute((trx) => setReplyLike(trx, replyId, authOf(request).user.id, like));
      return replyAnswer(request, scope, topicId, replyId);
    });
  }

  // spec 2 §4.11: a moderator is informed of reports; only a moderator clears one
  app.post(P.topicReport(':id', ':topicId'), { config: { access: 'authenticated' }, schema: { params: TopicParams, response: { 200: ForumTopic } } }, async (request) => {
    const { id, topicId } = request.params;
    const { training, scope, topic } = await topicOr404(request, id, topicId);
    await app.db.transaction().execute(async (trx) => {
      if (await setTopicReported(trx, scope, topicId, true)) {
        await notifyTrainingOwnersOfReport(trx, {
          clientId: scope.clientId, trainingId: training.id, trainingTitle: training.title, topicId, topicTitle: topic.title,
          replyId: null, reporterId: authOf(request).user.id,
        });
      }
    });
    return topicAnswer(request, scope, topicId);
  });

  // ---- replies ----

  app.get(P.replies(':id', ':topicId'), { config: { access: 'authenticated' }, schema: { params: TopicParams, querystring: ListQuery, response: listResponse(ForumReply) } }, async (request, reply) => {
    const { scope } = await topicOr404(request, request.params.id, request.params.topicId);
    const list = parseListQuery(request.query, REPLY_LIST_SPEC);
    const { rows, total } = await listReplies(app.db, scope, replyReader(request), request.params.topicId, list);
    return sendList(reply, 'forum_answers', list, rows, total);
  });

  // spec 2 §4.11: "a closed topic accepts no replies"; a reply is the topic's new activity
  app.post(P.replies(':id', ':topicId'), { config: { access: 'authenticated' }, schema: { params: TopicParams, body: ForumReplyInput, response: { 201: ForumReply } } }, async (request, reply) => {
    const { id, topicId } = request.params;
    const { scope, topic } = await topicOr404(request, id, topicId);
    if (!topicAcceptsReplies(topic.status)) throw topicClosed();
    const text = replyText(request.body);
    const replyId = await app.db.transaction().execute((trx) => createReply(trx, topicId, authOf(request).user.id, text));
    return reply.status(201).send(await replyAnswer(request, scope, topicId, replyId));
  });

  app.put(P.reply(':id', ':topicId', ':replyId'), { config: { access: 'authenticated' }, schema: { params: ReplyParams, body: ForumReplyInput, response: { 200: ForumReply } } }, async (request) => {
    const { id, topicId, replyId } = request.params;
    const { scope, topic, reply } = await replyOr404(request, id, topicId, replyId);
    if (reply.author.id !== authOf(request).user.id) throw notAuthor();
    if (!topicAcceptsReplies(topic.status)) throw topicClosed();
    await updateReplyText(app.db, replyId, replyText(request.body));
    return replyAnswer(request, scope, topicId, replyId);
  });

  app.delete(P.reply(':id', ':topicId', ':replyId'), { config: { access: 'authenticated' }, schema: { params: ReplyParams, response: { 204: NoContent } } }, async (request, reply) => {
    const { id, topicId, replyId } = request.params;
    const found = await replyOr404(request, id, topicId, replyId);
    if (found.reply.author.id !== authOf(request).user.id) throw notAuthor();
    await app.db.transaction().execute((trx) => setReplyStatus(trx, topicId, replyId, FORUM_STATUS.deleted));
    return reply.status(204).send();
  });

  app.post(P.replyReport(':id', ':topicId', ':replyId'), { config: { access: 'authenticated' }, schema: { params: ReplyParams, response: { 200: ForumReply } } }, async (request) => {
    const { id, topicId, replyId } = request.params;
    const { training, scope, topic } = await replyOr404(request, id, topicId, replyId);
    await app.db.transaction().execute(async (trx) => {
      if (await setReplyReported(trx, topicId, replyId, true)) {
        await notifyTrainingOwnersOfReport(trx, {
          clientId: scope.clientId, trainingId: training.id, trainingTitle: training.title, topicId, topicTitle: topic.title,
          replyId, reporterId: authOf(request).user.id,
        });
      }
    });
    return replyAnswer(request, scope, topicId, replyId);
  });
};
export default forumLearner;
