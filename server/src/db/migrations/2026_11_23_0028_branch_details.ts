import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * spec 1 §3.6 branch fields the form lacked, and §5.3 "company_document of a headquarter/branch
 * must be unique" (per client; branches without one are free).
 */
const TEXT_COLUMNS: Array<[string, number]> = [
  ['company_document', 50], ['register', 50], ['cd_matriz', 50], ['economic_group', 100], ['division', 100], ['district', 100],
  ['region', 100], ['area_email', 254], ['opened_date', 10], ['closed_date', 10],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  for (const [name, size] of TEXT_COLUMNS) await db.schema.alterTable('branches').addColumn(name, `varchar(${size})`).execute();
  for (const name of ['latitude', 'longitude']) await db.schema.alterTable('branches').addColumn(name, 'double precision').execute();
  await db.schema.alterTable('branches').addColumn('retailer', t.bool, (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createIndex('branches_client_company_document_key').on('branches').columns(['client_id', 'company_document']).unique()
    .where(sql.ref('company_document'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('branches_client_company_document_key').execute();
  for (const name of [...TEXT_COLUMNS.map(([n]) => n), 'latitude', 'longitude', 'retailer']) {
    await db.schema.alterTable('branches').dropColumn(name).execute();
  }
}
