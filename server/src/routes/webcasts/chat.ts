import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  canOpenAdminTitle, CHAT_CHANNEL_TYPES, chatSendWaitMs, LEARNER_CHAT_RATE, CHAT_SNAPSHOT_LIMIT, chatChannelTypeOf, chatMoveTarget, chatStateOf, checkChatMediaTime, checkChatMessage, initialChatState, webcastChatChannel, type ChatChannelType, type ChatMove,
} from '@lp/shared/rules';
import {
  ChatMessage, ChatMessageIdForm, LearnerChatMessage, LearnerChatPage, LearnerChatQuery, LearnerChatSend, SendChatMessageForm, WEBCAST_CHAT_PATHS, type ChatChannelEvent, type ErrorCode,
} from '@lp/shared/contract';
import type { WebcastRow } from '../../db/tables/webcast.table.ts';
import type { WebcastChatMessageRow } from '../../db/tables/webcastChat.table.ts';
import { HttpError, notFound, RateLimited } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import type { SocketAuth } from '../../realtime/hub.ts';
import {
  findChatMessage, findChatMessageByClientId, insertChatMessage, latestChatMessages, latestChatSendTimes, learnerChatPage, moveChatMessage, toChatMessage, webcastForLearner,
} from '../../repositories/webcastChat.ts';
import { WEBCASTS_TITLE, webcastAccess, webcastOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';
import { findWebcast } from '../../repositories/webcasts.ts';

const chatDisabled = () => new HttpError(409, 'chat_disabled', 'The chat of this webcast is off');

function messageText(text: string): string {
  const checked = checkChatMessage(text);
  if ('error' in checked) throw new HttpError(400, checked.error, 'Invalid message', { message: checked.error });
  return checked.text;
}

function mediaTime(value: string | null | undefined, now: Date): Date | null {
  const checked = checkChatMediaTime(value, now);
  if ('error' in checked) throw new HttpError(400, checked.error, 'The media time is out of range', { media_time: checked.error });
  return checked.mediaTime;
}

/**
 * Webcast chat (spec 2 §2.5 chat moderation tab, §3.12, §4.13, §6, §7.3 "Chat"):
 * the admin's send / approve / disapprove, the learner's read and send, and the realtime
 * channels the moderation columns and the watch page follow (protocol: shared/src/contract/realtime.ts).
 */
const chat: FastifyPluginAsyncTypebox = async (app) => {
  const guards = webcastAccess();

  /** Every change reaches the column it left and the column it entered. */
  async function announce(row: WebcastChatMessageRow, previous: ChatChannelType | null): Promise<ChatMessage> {
    const message = toChatMessage(row);
    const event: ChatChannelEvent = { message };
    const now = chatChannelTypeOf(message.state);
    if (previous && previous !== now) await app.realtime.publish(webcastChatChannel(row.webcast_id, previous), event);
    await app.realtime.publish(webcastChatChannel(row.webcast_id, now), event);
    if (previous === 'moderation' && now === 'disapproved') {
      // its author follows only the public channel, where their pending message shows as awaiting
      // moderation: it is told the message left, without its text or name for everyone else
      await app.realtime.publish(webcastChatChannel(row.webcast_id, 'public'), { message: { ...message, n: '', m: '' } } satisfies ChatChannelEvent);
    }
    return message;
  }

  // ---- realtime channels ----

  /** The moderation side: the webcasts admin of the webcast's client (spec 2 §2.2, §6 `webcasts`). */
  async function adminWebcast(auth: SocketAuth, webcastId: number): Promise<WebcastRow | null> {
    if (auth.clientId === null || canOpenAdminTitle(auth.subject, WEBCASTS_TITLE) !== 'allow') return null;
    return (await findWebcast(app.db, auth.clientId, webcastId)) ?? null;
  }

  /** Who may read a webcast's public messages and online count: its moderators, and learners of its audience while the chat is on. */
  async function publicReader(auth: SocketAuth, webcastId: number): Promise<ErrorCode | null> {
    if (await adminWebcast(auth, webcastId)) return null;
    if (auth.clientId === null) return 'not_found';
    const row = await webcastForLearner(app.db, auth.clientId, webcastId, auth.userId);
    if (!row) return 'not_found';
    return row.use_chat ? null : 'chat_disabled';
  }

  const webcastId = (text: string | undefined) => (text && /^\d{1,10}$/.test(text) ? Number(text) : null);

  app.realtime.define<{ id: number; type: ChatChannelType }>('webcast_chat', {
    parse: (segments) => {
      const id = webcastId(segments[0]);
      const type = CHAT_CHANNEL_TYPES.find((t) => t === segments[1]);
      return segments.length === 2 && id !== null && type ? { id, type } : null;
    },
    async authorize(auth, { id, type }) {
      if (type === 'public') return publicReader(auth, id);
      // spec 2 §6: the moderation and disapproved columns are the webcasts admin's
      if (await adminWebcast(auth, id)) return null;
      return 'permission_denied';
    },
    snapshot: async (_auth, { id, type }) => ({ messages: await latestChatMessages(app.db, id, chatStateOf(type), CHAT_SNAPSHOT_LIMIT) }),
  });

  app.realtime.define<{ id: number }>('webcast_user_online', {
    parse: (segments) => {
      const id = webcastId(segments[0]);
      return segments.length === 1 && id !== null ? { id } : null;
    },
    authorize: (auth, { id }) => publicReader(auth, id),
    presence: true,
  });

  // ---- admin (W = /admin_webcasts/webcasts/{id}) ----

  // spec 2 §6: "Sending chat messages is not gated by" webcasts_manage
  app.post(WEBCAST_CHAT_PATHS.send(':id'), {
    config: { access: guards.read },
    schema: { params: IdParams, body: SendChatMessageForm, response: { 201: ChatMessage } },
  }, async (request, reply) => {
    const webcast = await webcastOr404(app.db, request, request.params.id);
    if (!webcast.use_chat) throw chatDisabled();
    const text = messageText(request.body.message);
    const { user } = authOf(request);
    // the moderation side (the publisher among it) sees the picture as it is sent: its media time is now
    const row = await insertChatMessage(app.db, {
      webcastId: webcast.id, userId: user.id, senderName: user.full_name, text, adminFlag: true, state: initialChatState(true, true), mediaTime: new Date(),
    });
    // without a client id there is nothing to conflict with: a row always comes back
    return reply.status(201).send(await announce(row!, null));
  });

  async function move(request: FastifyRequest, webcastId: number, messageId: number, action: ChatMove): Promise<ChatMessage> {
    const webcast = await webcastOr404(app.db, request, webcastId);
    const row = await findChatMessage(app.db, webcast.id, messageId);
    if (!row) throw notFound();
    const from = toChatMessage(row).state;
    const to = chatMoveTarget(from, action);
    const moved = to && await moveChatMessage(app.db, webcast.id, row.id, from, to, authOf(request).user.id);
    // spec 2 §4.13 allowed moves only; also the loser of two moderators acting on one message at once
    if (!moved) throw new HttpError(409, 'chat_message_move_not_allowed', `A ${from} message cannot be ${action}d`);
    return announce(moved, chatChannelTypeOf(from));
  }

  for (const action of ['approve', 'disapprove'] as const) {
    app.post(WEBCAST_CHAT_PATHS[action](':id'), {
      // spec 2 §6: chat Approve and Disapprove need webcasts_manage
      config: { access: guards.write },
      schema: { params: IdParams, body: ChatMessageIdForm, response: { 200: ChatMessage } },
    }, async (request) => move(request, request.params.id, request.body.message_id, action));
  }

  // ---- learner (the watch page; spec 2 §2.1, §7.6 "The learner chat reads and writes the realtime store") ----

  async function learnerWebcast(request: FastifyRequest, id: number): Promise<WebcastRow> {
    const row = await webcastForLearner(app.db, clientOf(request), id, authOf(request).user.id);
    if (!row) throw notFound();
    if (!row.use_chat) throw chatDisabled();
    return row;
  }

  app.get(WEBCAST_CHAT_PATHS.learner(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, querystring: LearnerChatQuery, response: { 200: LearnerChatPage } },
  }, async (request) => {
    const webcast = await learnerWebcast(request, request.params.id);
    const size = request.query.page_size ?? 50;
    return learnerChatPage(app.db, webcast.id, authOf(request).user.id, {
      offset: ((request.query.page ?? 1) - 1) * size, limit: size, ...(request.query.before ? { before: request.query.before } : {}),
    });
  });

  app.post(WEBCAST_CHAT_PATHS.learner(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, body: LearnerChatSend, response: { 200: LearnerChatMessage, 201: LearnerChatMessage } },
  }, async (request, reply) => {
    const webcast = await learnerWebcast(request, request.params.id);
    const text = messageText(request.body.message);
    const now = new Date();
    const at = mediaTime(request.body.media_time, now);
    const { user } = authOf(request);
    const clientId = request.body.client_message_id ?? null;
    // a retried send (its answer was lost, maybe with the node that stored it): the stored message, announced already
    const replay = async () => {
      const stored = clientId ? await findChatMessageByClientId(app.db, webcast.id, user.id, clientId) : undefined;
      return stored && reply.status(200).send({ ...toChatMessage(stored), mine: true });
    };
    const earlier = await replay();
    if (earlier) return earlier;
    // the flood guard (shared LEARNER_CHAT_RATE); two sends in the same instant may both pass, which a guard can afford
    const wait = chatSendWaitMs(await latestChatSendTimes(app.db, webcast.id, user.id, LEARNER_CHAT_RATE.max), now);
    if (wait > 0) throw new RateLimited('too_many_chat_messages', 'Too many chat messages; wait a few seconds', Math.ceil(wait / 1000));
    const row = await insertChatMessage(app.db, {
      webcastId: webcast.id, userId: user.id, senderName: user.full_name, text, adminFlag: false,
      state: initialChatState(webcast.chat_moderated, false), mediaTime: at, clientMessageId: clientId,
    });
    if (!row) return (await replay())!;
    return reply.status(201).send({ ...(await announce(row, null)), mine: true });
  });
};
export default chat;
