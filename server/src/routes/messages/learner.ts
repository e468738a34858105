import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams, LearnerMessageDetail, LearnerMessageList, LearnerMessageQuery, MESSAGE_PATHS, MessageReadBody, UnreadMessages,
} from '@lp/shared/contract';
import { notFound } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { learnerMessage, learnerMessages, markMessageRead, unreadMessageCount } from '../../repositories/messages.ts';

/**
 * spec 3 §2 'messages' (learner): the user's in-app messages of the selected client once sent,
 * newest first with the unread marked, one message, its reading (read, and opened_in: web or app,
 * the first opening kept), and the unread count the header shows.
 */
const messagesLearner: FastifyPluginAsyncTypebox = async (app) => {

  app.get(MESSAGE_PATHS.learnerMessages, { config: { access: 'authenticated' }, schema: { querystring: LearnerMessageQuery, response: { 200: LearnerMessageList } } }, async (request) => {
    const size = request.query.page_size ?? 10;
    return learnerMessages(app.db, clientOf(request), authOf(request).user.id, {
      offset: ((request.query.page ?? 1) - 1) * size, limit: size, unread: request.query.unread,
    });
  });

  app.get(MESSAGE_PATHS.learnerUnread, { config: { access: 'authenticated' }, schema: { response: { 200: UnreadMessages } } }, async (request) =>
    ({ unread: await unreadMessageCount(app.db, clientOf(request), authOf(request).user.id) }));

  app.get(MESSAGE_PATHS.learnerMessage(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerMessageDetail } } }, async (request) => {
    const found = await learnerMessage(app.db, clientOf(request), authOf(request).user.id, request.params.id);
    if (!found) throw notFound();
    const { recipient_id: _recipient, ...message } = found;
    return message;
  });

  app.post(MESSAGE_PATHS.learnerRead(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, body: MessageReadBody, response: { 200: LearnerMessageDetail } },
  }, async (request) => {
    const clientId = clientOf(request);
    const userId = authOf(request).user.id;
    const found = await learnerMessage(app.db, clientId, userId, request.params.id);
    if (!found) throw notFound();
    await markMessageRead(app.db, found.recipient_id, request.body.opened_in);
    const { recipient_id: _recipient, ...message } = (await learnerMessage(app.db, clientId, userId, request.params.id))!;
    return message;
  });
};
export default messagesLearner;
