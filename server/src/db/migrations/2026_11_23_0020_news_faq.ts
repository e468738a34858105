import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * News and FAQ (spec 3 §3 "FAQ and news", §4, §5, §7): the news item with its audience
 * and tags, who opened which item (commenting needs it), FAQ categories and questions, and the
 * questions sent through "send your question". News comments live in `comments` (origin 'news').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('news')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(1000)')
    /** sanitised HTML, emoticons stripped (spec 3 §5) */
    .addColumn('content', 'text', (c) => c.notNull())
    /** spec 3 §4: 1 published (new), 2 unpublished */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    /** IANA zone the dates are written in; null when none was chosen */
    .addColumn('timezone', 'varchar(64)')
    /** UTC instants bounding the publication (spec 3 §4) */
    .addColumn('publish_date', t.timestamp)
    .addColumn('unpublish_date', t.timestamp)
    /** JSON {pt-br, en-us, es-es, fr-fr} */
    .addColumn('image_alt_texts', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('news_client_idx').on('news').columns(['client_id', 'status', 'publish_date']).execute();

  for (const [table, column, target] of [
    ['news_areas', 'area_id', 'areas'], ['news_profiles', 'profile_id', 'profiles'],
    ['news_user_groups', 'user_group_id', 'user_groups'], ['news_tags', 'tag_id', 'tags'],
  ] as const) {
    await db.schema.createTable(table)
      .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['news_id', column])
      .execute();
  }

  // a learner "read" an item once they opened it; the comment form opens after that
  await db.schema.createTable('news_views')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_viewed_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('last_viewed_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('qty_views', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('news_views_pk', ['news_id', 'user_id'])
    .execute();

  await db.schema.createTable('faq_categories')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('faq_categories_name_uq', ['client_id', 'name'])
    .execute();

  await db.schema.createTable('faq_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    // a category with questions is not deleted (faq_category_in_use)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('faq_categories.id').onDelete('restrict'))
    .addColumn('question', 'varchar(500)', (c) => c.notNull())
    /** sanitised HTML */
    .addColumn('answer', 'text', (c) => c.notNull())
    /** spec 3 §6: visible without login */
    .addColumn('is_public', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    /** 1 published, 2 unpublished */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('faq_questions_client_idx').on('faq_questions').columns(['client_id', 'status', 'category_id']).execute();
  await db.schema.createIndex('faq_questions_public_idx').on('faq_questions').columns(['is_public', 'status']).execute();

  // "send your question": one row per receiving client; a visitor's sending fans out to every
  // client that publishes public questions, and `submission` ties those rows together
  await db.schema.createTable('faq_received_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('submission', 'varchar(32)', (c) => c.notNull())
    /** 'public' (login page) or 'portal' (institutional/faq) */
    .addColumn('origin', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    /** the sender's address or user, hashed: what the rate limit counts */
    .addColumn('sender_key', 'varchar(64)', (c) => c.notNull())
    /** 1 new, 2 handled */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('handled_at', t.timestamp)
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('mailed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('faq_received_sender_idx').on('faq_received_questions').columns(['sender_key', 'created_at']).execute();
  await db.schema.createIndex('faq_received_client_idx').on('faq_received_questions').columns(['client_id', 'status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['faq_received_questions', 'faq_questions', 'faq_categories', 'news_views', 'news_tags', 'news_user_groups',
    'news_profiles', 'news_areas', 'news']) {
    await db.schema.dropTable(table).execute();
  }
}
