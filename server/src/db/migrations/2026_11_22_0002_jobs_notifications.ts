import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/** DESIGN "Jobs and mail": the jobs table of the in-process queue; spec 1 §4.3 notifications. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('jobs')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('payload', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('dedupe_key', 'varchar(120)')
    .addColumn('run_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('locked_until', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', t.timestamp)
    .execute();
  await db.schema.createIndex('jobs_pick_idx').on('jobs').columns(['status', 'run_at']).execute();
  // one waiting-or-running job per dedupe key; a partial index reads the same on both dialects
  await sql`create unique index jobs_dedupe_uq on jobs (dedupe_key) where status in ('queued', 'running')`.execute(db);

  await db.schema.createTable('notifications')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(60)', (c) => c.notNull())
    .addColumn('payload', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('read_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('jobs').execute();
}
