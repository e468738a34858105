import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * spec 1 §3.4 user fields the register form lacked: the address, the other phones, marital
 * status and children, disability, the admission date and whether the user manages a store.
 * All optional; anonymisation clears every personal one (adminUsers.anonymizeUser).
 */
const TEXT_COLUMNS: Array<[string, number]> = [
  ['postal_code', 20], ['address', 200], ['number', 20], ['complement', 100], ['neighborhood', 100], ['city', 100], ['state', 60],
  ['commercial_phone', 30], ['residential_phone', 30], ['whatsapp', 30], ['marital_status', 20], ['handicap_description', 300],
  ['admission_date', 10],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  for (const [name, size] of TEXT_COLUMNS) await db.schema.alterTable('users').addColumn(name, `varchar(${size})`).execute();
  await db.schema.alterTable('users').addColumn('number_of_children', 'integer').execute();
  await db.schema.alterTable('users').addColumn('is_handicapped', t.bool, (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('users').addColumn('store_manager', t.bool, (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [...TEXT_COLUMNS.map(([n]) => n), 'number_of_children', 'is_handicapped', 'store_manager']) {
    await db.schema.alterTable('users').dropColumn(name).execute();
  }
}
