import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../db/dialect.ts';
import { OWNED_TABLE_SUFFIXES, type OwnedTablesOf } from './tables.ts';

export interface OwnedTablesOptions {
  /**
   * Only the tests, questions and attempts (a question-only owner such as a survey: no reaction
   * evaluations, no materials; docs/architecture/owned-content.md "Question-only owners").
   */
  testsOnly?: boolean;
}

type TableBuilder = ReturnType<Kysely<unknown>['schema']['createTable']>;

/**
 * spec 3 §3 "Survey" question types, for every owner's questions: a test's questions are single
 * choice (the default); a survey's may take several choices and a text (shared/src/surveys.ts).
 */
export function questionTypeColumn<B extends TableBuilder>(b: B): B {
  return b.addColumn('question_type', 'varchar(40)', (c) => c.notNull().defaultTo('single_choice')) as B;
}

/** An attempt question's several choices (JSON array of answer ids) and free text (justification, dissertative answer). */
export function attemptAnswerColumns(json: ColumnDataType) {
  return <B extends TableBuilder>(b: B): B => b
    .addColumn('answer_ids', json)
    .addColumn('answer_text', 'text') as B;
}

/**
 * Migration helper: the owned-content tables of a new owner kind (docs/architecture/owned-content.md
 * "Add an owner kind"), from this one definition — the columns of content/tables.ts, with
 * `owner_id` referencing the owner's table ON DELETE CASCADE, so deleting an owner row takes its
 * tests, questions, attempts, evaluations, answers and materials with it. Test types and
 * evaluation question types are the global lookups. The training and webcast tables were created
 * before this helper with these same columns (2026_11_27_0001_owned_content named their owner
 * column owner_id); server/src/content/schema.test.ts compares them column for column.
 */
