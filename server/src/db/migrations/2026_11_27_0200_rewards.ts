import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { createAudienceTables, dropAudienceTables } from '../../content/audience/schema.ts';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Reward and incentive campaigns (spec 3 §3 "Reward campaign", "Sale", "Campaign people and
 * history", "Reward (catalog item)", "Redeem order", "Other reward reference lists"; §4; §5):
 * reference lists, campaigns with stores, levels, points table and an audience, the people on a
 * campaign with their history, sales with their products, the points ledger (the only place
 * points live: every balance is a sum of it), the catalog with redemption codes, and redeem
 * orders with their status history.
 */
const AUDIENCE = { ownerTable: 'reward_campaigns', prefix: 'reward_campaign', tags: false };
const NAMED = [
  'reward_categories', 'reward_departments', 'reward_brands', 'reward_sale_product_types', 'reward_upload_file_types', 'reward_levels', 'reward_types',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;
  const client = (c: ColumnDefinitionBuilder) => c.notNull().references('clients.id').onDelete('cascade');
  const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  // ---- reference lists (spec 1 §3.8) ----
  for (const table of NAMED) {
    await db.schema.createTable(table)
      .addColumn('id', t.id, t.primaryId)
      .addColumn('client_id', 'integer', client)
      .addColumn('name', 'varchar(256)', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
      .execute();
  }
  /** spec 3 §3 "Sale: product, product_code, sku", with the brand and type the points table reads */
  await db.schema.createTable('reward_sale_products')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('product', 'varchar(256)', (c) => c.notNull())
    .addColumn('product_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('sku', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('brand_id', 'integer', (c) => c.references('reward_brands.id').onDelete('restrict'))
    .addColumn('product_type_id', 'integer', (c) => c.references('reward_sale_product_types.id').onDelete('restrict'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  /** reward_audit_sell_justifications (kind sale) and reward_audit_file_justifications (kind file) */
  await db.schema.createTable('reward_audit_justifications')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  // ---- campaigns ----
  await db.schema.createTable('reward_campaigns')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('campaign_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    /** shared CAMPAIGN_STATUSES */
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('allows_invoice_registration', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('required_profile_id', 'integer', (c) => c.references('profiles.id').onDelete('set null'))
    .addColumn('multiplication_base', real, (c) => c.notNull().defaultTo(1))
    .addColumn('start_date', 'varchar(10)')
    .addColumn('end_date', 'varchar(10)')
    .addColumn('email_points_available', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_end_of_campaign', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', t.timestamp)
    .addColumn('closed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('reward_campaigns_client_idx').on('reward_campaigns').columns(['client_id', 'status']).execute();
  await createAudienceTables(db, AUDIENCE);
  /** spec 3 §5: a store in one active campaign at a time (checked on save; closed campaigns free theirs) */
  await db.schema.createTable('reward_campaign_stores')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('reward_campaign_stores_pk', ['campaign_id', 'branch_id'])
    .execute();
  await db.schema.createIndex('reward_campaign_stores_branch_idx').on('reward_campaign_stores').column('branch_id').execute();
  await db.schema.createTable('reward_campaign_levels')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('level_id', 'integer', (c) => c.notNull().references('reward_levels.id').onDelete('restrict'))
    .addColumn('points_from', 'integer', (c) => c.notNull())
    .addColumn('points_to', 'integer')
    .addPrimaryKeyConstraint('reward_campaign_levels_pk', ['campaign_id', 'level_id'])
    .execute();
  /** spec 3 §3 "points table / product table": unit points by product, product type or brand */
  await db.schema.createTable('reward_points_table')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('target', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reward_points_table_pk', ['campaign_id', 'target', 'target_id'])
    .execute();

  // ---- people ----
  /** spec 3 §3 "User on campaign": level, inscription_date, blocked (points are the ledger's) */
  await db.schema.createTable('reward_campaign_users')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', user)
    .addColumn('level_id', 'integer', (c) => c.references('reward_levels.id').onDelete('set null'))
    .addColumn('blocked', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('inscription_date', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('reward_campaign_users_uq', ['campaign_id', 'user_id'])
    .execute();
  /** status and level history (level_from, level_to, date, responsible); kept after a removal */
  await db.schema.createTable('reward_campaign_user_events')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', user)
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    .addColumn('level_from', 'integer', (c) => c.references('reward_levels.id').onDelete('set null'))
    .addColumn('level_to', 'integer', (c) => c.references('reward_levels.id').onDelete('set null'))
    .addColumn('responsible_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('reward_campaign_user_events_idx').on('reward_campaign_user_events').columns(['campaign_id', 'user_id']).execute();

  // ---- sales ----
  await db.schema.createTable('reward_sales')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', user)
    .addColumn('sale_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('invoice_number', 'varchar(64)', (c) => c.notNull())
    .addColumn('branch_id', 'integer', (c) => c.references('branches.id').onDelete('set null'))
    .addColumn('retailer', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    /** shared SALE_STATUSES */
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('awaiting_approval'))
    .addColumn('status_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('justification_id', 'integer', (c) => c.references('reward_audit_justifications.id').onDelete('set null'))
    .addColumn('justification', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('observation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('audited', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('auditor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('audited_at', t.timestamp)
    .addColumn('sale_total_points', 'integer', (c) => c.notNull().defaultTo(0))
    /** the stored invoice photo, relative to the media root (served signed: lib/signedMedia.ts) */
    .addColumn('invoice_resource', 'varchar(512)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    /** spec 3 §5 "An invoice number already sent by the same user is rejected" — the key decides a race */
    .addUniqueConstraint('reward_sales_invoice_uq', ['client_id', 'user_id', 'invoice_number'])
    .execute();
  await db.schema.createIndex('reward_sales_campaign_idx').on('reward_sales').columns(['campaign_id', 'status']).execute();
  await db.schema.createTable('reward_sale_items')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('reward_sales.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('reward_sale_products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_points', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    /** spec 3 §5 "One product entry per product on the invoice" */
    .addUniqueConstraint('reward_sale_items_uq', ['sale_id', 'product_id'])
    .execute();

  /** spec 3 §3 "Photo upload: photo_type, photo information, status, reproval reason"; §4 reproved with a reason or deleted */
  await db.schema.createTable('reward_photo_uploads')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', user)
    .addColumn('photo_type_id', 'integer', (c) => c.references('reward_upload_file_types.id').onDelete('restrict'))
    .addColumn('information', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('resource', 'varchar(512)', (c) => c.notNull())
    /** shared SALE_STATUSES (awaiting_approval, approved, reproved) */
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('awaiting_approval'))
    .addColumn('reproval_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auditor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('audited_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('reward_photo_uploads_campaign_idx').on('reward_photo_uploads').columns(['campaign_id', 'status']).execute();

  // ---- the ledger ----
  /**
   * One entry per credit or debit of a user in a campaign (shared POINTS_ENTRY_KINDS). The key
   * makes each source count once: a sale credits once and is reversed once, an order debits
   * once and is refunded once, an event's QR code credits once per user.
   */
  await db.schema.createTable('reward_points_entries')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', user)
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('source_id', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('reward_points_entries_source_uq', ['campaign_id', 'user_id', 'kind', 'source_id'])
    .execute();
  await db.schema.createIndex('reward_points_entries_user_idx').on('reward_points_entries').columns(['campaign_id', 'user_id', 'id']).execute();

  /**
   * Events linked to campaigns with a QR code (spec 1 §6.2 events_qrcode; issue 18 item 2): the
   * code carries `qr_token`; scanning credits the event's points once per user (the ledger's key).
   */
  await db.schema.createTable('reward_campaign_events')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('event_date', 'varchar(10)')
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('qr_token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  // ---- catalog ----
  await db.schema.createTable('reward_rewards')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('reward_title', 'varchar(256)', (c) => c.notNull())
    .addColumn('reward_type_id', 'integer', (c) => c.references('reward_types.id').onDelete('set null'))
    .addColumn('category_id', 'integer', (c) => c.references('reward_categories.id').onDelete('set null'))
    .addColumn('department_id', 'integer', (c) => c.references('reward_departments.id').onDelete('set null'))
    .addColumn('brand_id', 'integer', (c) => c.references('reward_brands.id').onDelete('set null'))
    .addColumn('campaign_id', 'integer', (c) => c.references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(1024)')
    .addColumn('points_to_aquire', 'integer', (c) => c.notNull())
    /** taken by one conditional update per redemption (qty_in_stock >= quantity) */
    .addColumn('qty_in_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purchase_limit_quantity', 'integer')
    .addColumn('is_featured', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('sku', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('supplier_name', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('redemption_link', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('vouchers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('redeem_instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('uses_redeem_codes', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('active', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  // ---- orders ----
  await db.schema.createTable('reward_orders')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('order_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', user)
    .addColumn('reward_id', 'integer', (c) => c.notNull().references('reward_rewards.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    /** shared ORDER_STATUSES */
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('status_comment', 'text', (c) => c.notNull().defaultTo(''))
    /** requester data and address (spec 3 §3 "Redeem order"; phone kinds of spec 1 §9) */
    .addColumn('requester', t.json, (c) => c.notNull())
    .addColumn('redeem_date', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('reward_orders_number_uq', ['client_id', 'order_number'])
    .execute();
  await db.schema.createIndex('reward_orders_user_idx').on('reward_orders').columns(['campaign_id', 'user_id']).execute();
  /** a code is handed out once: the order that took it, for good */
  await db.schema.createTable('reward_redeem_codes')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('reward_id', 'integer', (c) => c.notNull().references('reward_rewards.id').onDelete('cascade'))
    .addColumn('code', 'varchar(256)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('reward_orders.id').onDelete('set null'))
    /** set once, never cleared: a code whose order is gone is still not handed out again */
    .addColumn('handed_out_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('reward_redeem_codes_uq', ['reward_id', 'code'])
    .execute();
  await db.schema.createIndex('reward_redeem_codes_free_idx').on('reward_redeem_codes').columns(['reward_id', 'handed_out_at']).execute();
  await db.schema.createTable('reward_order_history')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('reward_orders.id').onDelete('cascade'))
    .addColumn('previous_status', 'varchar(16)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('responsible_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAudienceTables(db, AUDIENCE);
  for (const table of [
    'reward_order_history', 'reward_redeem_codes', 'reward_orders', 'reward_rewards', 'reward_campaign_events', 'reward_points_entries', 'reward_sale_items', 'reward_sales',
    'reward_photo_uploads', 'reward_campaign_user_events', 'reward_campaign_users', 'reward_points_table', 'reward_campaign_levels', 'reward_campaign_stores', 'reward_campaigns',
    'reward_audit_justifications', 'reward_sale_products', ...[...NAMED].reverse(),
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
