import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Trails (spec 2 §2.4, §3.8, §4.9), on top of the tables of 2026_11_22_0005_trainings: the
 * trail's order, certificate expiration and training_quantity; the record of its certificate
 * synchronisation runs; mandatory areas and profiles (the training audience rule, §5.1); each
 * module's availability date; and the index the scheduled unpublish reads (§4.6).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  // `order` is the contract's name; the column avoids the SQL keyword
  await db.schema.alterTable('trails').addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(9999)).execute();
  /** null: certificates never expire */
  await db.schema.alterTable('trails').addColumn('qty_certificate_expiration_days', 'integer').execute();
  /** spec 2 §3.8: trainings among the modules, kept by every write of the modules and by the sync */
  await db.schema.alterTable('trails').addColumn('training_quantity', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('trails').addColumn('certificate_sync_started_at', t.timestamp).execute();
  await db.schema.alterTable('trails').addColumn('certificate_sync_finished_at', t.timestamp).execute();
  await db.schema.alterTable('trails').addColumn('certificate_sync_failed', t.bool, (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createIndex('trails_unpublish_idx').on('trails').columns(['status', 'date_to_unpublish']).execute();

  await db.schema.alterTable('trail_areas').addColumn('is_mandatory', t.bool, (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('trail_profiles').addColumn('is_mandatory', t.bool, (c) => c.notNull().defaultTo(false)).execute();

  /** YYYY-MM-DD; the contract's spelling */
  await db.schema.alterTable('trail_items').addColumn('avaliable_in', 'varchar(10)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trail_items').dropColumn('avaliable_in').execute();
  await db.schema.alterTable('trail_profiles').dropColumn('is_mandatory').execute();
  await db.schema.alterTable('trail_areas').dropColumn('is_mandatory').execute();
  await db.schema.dropIndex('trails_unpublish_idx').execute();
  for (const column of ['certificate_sync_failed', 'certificate_sync_finished_at', 'certificate_sync_started_at', 'training_quantity',
    'qty_certificate_expiration_days', 'sort_order']) {
    await db.schema.alterTable('trails').dropColumn(column).execute();
  }
}
