import type { Kysely } from 'kysely';

/**
 * Shared users across clients: a "log in as" session is confined to the client the
 * administrator acted from (token_families.confined_client_id), and every account-wide action
 * records where it came from (audit_log.ip, user_agent) for the superusers' audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('token_families')
    .addColumn('confined_client_id', 'integer', (c) => c.references('clients.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('audit_log').addColumn('ip', 'varchar(64)').execute();
  await db.schema.alterTable('audit_log').addColumn('user_agent', 'varchar(400)').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_id').execute();
  await db.schema.createIndex('audit_log_action_created_idx').on('audit_log').columns(['action', 'created_at']).execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['audit_log_created_idx', 'audit_log_action_created_idx', 'audit_log_actor_idx']) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('audit_log').dropColumn('user_agent').execute();
  await db.schema.alterTable('audit_log').dropColumn('ip').execute();
  await db.schema.alterTable('token_families').dropColumn('confined_client_id').execute();
}
