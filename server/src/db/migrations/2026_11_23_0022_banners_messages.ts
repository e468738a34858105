import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Banners, welcome banners, messages and the mailing list configuration (* spec 3 §3 "Banners", "Messages and related", §4 "Messages and banners"; spec 1 §2.3
 * mailing_list_config). Days are YYYY-MM-DD text (GMT, spec 4 "Dates").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  const audienceTables = async (owner: string, ownerColumn: string) => {
    for (const [suffix, column, target] of [['areas', 'area_id', 'areas'], ['profiles', 'profile_id', 'profiles'], ['user_groups', 'user_group_id', 'user_groups']] as const) {
      const table = `${owner}_${suffix}`;
      await db.schema.createTable(table)
        .addColumn(ownerColumn, 'integer', (c) => c.notNull().references(`${owner}s.id`).onDelete('cascade'))
        .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
        .addPrimaryKeyConstraint(`${table}_pk`, [ownerColumn, column])
        .execute();
    }
  };

  await db.schema.createTable('banners')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('banner_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('desktop_image', 'varchar(1000)', (c) => c.notNull())
    .addColumn('mobile_image', 'varchar(1000)')
    .addColumn('button_label', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('background_color', 'varchar(7)', (c) => c.notNull().defaultTo('#ffffff'))
    .addColumn('text_color', 'varchar(7)', (c) => c.notNull().defaultTo('#1f2937'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('banners_client_idx').on('banners').columns(['client_id', 'status', 'start_date']).execute();
  await audienceTables('banner', 'banner_id');

  await db.schema.createTable('welcome_banners')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('welcome_banner_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('desktop_image', 'varchar(1000)', (c) => c.notNull())
    .addColumn('mobile_image', 'varchar(1000)')
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)')
    .addColumn('just_confirm', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('user_logout', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('welcome_banners_client_idx').on('welcome_banners').columns(['client_id', 'status', 'start_date']).execute();
  await audienceTables('welcome_banner', 'welcome_banner_id');
  await db.schema.createTable('welcome_banner_confirmations')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('welcome_banner_id', 'integer', (c) => c.notNull().references('welcome_banners.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** the login (token family) it was confirmed in; not a foreign key: families are pruned */
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('confirmed_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('welcome_banner_confirmations_uq', ['welcome_banner_id', 'user_id', 'family_id'])
    .execute();
  await db.schema.createIndex('welcome_banner_confirmations_user_idx').on('welcome_banner_confirmations').columns(['user_id', 'welcome_banner_id']).execute();

  await db.schema.createTable('messages')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('send_date', t.timestamp, (c) => c.notNull())
    .addColumn('send_in_app', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('send_email', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('send_email_body', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('scheduled'))
    .addColumn('sent_at', t.timestamp)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('messages_client_idx').on('messages').columns(['client_id', 'status', 'send_date']).execute();
  for (const [table, column, target] of [
    ['message_users', 'user_id', 'users'], ['message_areas', 'area_id', 'areas'], ['message_profiles', 'profile_id', 'profiles'],
    ['message_user_groups', 'user_group_id', 'user_groups'],
  ] as const) {
    await db.schema.createTable(table)
      .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['message_id', column])
      .execute();
  }
  await db.schema.createTable('message_recipients')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', t.timestamp)
    .addColumn('opened_in', 'varchar(10)')
    .addColumn('email_status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('email_sent_at', t.timestamp)
    .addColumn('email_error', 'varchar(64)')
    .addColumn('email_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('message_recipients_uq', ['message_id', 'user_id'])
    .execute();
  await db.schema.createIndex('message_recipients_user_idx').on('message_recipients').columns(['user_id', 'read_at']).execute();

  await db.schema.createTable('mailing_list_configs')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('sender_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('reply_to', 'varchar(254)')
    .addColumn('footer', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('email_messages', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mailing_list_configs', 'message_recipients', 'message_user_groups', 'message_profiles', 'message_areas', 'message_users', 'messages',
    'welcome_banner_confirmations', 'welcome_banner_user_groups', 'welcome_banner_profiles', 'welcome_banner_areas', 'welcome_banners',
    'banner_user_groups', 'banner_profiles', 'banner_areas', 'banners',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
