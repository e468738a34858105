import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * spec 1 §2.3 `import-code` (superuser only): codes that name a client, so that self-registration
 * and the users import attach a person to the right client. A code names one client across the
 * platform: the unique key is on the code alone (stored upper case, so the comparison ignores case).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.createTable('client_import_codes')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addUniqueConstraint('client_import_codes_code_key', ['code'])
    .execute();
  await db.schema.createIndex('client_import_codes_client_idx').on('client_import_codes').column('client_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_import_codes').execute();
}
