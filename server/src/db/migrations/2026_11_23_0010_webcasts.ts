import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Webcasts (spec 2 §3.11, §4.12): the event itself with its audience and tags, and the
 * subscribers (guests). Tests, evaluations, materials, chat and streaming have migrations of
 * their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;

  // spec 4 "Types": 1, 3 and 5 need a URL; 2 is browser streaming (fixed ids: the contract sends them)
  await db.schema.createTable('webcast_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('uses_embed', t.bool, (c) => c.notNull())
    .execute();
  await db.insertInto('webcast_types' as never).values([
    { id: 1, slug: 'youtube_live', uses_embed: true },
    { id: 2, slug: 'browser_streaming', uses_embed: false },
    { id: 3, slug: 'vimeo_live', uses_embed: true },
    { id: 5, slug: 'external_embed', uses_embed: true },
  ] as never).execute();

  await db.schema.createTable('webcasts')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    /** sanitised HTML, ≤ 1024 plain characters (spec 2 §5.9) */
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('webcast_type_id', 'integer', (c) => c.notNull().defaultTo(1).references('webcast_types.id'))
    /** the transmission URL ('none' for browser streaming, spec 2 §5.9) */
    .addColumn('embed', 'varchar(2000)', (c) => c.notNull().defaultTo('none'))
    /** spec 2 §4.12: 1 published (new), 2 unpublished, 3 deleted, 4 finished, 5 converting the recording */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('use_chat', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('chat_moderated', t.bool, (c) => c.notNull().defaultTo(true))
    /** UTC instant; shown and entered in `timezone` */
    .addColumn('transmission_date', t.timestamp, (c) => c.notNull())
    /** IANA zone name */
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('Etc/GMT'))
    .addColumn('transmission_completed', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('transmission_downloaded', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('workload', real, (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(100)')
    .addColumn('image_url', 'varchar(1000)')
    /** JSON {pt-br, en-us, es-es, fr-fr} */
    .addColumn('image_alt_texts', t.json, (c) => c.notNull().defaultTo('{}'))
    /** YYYY-MM-DD */
    .addColumn('unpublish_date', 'varchar(10)')
    /** the live HLS playlist or the saved recording, under /media (streaming sets it) */
    .addColumn('hls_path', 'varchar(500)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('webcasts_client_idx').on('webcasts').columns(['client_id', 'status', 'transmission_date']).execute();

  for (const [table, column, target] of [
    ['webcast_areas', 'area_id', 'areas'], ['webcast_profiles', 'profile_id', 'profiles'],
    ['webcast_user_groups', 'user_group_id', 'user_groups'], ['webcast_tags', 'tag_id', 'tags'],
  ] as const) {
    await db.schema.createTable(table)
      .addColumn('webcast_id', 'integer', (c) => c.notNull().references('webcasts.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['webcast_id', column])
      .execute();
  }

  // spec 2 §2.5 subscribers tab: the guests, in the order they subscribed
  await db.schema.createTable('webcast_subscribers')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('webcast_id', 'integer', (c) => c.notNull().references('webcasts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('webcast_subscribers_uq', ['webcast_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['webcast_subscribers', 'webcast_tags', 'webcast_user_groups', 'webcast_profiles', 'webcast_areas', 'webcasts', 'webcast_types']) {
    await db.schema.dropTable(table).execute();
  }
}
