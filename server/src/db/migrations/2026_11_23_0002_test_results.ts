import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Learner results of group-training tests (spec 2 §3.4 qty_user_results, §4.4, §4.7): one row
 * per attempt, written by the learner test engine (a later issue). The admin counts them: a
 * test with any row has "realizations" and locks its type, attempts, time, exam size, minimum
 * score, import and question set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  await db.schema.createTable('group_training_test_results')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('test_id', 'integer', (c) => c.notNull().references('group_training_tests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 1, 2, … per user and test */
    .addColumn('attempt_number', 'integer', (c) => c.notNull())
    /** in_progress | finished | expired */
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('in_progress'))
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    /** timed types (6, 7): started_at + time_to_answer */
    .addColumn('deadline_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .addColumn('correct_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', real, (c) => c.notNull().defaultTo(0))
    .addColumn('passed', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    // one row per attempt; also the learner's "my attempts at this test" lookup
    .addUniqueConstraint('group_training_test_results_attempt_uq', ['test_id', 'user_id', 'attempt_number'])
    .execute();
  // a user's results across tests (certificates, progress, account deletion)
  await db.schema.createIndex('group_training_test_results_user_idx').on('group_training_test_results').columns(['user_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_training_test_results').execute();
}
