import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Badges and their awards, the feed (timeline) events, the legal texts, wildcard pages with
 * their audience, and help requests (spec 1 §2.1, §2.3, §9; spec 3 §1–§3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('badges')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    /** spec 3 §3: default or custom */
    .addColumn('badge_type', 'varchar(10)', (c) => c.notNull())
    /** the shared default rule's key (one row per client and key); null for custom badges */
    .addColumn('default_key', 'varchar(60)')
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(1000)')
    /** 1 active, 2 inactive */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    /** null: awarded by hand only */
    .addColumn('rule_metric', 'varchar(40)')
    .addColumn('rule_threshold', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('badges_default_key_uq', ['client_id', 'default_key'])
    .execute();

  // one row per user and badge: a badge is earned once
  await db.schema.createTable('user_badges')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('badge_id', 'integer', (c) => c.notNull().references('badges.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('manual', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('awarded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('awarded_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('user_badges_uq', ['badge_id', 'user_id'])
    .execute();
  await db.schema.createIndex('user_badges_user_idx').on('user_badges').columns(['user_id', 'client_id']).execute();

  // spec 1 §9 feed event kinds, with the content's title as it was when the event happened
  await db.schema.createTable('feed_events')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(20)')
    .addColumn('content_id', 'integer')
    .addColumn('title', 'varchar(256)')
    .addColumn('text', 'text')
    .addColumn('stars', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('feed_events_client_idx').on('feed_events').columns(['client_id', 'id']).execute();
  await db.schema.createIndex('feed_events_user_idx').on('feed_events').columns(['user_id', 'client_id', 'id']).execute();

  // spec 1 §2.3 terms, about, policy, cookies_policy: one text per client, kind and content language
  await db.schema.createTable('legal_texts')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull())
    /** sanitised HTML */
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('legal_texts_uq', ['client_id', 'kind', 'language'])
    .execute();

  // spec 1 §2.3 wild_cards: pages addressed by a slug, unique per client
  await db.schema.createTable('wildcard_pages')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('slug', 'varchar(256)', (c) => c.notNull())
    /** sanitised HTML */
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    /** 1 published, 2 unpublished */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('wildcard_pages_slug_uq', ['client_id', 'slug'])
    .execute();
  for (const [table, column, target] of [
    ['wildcard_page_areas', 'area_id', 'areas'], ['wildcard_page_profiles', 'profile_id', 'profiles'],
    ['wildcard_page_user_groups', 'user_group_id', 'user_groups'],
  ] as const) {
    await db.schema.createTable(table)
      .addColumn('wildcard_page_id', 'integer', (c) => c.notNull().references('wildcard_pages.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['wildcard_page_id', column])
      .execute();
  }

  // spec 1 §2.1 help request form (login trouble, or a learner's question): kept, and mailed to the superusers
  await db.schema.createTable('help_requests')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'help_requests', 'wildcard_page_user_groups', 'wildcard_page_profiles', 'wildcard_page_areas', 'wildcard_pages',
    'legal_texts', 'feed_events', 'user_badges', 'badges',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
