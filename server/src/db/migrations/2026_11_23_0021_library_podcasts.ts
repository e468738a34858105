import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * The library and podcasts (spec 3 §3 "Library file", "Podcast", §4):
 * library categories and files with their audience, tags and who viewed / downloaded each one;
 * podcasts (one audio each, with its duration) with their audience and tags, playlists of
 * ordered podcasts, and each learner's listened position. Likes, stars and favourites live in
 * content_reactions (content_type 'podcast'), comments in comments (origin 'podcast').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('library_categories')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('library_categories_client_idx').on('library_categories').columns(['client_id', 'name']).execute();

  await db.schema.createTable('library_files')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    // a category in use cannot be deleted (the admin says so); set null only if a client goes
    .addColumn('category_id', 'integer', (c) => c.references('library_categories.id').onDelete('set null'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** spec 3 §4: 1 active, 2 inactive */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_download', t.bool, (c) => c.notNull().defaultTo(true))
    /** relative to the media root: library/{random}/{name} */
    .addColumn('resource', 'varchar(1000)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('extension', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('library_files_client_idx').on('library_files').columns(['client_id', 'status', 'created_at']).execute();

  const links = [
    ['library_file_areas', 'library_file_id', 'library_files', 'area_id', 'areas'],
    ['library_file_profiles', 'library_file_id', 'library_files', 'profile_id', 'profiles'],
    ['library_file_user_groups', 'library_file_id', 'library_files', 'user_group_id', 'user_groups'],
    ['library_file_tags', 'library_file_id', 'library_files', 'tag_id', 'tags'],
  ] as const;
  for (const [table, owner, ownerTable, column, target] of links) {
    await db.schema.createTable(table)
      .addColumn(owner, 'integer', (c) => c.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, [owner, column])
      .execute();
  }

  // views and downloads, each counted once per learner
  await db.schema.createTable('library_file_users')
    .addColumn('library_file_id', 'integer', (c) => c.notNull().references('library_files.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewed_at', t.timestamp)
    .addColumn('downloaded_at', t.timestamp)
    .addPrimaryKeyConstraint('library_file_users_pk', ['library_file_id', 'user_id'])
    .execute();

  await db.schema.createTable('podcasts')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(1000)')
    /** spec 3 §4: 1 published, 2 unpublished */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    /** YYYY-MM-DD: from this day it is no longer published */
    .addColumn('date_to_unpublish', 'varchar(10)')
    /** relative to the media root: podcasts/{random}/{name} */
    .addColumn('resource', 'varchar(1000)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('extension', 'varchar(16)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    /** seconds, read from the audio when it is stored */
    .addColumn('duration', real, (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', t.timestamp)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('podcasts_client_idx').on('podcasts').columns(['client_id', 'status', 'created_at']).execute();

  for (const [table, column, target] of [
    ['podcast_areas', 'area_id', 'areas'], ['podcast_profiles', 'profile_id', 'profiles'],
    ['podcast_user_groups', 'user_group_id', 'user_groups'], ['podcast_tags', 'tag_id', 'tags'],
  ] as const) {
    await db.schema.createTable(table)
      .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['podcast_id', column])
      .execute();
  }

  await db.schema.createTable('podcast_playlists')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createTable('podcast_playlist_items')
    .addColumn('playlist_id', 'integer', (c) => c.notNull().references('podcast_playlists.id').onDelete('cascade'))
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('podcast_playlist_items_pk', ['playlist_id', 'podcast_id'])
    .execute();

  // the learner's listened position, resumed; status finished from 90 % heard
  await db.schema.createTable('podcast_progress')
    .addColumn('podcast_id', 'integer', (c) => c.notNull().references('podcasts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position_seconds', real, (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('ongoing'))
    .addColumn('finished_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('podcast_progress_pk', ['podcast_id', 'user_id'])
    .execute();
  await db.schema.createIndex('podcast_progress_user_idx').on('podcast_progress').columns(['user_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'podcast_progress', 'podcast_playlist_items', 'podcast_playlists', 'podcast_tags', 'podcast_user_groups', 'podcast_profiles',
    'podcast_areas', 'podcasts', 'library_file_users', 'library_file_tags', 'library_file_user_groups', 'library_file_profiles',
    'library_file_areas', 'library_files', 'library_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