export async function createOwnedTables(db: Kysely<unknown>, owner: OwnedTablesOf, { testsOnly = false }: OwnedTablesOptions = {}): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;
  const p = owner.tablePrefix;
  const ownerFk = (c: ColumnDefinitionBuilder) => c.notNull().references(`${owner.ownerTable}.id`).onDelete('cascade');
  const fk = (table: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('cascade');

  // ---- tests (spec 2 §3.4) ----
  await db.schema.createTable(`${p}_tests`)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('owner_id', 'integer', ownerFk)
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('test_type_id', 'integer', (c) => c.notNull().defaultTo(1).references('group_training_test_types.id'))
    /** spec 2 §4.3: new tests are unpublished (2) */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('avaliable_in', 'varchar(10)')
    /** 0: the owner's score is used */
    .addColumn('test_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('randomize_questions', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('randomize_answers', t.bool, (c) => c.notNull().defaultTo(true))
    /** questions shown to the learner; null = all */
    .addColumn('qty_total_questions', 'integer')
    /** a number of correct answers */
    .addColumn('minimum_score', 'integer')
    /** 0 when the option is off */
    .addColumn('maximum_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** HH:mm:ss */
    .addColumn('time_to_answer', 'varchar(8)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex(`${p}_tests_owner_idx`).on(`${p}_tests`).columns(['owner_id', 'status']).execute();

  await db.schema.createTable(`${p}_test_questions`)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('test_id', 'integer', fk(`${p}_tests`))
    /** HTML */
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_mandatory', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .$call(questionTypeColumn)
    .execute();
  await db.schema.createIndex(`${p}_test_questions_test_idx`).on(`${p}_test_questions`).columns(['test_id', 'position']).execute();

  await db.schema.createTable(`${p}_test_question_answers`)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('question_id', 'integer', fk(`${p}_test_questions`))
    /** HTML */
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_correct', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex(`${p}_test_question_answers_question_idx`).on(`${p}_test_question_answers`).columns(['question_id', 'position']).execute();

  // learner attempts: one row per attempt, one per question drawn for it (spec 2 §4.8)
  await db.schema.createTable(`${p}_test_results`)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('test_id', 'integer', fk(`${p}_tests`))
    .addColumn('user_id', 'integer', fk('users'))
    .addColumn('attempt_number', 'integer', (c) => c.notNull())
    /** in_progress | finished | expired | restarted */
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('in_progress'))
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('deadline_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .addColumn('correct_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', real, (c) => c.notNull().defaultTo(0))
    .addColumn('passed', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    /** none | blocked | restarted */
    .addColumn('consequence', 'varchar(12)')
    // one row per attempt: two starts at the same moment cannot both take the same number
    .addUniqueConstraint(`${p}_test_results_attempt_uq`, ['test_id', 'user_id', 'attempt_number'])
    .execute();
  await db.schema.createIndex(`${p}_test_results_user_idx`).on(`${p}_test_results`).columns(['user_id', 'status']).execute();

  await db.schema.createTable(`${p}_test_attempt_questions`)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('result_id', 'integer', fk(`${p}_test_results`))
    .addColumn('question_id', 'integer', fk(`${p}_test_questions`))
    /** 1-based order in which this attempt shows the question */
    .addColumn('position', 'integer', (c) => c.notNull())
    /** JSON array of answer ids in the order shown */
    .addColumn('answer_order', t.json, (c) => c.notNull())
    .addColumn('answer_id', 'integer')
    /** timed types: once confirmed, the answer cannot change (spec 2 §4.8) */
    .addColumn('confirmed_at', t.timestamp)
    .addColumn('is_correct', t.bool)
    .$call(attemptAnswerColumns(t.json))
    .addUniqueConstraint(`${p}_test_attempt_questions_uq`, ['result_id', 'question_id'])
    .execute();

  if (testsOnly) return;

  // ---- reaction evaluations (spec 2 §3.5) ----
  await db.schema.createTable(`${p}_evaluations`)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('owner_id', 'integer', ownerFk)
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex(`${p}_evaluations_owner_idx`).on(`${p}_evaluations`).column('owner_id').execute();

  await db.schema.createTable(`${p}_evaluation_questions`)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('evaluation_id', 'integer', fk(`${p}_evaluations`))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('question_type_id', 'integer', (c) => c.notNull().references('evaluation_question_types.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex(`${p}_evaluation_questions_eval_idx`).on(`${p}_evaluation_questions`).columns(['evaluation_id', 'position']).execute();

  await db.schema.createTable(`${p}_evaluation_answers`)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('evaluation_id', 'integer', fk(`${p}_evaluations`))
    .addColumn('question_id', 'integer', fk(`${p}_evaluation_questions`))
    .addColumn('user_id', 'integer', fk('users'))
    /** grade_0_10 */
    .addColumn('grade', 'integer')
    /** stars (0–5) */
    .addColumn('stars', 'integer')
    .addColumn('text', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    // answered once (spec 2 §4.10)
    .addUniqueConstraint(`${p}_evaluation_answers_uq`, ['user_id', 'question_id'])
    .execute();

  // ---- support materials (spec 2 §3.6) ----
  await db.schema.createTable(`${p}_materials`)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('owner_id', 'integer', ownerFk)
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    /** stored file path */
    .addColumn('resource', 'varchar(1000)')
    .addColumn('resource_name', 'varchar(255)')
    .addColumn('extension', 'varchar(20)')
    .addColumn('size', 'bigint')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex(`${p}_materials_owner_idx`).on(`${p}_materials`).column('owner_id').execute();
}

/** The down of createOwnedTables: every owned table of the owner kind, dependents first. */
export async function dropOwnedTables(db: Kysely<unknown>, owner: OwnedTablesOf, { testsOnly = false }: OwnedTablesOptions = {}): Promise<void> {
  const suffixes = testsOnly ? OWNED_TABLE_SUFFIXES.filter((s) => s.startsWith('test')) : [...OWNED_TABLE_SUFFIXES];
  for (const suffix of suffixes.reverse()) await db.schema.dropTable(`${owner.tablePrefix}_${suffix}`).execute();
}
