import type { Kysely } from 'kysely';

/**
 * spec 3 §9 "Points categories: training KPI, training non-KPI, webinar, special training": the
 * learning points a campaign also counts in its ledger, one rule per category (points null: what
 * the training or webinar gave; a number: that many per completion).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('reward_campaign_category_points')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('reward_campaigns.id').onDelete('cascade'))
    /** shared CAMPAIGN_POINTS_CATEGORIES */
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('points', 'integer')
    .addPrimaryKeyConstraint('reward_campaign_category_points_pk', ['campaign_id', 'category'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reward_campaign_category_points').execute();
}
