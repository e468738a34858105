import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * DESIGN "Files and media": tus uploads and who owns them; spec 1 §2.3 / §3.7 / §4.3 imports
 * (users, headquarters, branches) with their states and log entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  // the bytes live in the tus store; this row says whose they are (only the uploader may use them)
  await db.schema.createTable('uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('completed_at', t.timestamp)
    /** taken by the feature it was uploaded for (an import); no longer reachable through tus */
    .addColumn('consumed_at', t.timestamp)
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').column('user_id').execute();

  await db.schema.createTable('imports')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('import_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('awaiting'))
    .addColumn('phase', 'varchar(10)')
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    /** relative to DATA_DIR */
    .addColumn('file_path', 'varchar(500)', (c) => c.notNull())
    .addColumn('upload_id', 'varchar(64)')
    .addColumn('total_rows', 'integer')
    .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
    /** last sheet line whose work is committed in the running pass (header = 1): a resumed job starts after it */
    .addColumn('processed_line', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** the creator's language when the import was made: its e-mail is written in it */
    .addColumn('language_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', t.timestamp)
    .execute();
  await db.schema.createIndex('imports_client_idx').on('imports').columns(['client_id', 'id']).execute();

  await db.schema.createTable('import_logs')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('line', 'integer')
    .addColumn('log_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('code', 'varchar(80)', (c) => c.notNull())
    .addColumn('field', 'varchar(60)')
    .addColumn('params', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('import_logs_import_idx').on('import_logs').columns(['import_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_logs').execute();
  await db.schema.dropTable('imports').execute();
  await db.schema.dropTable('uploads').execute();
}
