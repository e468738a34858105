/**
 * Demo chat on the demo's live webinar, so the chat moderation tab shows each
 * column and the watch page a conversation: the instructor's welcome (the 'a' flag), the
 * learner's approved and pending questions, and a disapproved message. Idempotent: a webcast
 * that already has messages is left as it is.
 */
import type { Kysely } from 'kysely';
import type { ChatState } from '@lp/shared/rules';
import type { Database } from '../db/database.ts';

export interface WebcastChatSeedOptions {
  clientId: number;
  /** the webcast, by title (seed/webcasts.ts) */
  webcastTitle: string;
  instructorId: number;
  learnerId: number;
  now?: Date;
}

export async function seedWebcastChat(db: Kysely<Database>, o: WebcastChatSeedOptions): Promise<void> {
  const webcast = await db.selectFrom('webcasts').select('id').where('client_id', '=', o.clientId).where('title', '=', o.webcastTitle).executeTakeFirst();
  if (!webcast) return;
  const has = await db.selectFrom('webcast_chat_messages').select('id').where('webcast_id', '=', webcast.id).executeTakeFirst();
  if (has) return;
  const names = new Map((await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', [o.instructorId, o.learnerId]).execute())
    .map((u) => [u.id, u.full_name]));
  const now = (o.now ?? new Date()).getTime();
  const messages: Array<[userId: number, text: string, state: ChatState, admin: boolean]> = [
    [o.instructorId, 'Sejam bem-vindos! Enviem suas perguntas por aqui.', 'public', true],
    [o.learnerId, 'Vamos receber os slides depois da transmissão?', 'public', false],
    [o.learnerId, 'Compre seguidores baratos em www.exemplo.com', 'disapproved', false],
    [o.learnerId, 'Como fica a escala de quem entra no turno da noite?', 'pending', false],
  ];
  await db.insertInto('webcast_chat_messages').values(messages.map(([userId, text, state, admin], i) => ({
    webcast_id: webcast.id, user_id: userId, sender_name: names.get(userId) ?? '', text, admin_flag: admin, state,
    moderated_by: state === 'pending' || admin ? null : o.instructorId,
    moderated_at: state === 'pending' || admin ? null : new Date(now - (messages.length - i) * 30_000),
    created_at: new Date(now - (messages.length - i) * 60_000),
  }))).execute();
}
