import { sql, type Kysely } from 'kysely';
import { createAudienceTables, dropAudienceTables } from '../../content/audience/schema.ts';
import { createOwnedTables, dropOwnedTables } from '../../content/schema.ts';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * General tests, assessments not tied to a training (spec 3 §3 "General test (assessment)", §4,
 * §5, §9). A question-only owner of the owned-content core: its one test, of the test engine's
 * timed block or timed restart type (spec 2 §4.8 types 6, 7), carries the minimum score, the
 * questions drawn, the time limit, the questions and the learners' attempts. Areas, profiles and
 * user groups are its audience (spec 3 §3 "areas, groups, … permission").
 */
const OWNED = { ownerTable: 'general_tests', tablePrefix: 'general_test' };
const AUDIENCE = { ownerTable: 'general_tests', prefix: 'general_test', tags: false };

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema.createTable('general_tests')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** how many attempts in all a restart type allows; null = unlimited */
    .addColumn('quantity_realizations', 'integer')
    /** minutes */
    .addColumn('time_to_finish', 'integer', (c) => c.notNull())
    /** YYYY-MM-DD, both included */
    .addColumn('publish_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('unpublish_date', 'varchar(10)')
    /** 1 published, 2 unpublished, 3 deleted */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('general_tests_client_idx').on('general_tests').columns(['client_id', 'status', 'publish_date']).execute();
  await createOwnedTables(db, OWNED, { testsOnly: true });
  await createAudienceTables(db, AUDIENCE);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAudienceTables(db, AUDIENCE);
  await dropOwnedTables(db, OWNED, { testsOnly: true });
  await db.schema.dropTable('general_tests').execute();
}
