/**
 * Messages to users (spec 3 §3 "Messages and related", §4 "Messages and banners"): the admin's
 * rows with their recipients' choice, the resolution of that choice into users, the per-recipient
 * read and e-mail status the send job and the learner update, and the client's mailing list
 * configuration (spec 1 §2.3 mailing_list_config).
 */
import {
  MAILING_LIST_DEFAULTS, htmlExcerpt, type MailingListSettings, type MessageStatus, type OpenedIn, type RecipientEmailStatus,
} from '@lp/shared/rules';
import {
  MESSAGE_EXCERPT_LENGTH, type LearnerMessage, type LearnerMessageDetail, type LearnerMessageList, type MailingListConfig, type Message,
  type MessageListItem, type MessageRecipient,
} from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { MessageRow } from '../db/tables/bannerMessage.table.ts';
import { memberInAudienceOf, readAudience, readAudiences, writeAudience, type AudienceIds } from '../content/audience/index.ts';
import { canLogIn } from './users.ts';

/** The stored values of a message, in the contract's names. */
export interface MessageState extends AudienceIds {
  title: string;
  content: string;
  users: number[];
  send_date: Date;
  send_in_app: boolean;
  send_email: boolean;
  send_email_body: boolean;
}

/** A message becomes visible in the app (and its recipients fixed) once the job takes it. */
export const DELIVERED_STATUSES: readonly MessageStatus[] = ['sending', 'sent', 'send_fail'];

export function messageQuery(db: Db, clientId: number) {
  return db.selectFrom('messages')
    .selectAll('messages')
    .select((eb) => [
      eb.selectFrom('message_recipients').select((r) => r.fn.countAll<number>().as('n'))
        .whereRef('message_recipients.message_id', '=', 'messages.id').as('recipients_count'),
      eb.selectFrom('message_recipients').select((r) => r.fn.countAll<number>().as('n'))
        .whereRef('message_recipients.message_id', '=', 'messages.id').where('message_recipients.read_at', 'is not', null).as('read_count'),
      eb.selectFrom('message_recipients').select((r) => r.fn.countAll<number>().as('n'))
        .whereRef('message_recipients.message_id', '=', 'messages.id').where('message_recipients.email_status', '=', 'failed').as('email_failed_count'),
    ])
    .where('messages.client_id', '=', clientId);
}
type MessageJoin = Awaited<ReturnType<ReturnType<typeof messageQuery>['execute']>>[number];

