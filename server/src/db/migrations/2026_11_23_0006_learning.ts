import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * The learner side (spec 2 §4.6–4.10, §5.12): a learner's state in each training and
 * trail, module progress (with SCORM CMI data), the questions drawn for each test attempt and
 * the answers given, certificates, favourites / likes / stars, the points ledger and reaction
 * evaluation answers. Test attempts themselves are group_training_test_results (0002).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('group_training_enrollments')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references('group_trainings.id').onDelete('cascade'))
    /** not_started | ongoing | finished | blocked (spec 2 §4.7) */
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('ongoing'))
    .addColumn('started_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('completed_at', t.timestamp)
    .addColumn('blocked_at', t.timestamp)
    /** each restart (by the learner, or a restart-type test) wipes the activities' progress */
    .addColumn('restart_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('group_training_enrollments_uq', ['user_id', 'group_training_id'])
    .execute();
  await db.schema.createIndex('group_training_enrollments_training_idx').on('group_training_enrollments').columns(['group_training_id', 'status']).execute();

  await db.schema.createTable('group_training_module_progress')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) => c.notNull().references('group_training_modules.id').onDelete('cascade'))
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references('group_trainings.id').onDelete('cascade'))
    /** ongoing | finished */
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('ongoing'))
    /** 0–100 */
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    /** where a video or audio was left, to resume */
    .addColumn('position_seconds', real, (c) => c.notNull().defaultTo(0))
    /** SCORM 1.2 / 2004 CMI data model as JSON (scorm-again's renderCommitCMI) */
    .addColumn('cmi', 'text')
    .addColumn('finished_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('group_training_module_progress_uq', ['user_id', 'module_id'])
    .execute();
  await db.schema.createIndex('group_training_module_progress_training_idx').on('group_training_module_progress').columns(['user_id', 'group_training_id']).execute();

  await db.schema.createTable('group_training_test_attempt_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('result_id', 'integer', (c) => c.notNull().references('group_training_test_results.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('group_training_test_questions.id').onDelete('cascade'))
    /** 1-based order in which this attempt shows the question */
    .addColumn('position', 'integer', (c) => c.notNull())
    /** JSON array of answer ids in the order shown (randomize_answers) */
    .addColumn('answer_order', 'text', (c) => c.notNull())
    .addColumn('answer_id', 'integer')
    /** timed types: once confirmed, the answer cannot change (spec 2 §4.8) */
    .addColumn('confirmed_at', t.timestamp)
    .addColumn('is_correct', t.bool)
    .addUniqueConstraint('group_training_test_attempt_questions_uq', ['result_id', 'question_id'])
    .execute();

  await db.schema.createTable('certificates')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** training | trail */
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    /** random, url-safe: the public verification link */
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    /** what the certificate says, as it was when issued */
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('workload', real, (c) => c.notNull().defaultTo(0))
    .addColumn('percentage', real, (c) => c.notNull().defaultTo(100))
    .addColumn('issued_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp)
    /** the PDF, generated once at issue (relative to DATA_DIR) */
    .addColumn('pdf_path', 'varchar(400)')
    /** a newer certificate of the same content (a renewal) supersedes this one */
    .addColumn('superseded_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('certificates_user_idx').on('certificates').columns(['user_id', 'content_type', 'content_id']).execute();

  await db.schema.createTable('content_reactions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** training | trail (and the other modules' content later) */
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    .addColumn('favorite', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('liked', t.bool, (c) => c.notNull().defaultTo(false))
    /** 0–5, null = not rated */
    .addColumn('stars', 'integer')
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('content_reactions_uq', ['user_id', 'content_type', 'content_id'])
    .execute();
  await db.schema.createIndex('content_reactions_content_idx').on('content_reactions').columns(['content_type', 'content_id']).execute();

  await db.schema.createTable('points_ledger')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('points', 'integer', (c) => c.notNull())
    /** training_completed | test_passed | trail_completed | … */
    .addColumn('reason', 'varchar(40)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    // awarding is idempotent: once per reason and content
    .addUniqueConstraint('points_ledger_uq', ['user_id', 'reason', 'content_type', 'content_id'])
    .execute();
  await db.schema.createIndex('points_ledger_client_idx').on('points_ledger').columns(['client_id', 'user_id']).execute();

  await db.schema.createTable('group_training_evaluation_answers')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('group_training_evaluations.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('group_training_evaluation_questions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** grade_0_10 */
    .addColumn('grade', 'integer')
    /** stars (0–5) */
    .addColumn('stars', 'integer')
    .addColumn('text', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('group_training_evaluation_answers_uq', ['user_id', 'question_id'])
    .execute();

  await db.schema.createTable('trail_enrollments')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trail_id', 'integer', (c) => c.notNull().references('trails.id').onDelete('cascade'))
    /** ongoing | finished */
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('ongoing'))
    .addColumn('started_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('completed_at', t.timestamp)
    .addUniqueConstraint('trail_enrollments_uq', ['user_id', 'trail_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'trail_enrollments', 'group_training_evaluation_answers', 'points_ledger', 'content_reactions', 'certificates',
    'group_training_test_attempt_questions', 'group_training_module_progress', 'group_training_enrollments',
  ]) await db.schema.dropTable(table).execute();
}
