import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Chat in step with the picture: the publisher time of the picture a chat message was written
 * about (shared CHAT_MEDIA_TIME_RANGE, chatReleased). Null for messages sent without a player
 * and for every message before this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('webcast_chat_messages').addColumn('media_time', t.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webcast_chat_messages').dropColumn('media_time').execute();
}
