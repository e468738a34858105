import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Webcast chat (spec 2 §3.12 n, m, t, a; §4.13 states) and the one-use tickets
 * that open the realtime socket (DESIGN "Realtime"). Presence is not stored here: it lives in
 * the realtime layer (memory, or Redis across nodes), renewed by heartbeats.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('webcast_chat_messages')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('webcast_id', 'integer', (c) => c.notNull().references('webcasts.id').onDelete('cascade'))
    /** null once the sender's account is gone; the name stays as it was sent */
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** n */
    .addColumn('sender_name', 'varchar(256)', (c) => c.notNull())
    /** m: plain text, ≤ 1000 characters */
    .addColumn('text', 'text', (c) => c.notNull())
    /** a: sent by the moderation side (send_chat_message) */
    .addColumn('admin_flag', t.bool, (c) => c.notNull().defaultTo(false))
    /** pending | public | disapproved */
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('moderated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('moderated_at', t.timestamp)
    /** t */
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  // the columns and the learner's view read one state of one webcast, newest (highest id) first
  await db.schema.createIndex('webcast_chat_messages_state_idx').on('webcast_chat_messages').columns(['webcast_id', 'state', 'id']).execute();
  await db.schema.createIndex('webcast_chat_messages_user_idx').on('webcast_chat_messages').columns(['webcast_id', 'user_id', 'id']).execute();

  await db.schema.createTable('realtime_tickets')
    /** sha-256 of the ticket; the ticket itself is only ever in the client's hands */
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(36)', (c) => c.notNull())
    /** the selected client and the permissions (AccessSubject JSON) of the request that asked for it */
    .addColumn('client_id', 'integer')
    .addColumn('subject', t.json, (c) => c.notNull())
    /** the ticket's own expiry (30 s) */
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    /** the access token's expiry: the socket closes then, and the client comes back with a new ticket */
    .addColumn('session_expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('realtime_tickets_expires_idx').on('realtime_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('realtime_tickets').execute();
  await db.schema.dropTable('webcast_chat_messages').execute();
}
