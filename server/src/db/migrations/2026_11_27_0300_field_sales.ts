import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Field-sales tasks (spec 3 §3 "Task (field sales)", §4, §5, §9 "Tasks"): questionnaires made of
 * ordered steps of ordered questions (reused by many tasks), task series (the recurrence rule),
 * tasks at an address with check-in/check-out, and the answers of each task.
 *
 * Questionnaires are not an owner of the owned-content core: their answers belong to a task (one
 * visit), not to a learner's attempt, and their question types (number, photo, yes/no) are not
 * the test engine's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;
  const client = (c: ColumnDefinitionBuilder) => c.notNull().references('clients.id').onDelete('cascade');

  await db.schema.createTable('field_questionnaires')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createTable('field_questionnaire_steps')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('field_questionnaires.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('step_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createTable('field_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('field_questionnaires.id').onDelete('cascade'))
    .addColumn('step_id', 'integer', (c) => c.notNull().references('field_questionnaire_steps.id').onDelete('cascade'))
    .addColumn('text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('question_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('required', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('options', t.json, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('field_questions_step_idx').on('field_questions').columns(['step_id', 'position']).execute();

  /** spec 3 §3 "recurrence: frequency, unit, repeat count": the rule a series was made from */
  await db.schema.createTable('field_task_series')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('rule', t.json, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.createTable('field_tasks')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('series_id', 'integer', (c) => c.references('field_task_series.id').onDelete('set null'))
    .addColumn('occurrence', 'integer')
    .addColumn('title', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    /** wall-clock date and times in `timezone` (the day a conflict is about), and their instants */
    .addColumn('task_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('starts_at', t.timestamp, (c) => c.notNull())
    .addColumn('ends_at', t.timestamp, (c) => c.notNull())
    .addColumn('representative_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('questionnaire_id', 'integer', (c) => c.references('field_questionnaires.id').onDelete('set null'))
    .addColumn('postal_code', 'varchar(32)')
    .addColumn('address', 'varchar(256)')
    .addColumn('number', 'varchar(32)')
    .addColumn('complement', 'varchar(128)')
    .addColumn('neighborhood', 'varchar(128)')
    .addColumn('city', 'varchar(128)')
    .addColumn('state', 'varchar(128)')
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    .addColumn('place_ref', 'varchar(64)')
    .addColumn('observation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('cancel_motive', 'text')
    .addColumn('not_realized_reason', 'text')
    .addColumn('check_in_at', t.timestamp)
    .addColumn('check_in_latitude', real)
    .addColumn('check_in_longitude', real)
    .addColumn('check_in_distance_m', 'integer')
    .addColumn('check_out_at', t.timestamp)
    .addColumn('check_out_latitude', real)
    .addColumn('check_out_longitude', real)
    .addColumn('check_out_distance_m', 'integer')
    /**
     * spec 3 §5 "The representative may not already have events for the selected day":
     * '{representative}:{task_date}' while the task holds the day, null once canceled or deleted;
     * unique, so two simultaneous saves cannot both take the day.
     */
    .addColumn('day_key', 'varchar(64)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('field_tasks_day_key_uq', ['client_id', 'day_key'])
    .execute();
  await db.schema.createIndex('field_tasks_client_date_idx').on('field_tasks').columns(['client_id', 'task_date']).execute();
  await db.schema.createIndex('field_tasks_representative_idx').on('field_tasks').columns(['representative_id', 'task_date']).execute();
  await db.schema.createIndex('field_tasks_series_idx').on('field_tasks').columns(['series_id', 'task_date']).execute();

  await db.schema.createTable('field_task_answers')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('task_id', 'integer', (c) => c.notNull().references('field_tasks.id').onDelete('cascade'))
    /** null once the question left the questionnaire: the answer keeps its texts */
    .addColumn('question_id', 'integer', (c) => c.references('field_questions.id').onDelete('set null'))
    .addColumn('step_title', 'varchar(256)', (c) => c.notNull())
    .addColumn('question_text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('question_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', t.json, (c) => c.notNull())
    .addColumn('display', 'text', (c) => c.notNull())
    .addColumn('answered_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('field_task_answers_question_uq', ['task_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['field_task_answers', 'field_tasks', 'field_task_series', 'field_questions', 'field_questionnaire_steps', 'field_questionnaires']) {
    await db.schema.dropTable(table).execute();
  }
}
