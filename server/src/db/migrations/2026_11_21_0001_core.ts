import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

// Frozen once landed: later changes go in new migrations.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('clients')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('home_route', 'varchar(100)', (c) => c.notNull().defaultTo('home'))
    .addColumn('settings', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.createTable('oauth_applications')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.createTable('login_config')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('params', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.createTable('users')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('document', 'varchar(50)', (c) => c.unique())
    .addColumn('register', 'varchar(50)', (c) => c.unique())
    .addColumn('gmin_number', 'varchar(50)', (c) => c.unique())
    .addColumn('sap_code', 'varchar(50)')
    .addColumn('full_name', 'varchar(150)', (c) => c.notNull())
    .addColumn('nick_name', 'varchar(60)')
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_superuser', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'varchar(40)', (c) => c.notNull().defaultTo('active'))
    .addColumn('language_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('selected_client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('must_change_password', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.createTable('user_clients')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer')
    .addPrimaryKeyConstraint('user_clients_pk', ['user_id', 'client_id'])
    .execute();
  await db.schema.createIndex('user_clients_client_idx').on('user_clients').column('client_id').execute();

  await db.schema.createTable('user_module_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(60)', (c) => c.notNull())
    .addColumn('permission', t.bool, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_module_items_pk', ['user_id', 'client_id', 'slug'])
    .execute();

  await db.schema.createTable('areas')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('translations', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('is_active', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('areas_client_name_uq', ['client_id', 'name'])
    .execute();

  await db.schema.createTable('profiles')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('translations', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('profiles_client_name_uq', ['client_id', 'name'])
    .execute();

  await db.schema.createTable('user_groups')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('user_groups_client_name_uq', ['client_id', 'name'])
    .execute();

  await db.schema.createTable('user_group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
    .execute();

  await db.schema.createTable('tags')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('tags_client_name_uq', ['client_id', 'name'])
    .execute();

  await db.schema.createTable('tag_areas')
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('area_id', 'integer', (c) => c.notNull().references('areas.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('tag_areas_pk', ['tag_id', 'area_id'])
    .execute();

  await db.schema.createTable('token_families')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('application_id', 'integer', (c) => c.notNull().references('oauth_applications.id').onDelete('cascade'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('revoked_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.createTable('oauth_tokens')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull().references('token_families.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('oauth_tokens_family_idx').on('oauth_tokens').column('family_id').execute();

  await db.schema.createTable('login_failures')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failure_at', t.timestamp, (c) => c.notNull())
    .addColumn('locked_until', t.timestamp)
    .execute();

  await db.schema.createTable('password_resets')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'password_resets', 'login_failures', 'oauth_tokens', 'token_families', 'tag_areas', 'tags',
    'user_group_members', 'user_groups', 'profiles', 'areas', 'user_module_items', 'user_clients',
    'users', 'login_config', 'oauth_applications', 'clients',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
