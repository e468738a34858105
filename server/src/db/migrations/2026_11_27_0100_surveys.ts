import { sql, type Kysely } from 'kysely';
import { createAudienceTables, dropAudienceTables } from '../../content/audience/schema.ts';
import { createOwnedTables, dropOwnedTables } from '../../content/schema.ts';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Surveys (spec 3 §3 "Survey", §4, §5; spec 1 §3.8 survey_types, survey_question_types). A survey
 * is a question-only owner of the owned-content core (docs/architecture/owned-content.md): its one
 * test (type `survey`, unscored) holds the questions, a learner's answer is one attempt. The test
 * engine's questions gain a `question_type` and its attempt questions several choices and a free
 * text, for every owner kind — the owners created before this migration are altered here,
 * createOwnedTables makes the columns for the later ones.
 */
const OWNED = { ownerTable: 'surveys', tablePrefix: 'survey' };
const AUDIENCE = { ownerTable: 'surveys', prefix: 'survey', tags: false };
/** the test engine's test type of a survey's one test (group_training_test_types) */
const SURVEY_TEST_TYPE = { id: 8, slug: 'survey', use_max_attempts: false, use_minimum_score: false, use_time: false };

async function columnsOf(db: Kysely<unknown>): Promise<Map<string, Set<string>>> {
  const tables = await db.introspection.getTables();
  return new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  // every owner kind's questions and attempt questions (those made before createOwnedTables had the columns)
  for (const [table, columns] of await columnsOf(db)) {
    if (table.endsWith('_test_questions') && !columns.has('question_type')) {
      await db.schema.alterTable(table).addColumn('question_type', 'varchar(40)', (c) => c.notNull().defaultTo('single_choice')).execute();
    }
    if (table.endsWith('_test_attempt_questions') && !columns.has('answer_ids')) {
      await db.schema.alterTable(table).addColumn('answer_ids', t.json).execute();
      await db.schema.alterTable(table).addColumn('answer_text', 'text').execute();
    }
  }

  await db.insertInto('group_training_test_types' as never).values(SURVEY_TEST_TYPE as never).execute();

  // fixed ids: shared SURVEY_TYPES and SURVEY_QUESTION_TYPES, in order
  await db.schema.createTable('survey_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(40)', (c) => c.notNull().unique())
    .execute();
  await db.insertInto('survey_types' as never).values([{ id: 1, slug: 'optional' }, { id: 2, slug: 'mandatory' }] as never).execute();
  await db.schema.createTable('survey_question_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(40)', (c) => c.notNull().unique())
    .execute();
  await db.insertInto('survey_question_types' as never).values([
    'single_choice', 'multiple_choices', 'multiple_choices_justification', 'alternatives_justification', 'dissertative',
  ].map((slug, i) => ({ id: i + 1, slug })) as never).execute();

  await db.schema.createTable('surveys')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    /** sanitised HTML */
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('survey_type_id', 'integer', (c) => c.notNull().defaultTo(1).references('survey_types.id'))
    /** YYYY-MM-DD, both ends included */
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)')
    .addColumn('show_feedback', t.bool, (c) => c.notNull().defaultTo(false))
    /** points for answering; null = none */
    .addColumn('score', 'integer')
    /** 1 published, 2 unpublished, 3 deleted */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('surveys_client_idx').on('surveys').columns(['client_id', 'status', 'start_date']).execute();

  await db.schema.createTable('survey_owners')
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('survey_owners_pk', ['survey_id', 'user_id'])
    .execute();

  await createOwnedTables(db, OWNED, { testsOnly: true });
  await createAudienceTables(db, AUDIENCE);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAudienceTables(db, AUDIENCE);
  await dropOwnedTables(db, OWNED, { testsOnly: true });
  await db.schema.dropTable('survey_owners').execute();
  await db.schema.dropTable('surveys').execute();
  await db.schema.dropTable('survey_question_types').execute();
  await db.schema.dropTable('survey_types').execute();
  await db.deleteFrom('group_training_test_types' as never).where('id' as never, '=', SURVEY_TEST_TYPE.id as never).execute();
}
