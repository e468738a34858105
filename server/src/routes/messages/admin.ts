import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_RESOURCES, IdParams, MESSAGE_PATHS, MailingListConfig, MailingListConfigInput, Message, MessageInput, MessageListQuery,
  MessageRecipientQuery, type ErrorCode, MessageListItem, MessageRecipient,
} from '@lp/shared/contract';
import {
  formErrorCode, messageIsDeletable, messageIsEditable, validateMailingListConfig, validateMessage, type MailingListSettings,
} from '@lp/shared/rules';
import { foreignAudienceIds } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  deleteMessage, findMessage, foreignMessageUsers, insertMessage, mailingListConfig, messageListQuery, messageRows, messageState,
  recipientListQuery, resetFailedEmails, resolveRecipients, saveMailingListConfig, setMessageStatus, syncRecipients,
  toMessageListItems, toMessages, toRecipients, updateScheduledMessage, type MessageState,
} from '../../repositories/messages.ts';
import { blankToNull } from '../banners/common.ts';
import { scheduleMessageSend } from '../../messages/sendJob.ts';
import { titleAccess } from '../../lib/access.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['messages.title'],
  sortable: {
    id: 'messages.id', title: 'messages.title', status: 'messages.status', send_date: 'messages.send_date',
    created_at: 'messages.created_at', updated_at: 'messages.updated_at',
  },
  defaultOrdering: '-send_date',
  filters: { status: 'messages.status' },
};

const RECIPIENT_SPEC: ListSpec = {
  searchColumns: ['users.full_name', 'users.email'],
  sortable: {
    id: 'message_recipients.id', full_name: 'users.full_name', email: 'users.email', read_at: 'message_recipients.read_at',
    opened_in: 'message_recipients.opened_in', email_status: 'message_recipients.email_status',
  },
  defaultOrdering: 'full_name',
  filters: { email_status: 'message_recipients.email_status', opened_in: 'message_recipients.opened_in' },
};

const EMPTY: MessageState = {
  title: '', content: '', users: [], areas: [], profiles: [], user_groups: [], send_date: new Date(0),
  send_in_app: true, send_email: false, send_email_body: true,
};

/** The read filter of the simple envelope (`filter={"read": "true"}`); parseListQuery answers a malformed filter. */
function readFilter(filter: string | undefined): boolean | undefined {
  if (!filter) return undefined;
  try {
    const value = (JSON.parse(filter) as { read?: unknown } | null)?.read;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
  } catch {
    return undefined;
  }
  return undefined;
}

const alreadySent = () => new HttpError(409, 'message_already_sent', 'This message has already been sent and cannot be changed');

/**
 * The request merged into the stored values, checked with the shared rules
 * (shared/src/messages.ts): 400 with the field keys. A send date left empty is now.
 */
async function resolveState(db: Db, request: FastifyRequest, input: MessageInput, current: MessageState | null): Promise<MessageState> {
  const clientId = clientOf(request);
  const base = current ?? EMPTY;
  const now = new Date();
  const sendDate = input.send_date === undefined ? (current ? base.send_date.toISOString() : null) : blankToNull(input.send_date);
  const values = {
    title: input.title !== undefined ? input.title.trim() : base.title,
    content: input.content !== undefined ? sanitizeRichText(input.content) : base.content,
    users: input.users ?? base.users,
    areas: input.areas ?? base.areas,
    profiles: input.profiles ?? base.profiles,
    user_groups: input.user_groups ?? base.user_groups,
    send_in_app: input.send_in_app ?? base.send_in_app,
    send_email: input.send_email ?? base.send_email,
    send_email_body: input.send_email_body ?? base.send_email_body,
  };
  // a stored date that has just passed while the admin edited is still "the date chosen"
  const dateUnchanged = current !== null && sendDate === base.send_date.toISOString();
  const fields: Record<string, ErrorCode> = validateMessage({ ...values, send_date: dateUnchanged ? null : sendDate }, now);
  const config = await mailingListConfig(db, clientId);
  if (values.send_email && !config.email_messages && (input.send_email !== undefined || !current)) fields.send_email = 'message_email_disabled';
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The message is not valid', fields);
  const foreign = await foreignAudienceIds(db, clientId, values);
  if (await foreignMessageUsers(db, clientId, values.users)) foreign.users = 'validation_error';
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  const at = sendDate ? new Date(sendDate) : now;
  return { ...values, send_date: at.getTime() < now.getTime() ? now : at };
}

/**
 * spec 3 §2 messages (title slug messages), §3, §4: list, read, create (scheduled; the send job
 * takes it at its date), update and delete while scheduled, the recipients with their status,
 * and the retry of a message in send fail. spec 1 §2.3 mailing_list_config (title slug
 * mailing_list): the client's sender, reply-to, footer and whether messages go by e-mail.
 */
const messagesAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.messages.title);
  const item = `${MESSAGE_PATHS.collection}:id/`;

  async function answer(clientId: number, id: number): Promise<Message> {
    const [message] = await toMessages(app.db, await messageRows(app.db, clientId, id));
    if (!message) throw notFound();
    return message;
  }

  /** The recipients as they stand (the job fixes them again when it sends). */
  async function previewRecipients(db: Db, clientId: number, id: number, state: MessageState) {
    await syncRecipients(db, id, await resolveRecipients(db, clientId, id), state.send_email);
  }

  app.get(MESSAGE_PATHS.collection, { config: { access: guard }, schema: { querystring: MessageListQuery, response: listResponse(MessageListItem) } }, async (request, reply) => {
    const { status, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    const { rows, total } = await runList(messageListQuery(app.db, clientOf(request), status), list, LIST_SPEC);
    return sendList(reply, 'messages', list, toMessageListItems(rows), total);
  });

  app.get(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: Message } } }, async (request) =>
    answer(clientOf(request), request.params.id));

  app.post(MESSAGE_PATHS.collection, { config: { access: guard }, schema: { body: MessageInput, response: { 201: Message } } }, async (request, reply) => {
    const clientId = clientOf(request);
    // mass mailing: docs/security.md "Rate limits"
    await app.limit('messages_user', request, authOf(request).user.id);
    const { id, sendDate } = await app.db.transaction().execute(async (trx) => {
      const state = await resolveState(trx, request, request.body, null);
      const created = await insertMessage(trx, clientId, authOf(request).user.id, state);
      await previewRecipients(trx, clientId, created, state);
      return { id: created, sendDate: state.send_date };
    });
    await scheduleMessageSend(app, id, sendDate);
    return reply.status(201).send(await answer(clientId, id));
  });

  app.put(item, { config: { access: guard }, schema: { params: IdParams, body: MessageInput, response: { 200: Message } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    const sendDate = await app.db.transaction().execute(async (trx) => {
      const row = await findMessage(trx, clientId, id);
      if (!row) throw notFound();
      if (!messageIsEditable(row.status)) throw alreadySent();
      const state = await resolveState(trx, request, request.body, await messageState(trx, row));
      // the job may have taken it meanwhile: then it is no longer ours to change
      if (!(await updateScheduledMessage(trx, clientId, id, state))) throw alreadySent();
      await previewRecipients(trx, clientId, id, state);
      return state.send_date;
    });
    await scheduleMessageSend(app, id, sendDate);
    return answer(clientId, id);
  });

  app.delete(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: Message } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await answer(clientId, request.params.id);
    if (!messageIsDeletable(before.status)) throw new HttpError(409, 'invalid_status_transition', 'The message is being sent');
    if (!(await deleteMessage(app.db, clientId, request.params.id))) throw notFound();
    return before;
  });

  app.get(MESSAGE_PATHS.recipients(':id'), { config: { access: guard }, schema: { params: IdParams, querystring: MessageRecipientQuery, response: listResponse(MessageRecipient) } }, async (request, reply) => {
    const clientId = clientOf(request);
    if (!(await findMessage(app.db, clientId, request.params.id))) throw notFound();
    const { read, ...query } = request.query;
    const list = parseListQuery(query, RECIPIENT_SPEC);
    const readOnly = read ?? readFilter(query.filter);
    const { rows, total } = await runList(recipientListQuery(app.db, request.params.id, readOnly), list, RECIPIENT_SPEC);
    return sendList(reply, 'message_recipients', list, toRecipients(rows), total);
  });

  // spec 3 §8 "Error sending message": the e-mails that failed go again
  app.post(MESSAGE_PATHS.retry(':id'), { config: { access: guard }, schema: { params: IdParams, response: { 200: Message } } }, async (request) => {
    const clientId = clientOf(request);
    await app.limit('messages_user', request, authOf(request).user.id);
    const { id } = request.params;
    const row = await findMessage(app.db, clientId, id);
    if (!row) throw notFound();
    if (row.status !== 'send_fail') throw new HttpError(409, 'invalid_status_transition', 'Only a message in send fail is retried');
    await app.db.transaction().execute(async (trx) => {
      if (!(await setMessageStatus(trx, id, 'sending', ['send_fail']))) throw new HttpError(409, 'invalid_status_transition', 'The message changed');
      await resetFailedEmails(trx, id);
    });
    await scheduleMessageSend(app, id, new Date(), 'retry');
    return answer(clientId, id);
  });

  const mailingGuard = titleAccess(ADMIN_RESOURCES.mailing_list_config.title);

  app.get(MESSAGE_PATHS.mailingListConfig, { config: { access: mailingGuard }, schema: { response: { 200: MailingListConfig } } }, async (request) =>
    mailingListConfig(app.db, clientOf(request)));

  app.put(MESSAGE_PATHS.mailingListConfig, {
    config: { access: mailingGuard }, schema: { body: MailingListConfigInput, response: { 200: MailingListConfig } },
  }, async (request) => {
    const clientId = clientOf(request);
    const current = await mailingListConfig(app.db, clientId);
    const input = request.body;
    const settings: MailingListSettings = {
      sender_name: input.sender_name !== undefined ? (input.sender_name ?? '').trim() : current.sender_name,
      reply_to: input.reply_to !== undefined ? blankToNull(input.reply_to) : current.reply_to,
      footer: input.footer !== undefined ? (input.footer ?? '').trim() : current.footer,
      email_messages: input.email_messages ?? current.email_messages,
    };
    const fields = validateMailingListConfig(settings);
    const code = formErrorCode(fields);
    if (code) throw new HttpError(400, code, 'The mailing list configuration is not valid', fields);
    await saveMailingListConfig(app.db, clientId, authOf(request).user.id, settings);
    return mailingListConfig(app.db, clientId);
  });
};
export default messagesAdmin;
