import { sql, type Kysely } from 'kysely';
import { createOwnedTables, dropOwnedTables } from '../../content/schema.ts';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Drills, daily question series (spec 3 §3 "Drill", §4, §5, §9). A drill is a question-only owner
 * of the owned-content core (docs/architecture/owned-content.md): its one test (type `drill`)
 * holds the questions; a learner's drill day is one attempt of that test whose attempt number is
 * the day's number among the drill days (the unique attempt number makes two simultaneous opens of
 * the same day one attempt), and the attempt's deadline is that of the question being shown.
 */
const OWNED = { ownerTable: 'drills', tablePrefix: 'drill' };
/** the test engine's test type of a drill's one test (group_training_test_types) */
const DRILL_TEST_TYPE = { id: 9, slug: 'drill', use_max_attempts: false, use_minimum_score: true, use_time: true };

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;
  await db.insertInto('group_training_test_types' as never).values(DRILL_TEST_TYPE as never).execute();

  await db.schema.createTable('drills')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    /** sanitised HTML */
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** YYYY-MM-DD, both ends included */
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    /** shared DRILL_DATE_TYPES */
    .addColumn('date_type', 'varchar(20)', (c) => c.notNull().defaultTo('range'))
    /** number[] 0 Sunday … 6 Saturday */
    .addColumn('weekdays', t.json, (c) => c.notNull().defaultTo('[]'))
    /** number[] 1 … 31 */
    .addColumn('days_of_the_month', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('start_month', 'integer')
    .addColumn('end_month', 'integer')
    /** string[] YYYY-MM-DD */
    .addColumn('custom_dates', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('minimum_score', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('qty_questions_frequency', 'integer', (c) => c.notNull().defaultTo(1))
    /** seconds per question; null = no limit */
    .addColumn('time_to_answer', 'integer')
    .addColumn('allow_approved_to_answer', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('show_feedback', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('randomize_answers', t.bool, (c) => c.notNull().defaultTo(false))
    /** points when approved; null = none */
    .addColumn('score', 'integer')
    /** 1 published, 2 unpublished, 3 deleted */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('drills_client_idx').on('drills').columns(['client_id', 'status', 'start_date']).execute();
  await createOwnedTables(db, OWNED, { testsOnly: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropOwnedTables(db, OWNED, { testsOnly: true });
  await db.schema.dropTable('drills').execute();
  await db.deleteFrom('group_training_test_types' as never).where('id' as never, '=', DRILL_TEST_TYPE.id as never).execute();
}