export async function findMessage(db: Db, clientId: number, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

async function chosenUsers(db: Db, ids: readonly number[]): Promise<Map<number, Array<{ id: number; full_name: string; email: string }>>> {
  const map = new Map<number, Array<{ id: number; full_name: string; email: string }>>();
  if (ids.length === 0) return map;
  const rows = await db.selectFrom('message_users').innerJoin('users', 'users.id', 'message_users.user_id')
    .select(['message_users.message_id', 'users.id', 'users.full_name', 'users.email'])
    .where('message_users.message_id', 'in', [...ids]).orderBy('users.full_name').execute();
  for (const row of rows) map.set(row.message_id, [...(map.get(row.message_id) ?? []), { id: row.id, full_name: row.full_name, email: row.email }]);
  return map;
}

const count = (value: unknown) => Number(value ?? 0);

export async function toMessages(db: Db, rows: MessageJoin[]): Promise<Message[]> {
  const ids = rows.map((r) => r.id);
  const [audiences, users] = await Promise.all([readAudiences(db, 'message', ids), chosenUsers(db, ids)]);
  return rows.map((row) => {
    const list = users.get(row.id) ?? [];
    return {
      id: row.id, title: row.title, content: row.content, users: list.map((u) => u.id), users_list: list,
      ...audiences.get(row.id)!, send_date: row.send_date, send_in_app: row.send_in_app, send_email: row.send_email,
      send_email_body: row.send_email_body, status: row.status as MessageStatus, recipients_count: count(row.recipients_count),
      read_count: count(row.read_count), email_failed_count: count(row.email_failed_count), sent_at: row.sent_at,
      created_at: row.created_at, updated_at: row.updated_at,
    };
  });
}

export function toMessageListItems(rows: MessageJoin[]): MessageListItem[] {
  return rows.map((row) => ({
    id: row.id, title: row.title, send_date: row.send_date, send_in_app: row.send_in_app, send_email: row.send_email,
    status: row.status as MessageStatus, recipients_count: count(row.recipients_count), read_count: count(row.read_count),
    created_at: row.created_at,
  }));
}

export async function messageState(db: Db, row: MessageRow): Promise<MessageState> {
  const [audience, users] = await Promise.all([readAudience(db, 'message', row.id), chosenUsers(db, [row.id])]);
  return {
    title: row.title, content: row.content, users: (users.get(row.id) ?? []).map((u) => u.id), ...audience,
    send_date: new Date(row.send_date), send_in_app: row.send_in_app, send_email: row.send_email,
    send_email_body: row.send_email_body,
  };
}

const columns = (state: MessageState) => ({
  title: state.title, content: state.content, send_date: state.send_date, send_in_app: state.send_in_app,
  send_email: state.send_email, send_email_body: state.send_email_body,
});

async function saveLinks(db: Db, id: number, state: MessageState) {
  await writeAudience(db, 'message', id, state);
  await db.deleteFrom('message_users').where('message_id', '=', id).execute();
  const users = [...new Set(state.users)];
  if (users.length) await db.insertInto('message_users').values(users.map((user_id) => ({ message_id: id, user_id }))).execute();
}

export async function insertMessage(db: Db, clientId: number, userId: number, state: MessageState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('messages')
    .values({ client_id: clientId, ...columns(state), status: 'scheduled', sent_at: null, created_by: userId, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await saveLinks(db, row.id, state);
  return row.id;
}

/** Only a scheduled message changes (spec 3 §4); false otherwise or when it is not the client's. */
export async function updateScheduledMessage(db: Db, clientId: number, id: number, state: MessageState): Promise<boolean> {
  const result = await db.updateTable('messages').set({ ...columns(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '=', 'scheduled').executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await saveLinks(db, id, state);
  return true;
}

export async function deleteMessage(db: Db, clientId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('messages').where('id', '=', id).where('client_id', '=', clientId)
    .where('status', '!=', 'sending').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Whether any chosen user is not a user of the client. */
export async function foreignMessageUsers(db: Db, clientId: number, users: readonly number[]): Promise<boolean> {
  const ids = [...new Set(users)];
  if (ids.length === 0) return false;
  const found = await db.selectFrom('user_clients').select('user_id').where('client_id', '=', clientId).where('user_id', 'in', ids).execute();
  return found.length !== ids.length;
}

/**
 * spec 3 §3 recipients: the chosen users ∪ the members of the chosen groups ∪ the users with one
 * of the chosen areas and one of the chosen profiles (the audience rule of content/audience, over
 * the message as stored) — users of the client who can log in, each once, in id order.
 */
export async function resolveRecipients(db: Db, clientId: number, messageId: number): Promise<number[]> {
  const users = await db.selectFrom('user_clients').innerJoin('users', 'users.id', 'user_clients.user_id')
    .select(['users.id', 'users.status'])
    .where('user_clients.client_id', '=', clientId)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('message_users').select('message_users.user_id')
        .where('message_users.message_id', '=', messageId).whereRef('message_users.user_id', '=', 'user_clients.user_id')),
      memberInAudienceOf('message', messageId),
    ]))
    .execute();
  return users.filter((u) => canLogIn(u.status)).map((u) => u.id).sort((a, b) => a - b);
}

/**
 * Makes the recipient rows match `userIds`: new ones are added (their e-mail pending, or skipped
 * without e-mail), rows of users no longer chosen go unless already read or e-mailed. Idempotent.
 */
export async function syncRecipients(db: Db, messageId: number, userIds: readonly number[], withEmail: boolean): Promise<void> {
  const existing = await db.selectFrom('message_recipients').select(['id', 'user_id', 'read_at', 'email_status'])
    .where('message_id', '=', messageId).execute();
  const wanted = new Set(userIds);
  const have = new Set(existing.map((r) => r.user_id));
  const stale = existing.filter((r) => !wanted.has(r.user_id) && r.read_at === null && r.email_status !== 'sent').map((r) => r.id);
  if (stale.length) await db.deleteFrom('message_recipients').where('id', 'in', stale).execute();
  const missing = userIds.filter((id) => !have.has(id));
  const now = new Date();
  for (let i = 0; i < missing.length; i += 500) {
    await db.insertInto('message_recipients').values(missing.slice(i, i + 500).map((user_id) => ({
      message_id: messageId, user_id, read_at: null, opened_in: null, email_status: withEmail ? 'pending' : 'skipped',
      email_sent_at: null, email_error: null, created_at: now,
    }))).onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing()).execute();
  }
  // the e-mail channel may have changed while scheduled
  await db.updateTable('message_recipients').set({ email_status: withEmail ? 'pending' : 'skipped' })
    .where('message_id', '=', messageId).where('email_status', '=', withEmail ? 'skipped' : 'pending').execute();
}

/** spec 3 §4 scheduled → sending, once, when the send date has come. */
export async function claimMessage(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db.updateTable('messages').set({ status: 'sending', updated_at: now })
    .where('id', '=', id).where('status', '=', 'scheduled').where('send_date', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setMessageStatus(db: Db, id: number, status: MessageStatus, from: readonly MessageStatus[]): Promise<boolean> {
  const now = new Date();
  const result = await db.updateTable('messages')
    .set({ status, updated_at: now, ...(status === 'sent' || status === 'send_fail' ? { sent_at: now } : {}) })
    .where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface EmailRecipient {
  id: number;
  user_id: number;
  email: string;
  full_name: string;
  language_id: number;
  email_attempts: number;
}

/** Recipients whose e-mail has not gone yet (pending, or failed on an earlier attempt). */
export async function emailRecipients(db: Db, messageId: number): Promise<EmailRecipient[]> {
  return db.selectFrom('message_recipients').innerJoin('users', 'users.id', 'message_recipients.user_id')
    .select(['message_recipients.id', 'message_recipients.user_id', 'users.email', 'users.full_name', 'users.language_id', 'message_recipients.email_attempts'])
    .where('message_recipients.message_id', '=', messageId)
    .where('message_recipients.email_status', 'in', ['pending', 'failed'])
    .orderBy('message_recipients.id').execute();
}

export async function markEmail(db: Db, recipientId: number, status: Extract<RecipientEmailStatus, 'sent' | 'failed' | 'skipped'>, error: string | null = null): Promise<void> {
  await db.updateTable('message_recipients')
    .set((eb) => ({
      email_status: status, email_error: error, email_attempts: eb('email_attempts', '+', 1),
      ...(status === 'sent' ? { email_sent_at: new Date() } : {}),
    }))
    .where('id', '=', recipientId).where('email_status', '!=', 'sent').execute();
}

export async function failedEmailCount(db: Db, messageId: number): Promise<number> {
  const row = await db.selectFrom('message_recipients').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('message_id', '=', messageId).where('email_status', 'in', ['failed', 'pending']).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Failed e-mails go back to pending, for a retry of a message in send fail. */
export async function resetFailedEmails(db: Db, messageId: number): Promise<void> {
  await db.updateTable('message_recipients').set({ email_status: 'pending', email_error: null })
    .where('message_id', '=', messageId).where('email_status', '=', 'failed').execute();
}

/** Scheduled messages (for the start-up catch-up of the send job). */
export async function scheduledMessages(db: Db): Promise<Array<{ id: number; send_date: Date }>> {
  const rows = await db.selectFrom('messages').select(['id', 'send_date', 'status'])
    .where('status', 'in', ['scheduled', 'sending']).execute();
  return rows.map((r) => ({ id: r.id, send_date: new Date(r.send_date) }));
}

// ---- admin: recipients ----

export function recipientQuery(db: Db, messageId: number) {
  return db.selectFrom('message_recipients').innerJoin('users', 'users.id', 'message_recipients.user_id')
    .select([
      'message_recipients.id', 'message_recipients.user_id', 'users.full_name', 'users.email', 'message_recipients.read_at',
      'message_recipients.opened_in', 'message_recipients.email_status', 'message_recipients.email_sent_at', 'message_recipients.email_error',
    ])
    .where('message_recipients.message_id', '=', messageId);
}
type RecipientJoin = Awaited<ReturnType<ReturnType<typeof recipientQuery>['execute']>>[number];

export function toRecipients(rows: RecipientJoin[]): MessageRecipient[] {
  return rows.map((row) => ({
    id: row.id, user_id: row.user_id, full_name: row.full_name, email: row.email, read: row.read_at !== null, read_at: row.read_at,
    opened_in: (row.opened_in as OpenedIn | null) ?? null, email_status: row.email_status as RecipientEmailStatus,
    email_sent_at: row.email_sent_at, email_error: row.email_error,
  }));
}

// ---- learner ----

function learnerMessageQuery(db: Db, clientId: number, userId: number) {
  return db.selectFrom('message_recipients').innerJoin('messages', 'messages.id', 'message_recipients.message_id')
    .select([
      'messages.id', 'messages.title', 'messages.content', 'messages.send_date', 'message_recipients.id as recipient_id',
      'message_recipients.read_at', 'message_recipients.opened_in',
    ])
    .where('message_recipients.user_id', '=', userId)
    .where('messages.client_id', '=', clientId)
    .where('messages.send_in_app', '=', true)
    .where('messages.status', 'in', [...DELIVERED_STATUSES]);
}
type LearnerJoin = Awaited<ReturnType<ReturnType<typeof learnerMessageQuery>['execute']>>[number];


const toLearner = (row: LearnerJoin): LearnerMessage => ({
  id: row.id, title: row.title, excerpt: htmlExcerpt(row.content, MESSAGE_EXCERPT_LENGTH), send_date: row.send_date, read: row.read_at !== null,
  read_at: row.read_at, opened_in: (row.opened_in as OpenedIn | null) ?? null,
});

export async function unreadMessageCount(db: Db, clientId: number, userId: number): Promise<number> {
  const row = await learnerMessageQuery(db, clientId, userId).clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n')).where('message_recipients.read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's messages of the selected client, newest first; unread only when asked. */
export async function learnerMessages(db: Db, clientId: number, userId: number, page: { offset: number; limit: number; unread?: boolean }): Promise<LearnerMessageList> {
  let q = learnerMessageQuery(db, clientId, userId);
  if (page.unread) q = q.where('message_recipients.read_at', 'is', null);
  const total = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.orderBy('messages.send_date', 'desc').orderBy('messages.id', 'desc').limit(page.limit).offset(page.offset).execute();
  return { count: Number(total.n), unread: await unreadMessageCount(db, clientId, userId), results: rows.map(toLearner) };
}

export async function learnerMessage(db: Db, clientId: number, userId: number, id: number): Promise<(LearnerMessageDetail & { recipient_id: number }) | undefined> {
  const row = await learnerMessageQuery(db, clientId, userId).where('messages.id', '=', id).executeTakeFirst();
  return row ? { ...toLearner(row), content: row.content, recipient_id: row.recipient_id } : undefined;
}

/** spec 3 §3 read and opened_in: the first opening is kept. */
export async function markMessageRead(db: Db, recipientId: number, openedIn: OpenedIn): Promise<void> {
  await db.updateTable('message_recipients').set({ read_at: new Date(), opened_in: openedIn })
    .where('id', '=', recipientId).where('read_at', 'is', null).execute();
}

// ---- mailing list configuration ----

export async function mailingListConfig(db: Db, clientId: number): Promise<MailingListConfig> {
  const row = await db.selectFrom('mailing_list_configs').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  if (!row) return { ...MAILING_LIST_DEFAULTS, updated_at: null };
  return {
    sender_name: row.sender_name, reply_to: row.reply_to, footer: row.footer, email_messages: row.email_messages,
    updated_at: row.updated_at,
  };
}

export async function saveMailingListConfig(db: Db, clientId: number, userId: number, settings: MailingListSettings): Promise<void> {
  const values = { ...settings, updated_by: userId, updated_at: new Date() };
  await db.insertInto('mailing_list_configs').values({ client_id: clientId, ...values })
    .onConflict((oc) => oc.column('client_id').doUpdateSet(values)).execute();
}

/** The message a send job works on (jobs are enqueued by the server, so the id alone names it). */
export async function findMessageForJob(db: Db, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The client's message as the list shows it (none or one row). */
export async function messageRows(db: Db, clientId: number, id: number) {
  return messageQuery(db, clientId).where('messages.id', '=', id).execute();
}

/** The client's messages, of one status when given; the list helper pages it. */
export function messageListQuery(db: Db, clientId: number, status: string | undefined) {
  let qb = messageQuery(db, clientId);
  if (status) qb = qb.where('messages.status', '=', status);
  return qb;
}

/** The message's recipients, only those who read it (true) or did not (false) when given; the list helper pages it. */
export function recipientListQuery(db: Db, messageId: number, readOnly: boolean | undefined) {
  let qb = recipientQuery(db, messageId);
  if (readOnly !== undefined) qb = qb.where('message_recipients.read_at', readOnly ? 'is not' : 'is', null);
  return qb;
}
