import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/** spec 1 §3.1/§4.4 report timestamps and report files; spec 1 §2.3 consent history. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('report_requests')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('report', 'varchar(40)', (c) => c.notNull())
    .addColumn('requested_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('report_requests_pk', ['user_id', 'client_id', 'report'])
    .execute();

  await db.schema.createTable('reports')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('report', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('processing'))
    .addColumn('params', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('language_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('file_name', 'varchar(80)')
    .addColumn('row_count', 'integer')
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('expires_at', t.timestamp)
    .addColumn('error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', t.timestamp)
    .execute();
  await db.schema.createIndex('reports_expiry_idx').on('reports').columns(['status', 'expires_at']).execute();

  await db.schema.createTable('user_consents')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('version', 'varchar(40)', (c) => c.notNull())
    .addColumn('accepted', t.bool, (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('user_consents_user_idx').on('user_consents').columns(['user_id', 'client_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_consents').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('report_requests').execute();
}
