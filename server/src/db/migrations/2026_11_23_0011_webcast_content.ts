import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * What hangs from a webcast (spec 2 §2.5, §3.4–3.6, §7.3): tests with questions,
 * alternatives and learner attempts, reaction evaluations with questions and learner answers,
 * and support materials. Each table has the columns of its group-training counterpart (the
 * routes and repositories are written once over both, server/src/content), with
 * webcast_id in place of group_training_id. Test types and evaluation question types are the
 * global ones; evaluation models are the shared base_evaluations (spec 2 §7.3 serves them under
 * /admin_webcasts/base_evaluations/ from the same table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;
  const webcast = (c: ColumnDefinitionBuilder) => c.notNull().references('webcasts.id').onDelete('cascade');

  // ---- tests (spec 2 §3.4 webcast_test) ----
  await db.schema.createTable('webcast_tests')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('webcast_id', 'integer', webcast)
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('test_type_id', 'integer', (c) => c.notNull().defaultTo(1).references('group_training_test_types.id'))
    /** spec 2 §4.3: new tests are unpublished (2) */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('avaliable_in', 'varchar(10)')
    /** 0: the webinar score is used */
    .addColumn('test_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('randomize_questions', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('randomize_answers', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('qty_total_questions', 'integer')
    .addColumn('minimum_score', 'integer')
    .addColumn('maximum_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_to_answer', 'varchar(8)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('webcast_tests_webcast_idx').on('webcast_tests').columns(['webcast_id', 'status']).execute();

  await db.schema.createTable('webcast_test_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('test_id', 'integer', (c) => c.notNull().references('webcast_tests.id').onDelete('cascade'))
    /** HTML */
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_mandatory', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('webcast_test_questions_test_idx').on('webcast_test_questions').columns(['test_id', 'position']).execute();

  await db.schema.createTable('webcast_test_question_answers')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('question_id', 'integer', (c) => c.notNull().references('webcast_test_questions.id').onDelete('cascade'))
    /** HTML */
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_correct', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('webcast_test_question_answers_question_idx').on('webcast_test_question_answers').columns(['question_id', 'position']).execute();

  // learner attempts: the shape of group_training_test_results (0002 + 0008's consequence)
  await db.schema.createTable('webcast_test_results')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('test_id', 'integer', (c) => c.notNull().references('webcast_tests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempt_number', 'integer', (c) => c.notNull())
    /** in_progress | finished | expired */
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('in_progress'))
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('deadline_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .addColumn('correct_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', real, (c) => c.notNull().defaultTo(0))
    .addColumn('passed', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('consequence', 'varchar(12)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('webcast_test_results_attempt_uq', ['test_id', 'user_id', 'attempt_number'])
    .execute();
  await db.schema.createIndex('webcast_test_results_user_idx').on('webcast_test_results').columns(['user_id', 'status']).execute();

  await db.schema.createTable('webcast_test_attempt_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('result_id', 'integer', (c) => c.notNull().references('webcast_test_results.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('webcast_test_questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    /** JSON array of answer ids in the order shown */
    .addColumn('answer_order', 'text', (c) => c.notNull())
    .addColumn('answer_id', 'integer')
    .addColumn('confirmed_at', t.timestamp)
    .addColumn('is_correct', t.bool)
    .addUniqueConstraint('webcast_test_attempt_questions_uq', ['result_id', 'question_id'])
    .execute();

  // ---- reaction evaluations (spec 2 §3.5 webcast_evaluation) ----
  await db.schema.createTable('webcast_evaluations')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('webcast_id', 'integer', webcast)
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('webcast_evaluations_webcast_idx').on('webcast_evaluations').column('webcast_id').execute();

  await db.schema.createTable('webcast_evaluation_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('webcast_evaluations.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('question_type_id', 'integer', (c) => c.notNull().references('evaluation_question_types.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('webcast_evaluation_questions_eval_idx').on('webcast_evaluation_questions').columns(['evaluation_id', 'position']).execute();

  await db.schema.createTable('webcast_evaluation_answers')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('webcast_evaluations.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('webcast_evaluation_questions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('grade', 'integer')
    .addColumn('stars', 'integer')
    .addColumn('text', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('webcast_evaluation_answers_uq', ['user_id', 'question_id'])
    .execute();

  // ---- support materials (spec 2 §3.6 webcast_material) ----
  await db.schema.createTable('webcast_materials')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('webcast_id', 'integer', webcast)
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('resource', 'varchar(1000)')
    .addColumn('resource_name', 'varchar(255)')
    .addColumn('extension', 'varchar(20)')
    .addColumn('size', 'bigint')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('webcast_materials_webcast_idx').on('webcast_materials').column('webcast_id').execute();

  // the learner list filters by status and date; the unpublish job by unpublish_date
  await db.schema.createIndex('webcasts_unpublish_idx').on('webcasts').columns(['status', 'unpublish_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webcasts_unpublish_idx').execute();
  for (const table of [
    'webcast_materials', 'webcast_evaluation_answers', 'webcast_evaluation_questions', 'webcast_evaluations',
    'webcast_test_attempt_questions', 'webcast_test_results', 'webcast_test_question_answers', 'webcast_test_questions', 'webcast_tests',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
