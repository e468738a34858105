/**
 * Webcast chat messages (spec 2 §3.12, §4.13) and who may read them on the learner side.
 */
import type { ChatMessage, LearnerChatMessage } from '@lp/shared/contract';
import type { ChatState } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import type { WebcastRow } from '../db/tables/webcast.table.ts';
import type { WebcastChatMessageRow } from '../db/tables/webcastChat.table.ts';
import { learnerContext } from './learner/context.ts';
import { findLearnerWebcast } from './learner/webcasts.ts';

export function toChatMessage(row: WebcastChatMessageRow): ChatMessage {
  return {
    id: row.id,
    n: row.sender_name,
    m: row.text,
    t: row.created_at,
    a: row.admin_flag,
    state: row.state as ChatState,
    media_time: row.media_time,
  };
}

export interface NewChatMessage {
  webcastId: number;
  userId: number;
  senderName: string;
  text: string;
  adminFlag: boolean;
  state: ChatState;
  /** the publisher time of the picture it was written about; null when unknown */
  mediaTime: Date | null;
  /** the sender's own id of the message (a learner's retried send); null for none */
  clientMessageId?: string | null;
}

/** The message a sender already sent under their own id, if any (a retried send). */
export async function findChatMessageByClientId(db: Db, webcastId: number, userId: number, clientMessageId: string): Promise<WebcastChatMessageRow | undefined> {
  return db.selectFrom('webcast_chat_messages').selectAll()
    .where('webcast_id', '=', webcastId).where('user_id', '=', userId).where('client_message_id', '=', clientMessageId)
    .executeTakeFirst();
}

/**
 * Stores a message. With a client id already stored for this sender (two tries of one send racing
 * on two nodes), nothing is inserted and the answer is undefined: the caller reads the stored one.
 */
export async function insertChatMessage(db: Db, message: NewChatMessage): Promise<WebcastChatMessageRow | undefined> {
  return db.insertInto('webcast_chat_messages').values({
    webcast_id: message.webcastId,
    user_id: message.userId,
    sender_name: message.senderName,
    text: message.text,
    admin_flag: message.adminFlag,
    state: message.state,
    moderated_by: null,
    moderated_at: null,
    created_at: new Date(),
    media_time: message.mediaTime,
    client_message_id: message.clientMessageId ?? null,
  }).onConflict((oc) => oc.columns(['webcast_id', 'user_id', 'client_message_id']).doNothing())
    .returningAll().executeTakeFirst();
}

/** When the user's latest `limit` messages in the webcast were sent, newest first (its user index, newest by id). */
export async function latestChatSendTimes(db: Db, webcastId: number, userId: number, limit: number): Promise<Date[]> {
  const rows = await db.selectFrom('webcast_chat_messages').select('created_at')
    .where('webcast_id', '=', webcastId).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => new Date(r.created_at));
}

export async function findChatMessage(db: Db, webcastId: number, id: number): Promise<WebcastChatMessageRow | undefined> {
  return db.selectFrom('webcast_chat_messages').selectAll().where('webcast_id', '=', webcastId).where('id', '=', id).executeTakeFirst();
}

/**
 * Moves a message from `from` to `to` only if it is still in `from` (two moderators clicking at
 * once: one wins, the other is told the move is no longer allowed). The row after, or null.
 */
export async function moveChatMessage(db: Db, webcastId: number, id: number, from: ChatState, to: ChatState, moderatorId: number): Promise<WebcastChatMessageRow | null> {
  const res = await db.updateTable('webcast_chat_messages')
    .set({ state: to, moderated_by: moderatorId, moderated_at: new Date() })
    .where('webcast_id', '=', webcastId).where('id', '=', id).where('state', '=', from)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  return (await findChatMessage(db, webcastId, id)) ?? null;
}

/** A column's newest messages (the snapshot a moderation column starts from). */
export async function latestChatMessages(db: Db, webcastId: number, state: ChatState, limit: number): Promise<ChatMessage[]> {
  const rows = await db.selectFrom('webcast_chat_messages').selectAll()
    .where('webcast_id', '=', webcastId).where('state', '=', state)
    .orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toChatMessage);
}

/** What a learner reads: the public messages and their own pending ones, newest first. */
export async function learnerChatPage(
  db: Db, webcastId: number, userId: number, page: { offset: number; limit: number; before?: number },
): Promise<{ count: number; results: LearnerChatMessage[] }> {
  let base = db.selectFrom('webcast_chat_messages')
    .where('webcast_id', '=', webcastId)
    .where((eb) => eb.or([
      eb('state', '=', 'public'),
      eb.and([eb('state', '=', 'pending'), eb('user_id', '=', userId)]),
    ]));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (page.before) base = base.where('id', '<', page.before);
  const rows = await base.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.before ? 0 : page.offset).execute();
  return {
    count: Number(total.n),
    results: rows.map((r) => ({ ...toChatMessage(r), mine: r.user_id === userId })),
  };
}

/**
 * The webcast when the user may watch it (and so read and write its chat): what the learner
 * side opens (learner/webcasts.ts: published, finished or converting, of the selected client,
 * in the webcast's audience, content/audience).
 */
export async function webcastForLearner(db: Db, clientId: number, webcastId: number, userId: number): Promise<WebcastRow | undefined> {
  // the language only picks alt texts, which the chat does not show
  const ctx = await learnerContext(db, clientId, { id: userId, language_id: 1 });
  return findLearnerWebcast(db, ctx, webcastId);
}
