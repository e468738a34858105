import type { Kysely } from 'kysely';

/**
 * A learner's chat message may carry the id its client gave it, so a send retried after a lost
 * answer (a node killed mid-request, the proxy moving the client to another node) is the same
 * message, not a second one (docs/production.md "Topology"). Unique per webcast and sender;
 * rows without one (moderation sends, older clients) are not constrained (NULLs differ).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webcast_chat_messages').addColumn('client_message_id', 'varchar(64)').execute();
  await db.schema.createIndex('webcast_chat_messages_client_id_idx').unique()
    .on('webcast_chat_messages').columns(['webcast_id', 'user_id', 'client_message_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webcast_chat_messages_client_id_idx').execute();
  await db.schema.alterTable('webcast_chat_messages').dropColumn('client_message_id').execute();
}
