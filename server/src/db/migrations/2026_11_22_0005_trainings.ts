import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Issue 4, the whole online-content schema in one migration so the areas can be built in
 * parallel (spec 2 §3): global lookups, group trainings with their audience links, modules,
 * games, tests (questions, answers), reaction evaluations and base models, support materials,
 * the configure-and-publish hierarchy, comments of every origin (§7.4), the forum, and trails.
 * Learner-side tables (progress, attempts, certificates) come with a later issue.
 *
 * Dates the contract sends as YYYY-MM-DD (unpublish_date, avaliable_in …) are stored as that
 * text: they are calendar days, not instants. Children reach their client through the parent
 * training (or trail); tables keyed by a generic origin carry client_id themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const t = columnTypes(dialect);
  const now = sql`CURRENT_TIMESTAMP`;
  // workload is in hours and may be fractional
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const fk = (table: string) => `${table}.id`;

  // ---- global lookups (fixed ids: the contract sends them) ----
  await db.schema.createTable('group_training_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('use_score', t.bool, (c) => c.notNull().defaultTo(true))
    .execute();
  await db.insertInto('group_training_types' as never).values([
    { id: 1, slug: 'onboarding', use_score: true },
    // spec 2 §9: type 2 is sent when the client does not use the basic type
    { id: 2, slug: 'online', use_score: true },
    { id: 3, slug: 'technical', use_score: true },
    { id: 4, slug: 'behavioral', use_score: true },
    { id: 5, slug: 'informative', use_score: false },
  ] as never).execute();

  await db.schema.createTable('group_training_module_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('use_embed', t.bool, (c) => c.notNull().defaultTo(false))
    .execute();
  // spec 2 §3.2: the three hosted-service slugs take an embed instead of a file
  await db.insertInto('group_training_module_types' as never).values([
    'video', 'audio', 'pdf', 'scorm', 'html', 'powerpoint', 'file', 'youtube', 'vimeo', 'slideshare',
  ].map((slug, i) => ({ id: i + 1, slug, use_embed: ['youtube', 'vimeo', 'slideshare'].includes(slug) })) as never).execute();

  await db.schema.createTable('group_training_test_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('use_max_attempts', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('use_minimum_score', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('use_time', t.bool, (c) => c.notNull().defaultTo(false))
    .execute();
  // spec 2 §4.8 behaviours; spec 2 §9 / §4.8: "Test type ids 6 and 7 are the timed ones"
  await db.insertInto('group_training_test_types' as never).values([
    { id: 1, slug: 'conventional', use_max_attempts: false, use_minimum_score: true, use_time: false },
    { id: 2, slug: 'block', use_max_attempts: true, use_minimum_score: true, use_time: false },
    { id: 3, slug: 'restart', use_max_attempts: true, use_minimum_score: true, use_time: false },
    { id: 4, slug: 'evaluated_quiz', use_max_attempts: false, use_minimum_score: true, use_time: false },
    { id: 5, slug: 'unevaluated_quiz', use_max_attempts: false, use_minimum_score: false, use_time: false },
    { id: 6, slug: 'timed_block_general', use_max_attempts: false, use_minimum_score: true, use_time: true },
    { id: 7, slug: 'timed_restart_general', use_max_attempts: false, use_minimum_score: true, use_time: true },
  ] as never).execute();

  await db.schema.createTable('evaluation_question_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(60)', (c) => c.notNull().unique())
    .execute();
  // spec 2 §3.5: a grade from 0 to 10, or stars; and free text
  await db.insertInto('evaluation_question_types' as never).values([
    { id: 1, slug: 'grade_0_10' }, { id: 2, slug: 'stars' }, { id: 3, slug: 'text' },
  ] as never).execute();

  await db.schema.createTable('group_training_game_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(60)', (c) => c.notNull().unique())
    .execute();
  // spec 3 "Game": the eight mini-game types
  await db.insertInto('group_training_game_types' as never).values([
    'drag_the_words', 'fill_in_the_blanks', 'find_the_pairs', 'find_the_words', 'flashcards', 'enigma', 'this_or_that', 'true_or_false',
  ].map((slug, i) => ({ id: i + 1, slug })) as never).execute();

  // ---- group trainings (spec 2 §3.1) ----
  await db.schema.createTable('group_trainings')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references(fk('clients')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    /** sanitised HTML (the introduction) */
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('group_training_type_id', 'integer', (c) => c.notNull().defaultTo(2).references(fk('group_training_types')))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('workload', real, (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(100)')
    .addColumn('on_portfolio', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('portfolio_order', 'integer', (c) => c.notNull().defaultTo(9999))
    /** YYYY-MM-DD: unpublished automatically on that day (spec 2 §4.6) */
    .addColumn('unpublish_date', 'varchar(10)')
    /** null: certificates never expire */
    .addColumn('qty_certificate_expiration_days', 'integer')
    .addColumn('image_url', 'varchar(1000)')
    /** JSON {pt-br, en-us, es-es, fr-fr} */
    .addColumn('image_alt_texts', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('certificate_image_url', 'varchar(1000)')
    /** spec 2 §4.1: 1 published, 2 unpublished (new), 3 deleted */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('is_open', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('published_at', t.timestamp)
    .addColumn('created_by', 'integer', (c) => c.references(fk('users')).onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('group_trainings_client_idx').on('group_trainings').columns(['client_id', 'status']).execute();
  await db.schema.createIndex('group_trainings_unpublish_idx').on('group_trainings').columns(['status', 'unpublish_date']).execute();

  const trainingLink = async (table: string, column: string, target: string, mandatory = false) => {
    let builder = db.schema.createTable(table)
      .addColumn('group_training_id', 'integer', (c) => c.notNull().references(fk('group_trainings')).onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(fk(target)).onDelete('cascade'));
    if (mandatory) builder = builder.addColumn('is_mandatory', t.bool, (c) => c.notNull().defaultTo(false));
    await builder.addPrimaryKeyConstraint(`${table}_pk`, ['group_training_id', column]).execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  };
  await trainingLink('group_training_tags', 'tag_id', 'tags');
  // spec 2 §3.1: mandatory_areas / mandatory_profiles are subsets of areas / profiles
  await trainingLink('group_training_areas', 'area_id', 'areas', true);
  await trainingLink('group_training_profiles', 'profile_id', 'profiles', true);
  await trainingLink('group_training_user_groups', 'user_group_id', 'user_groups');

  await db.schema.createTable('group_training_owners')
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references(fk('group_trainings')).onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    /** spec 2 §6: the creator is the first owner; the order is kept */
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('group_training_owners_pk', ['group_training_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_training_owners_user_idx').on('group_training_owners').column('user_id').execute();

  // ---- modules (spec 2 §3.2, §4.2) ----
  await db.schema.createTable('group_training_modules')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references(fk('group_trainings')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('module_type_id', 'integer', (c) => c.notNull().references(fk('group_training_module_types')))
    /** 1 published (new), 2 unpublished, 3 deleted, 4/5 processing */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    /** YYYY-MM-DD; the contract's spelling */
    .addColumn('avaliable_in', 'varchar(10)')
    /** 0: the training score is used */
    .addColumn('module_score', 'integer', (c) => c.notNull().defaultTo(0))
    /** stored file path, or the embed for use_embed types */
    .addColumn('resource', 'text')
    .addColumn('resource_size', 'bigint')
    .addColumn('resource_name', 'varchar(255)')
    .addColumn('qty_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qty_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('group_training_modules_training_idx').on('group_training_modules').columns(['group_training_id', 'status']).execute();

  // ---- games (spec 2 §3.3; the editor is in spec 3 "Game") ----
  await db.schema.createTable('group_training_games')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references(fk('group_trainings')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('game_type_id', 'integer', (c) => c.notNull().references(fk('group_training_game_types')))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('avaliable_in', 'varchar(10)')
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON: sentences, words, tips, alternatives, error limit, allow_to_skip_game (spec 3 "Game") */
    .addColumn('config', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('group_training_games_training_idx').on('group_training_games').column('group_training_id').execute();

  // ---- tests (spec 2 §3.4, §4.3–4.5, §5.3–5.4) ----
  await db.schema.createTable('group_training_tests')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references(fk('group_trainings')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('test_type_id', 'integer', (c) => c.notNull().defaultTo(1).references(fk('group_training_test_types')))
    /** spec 2 §4.3: new tests are unpublished (2) */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('avaliable_in', 'varchar(10)')
    /** 0: the training score is used */
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
  await db.schema.createIndex('group_training_tests_training_idx').on('group_training_tests').columns(['group_training_id', 'status']).execute();

  await db.schema.createTable('group_training_test_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('test_id', 'integer', (c) => c.notNull().references(fk('group_training_tests')).onDelete('cascade'))
    /** HTML */
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_mandatory', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('group_training_test_questions_test_idx').on('group_training_test_questions').columns(['test_id', 'position']).execute();

  await db.schema.createTable('group_training_test_question_answers')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('question_id', 'integer', (c) => c.notNull().references(fk('group_training_test_questions')).onDelete('cascade'))
    /** HTML */
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('is_correct', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('group_training_test_question_answers_question_idx').on('group_training_test_question_answers').columns(['question_id', 'position']).execute();

  // ---- reaction evaluations and their base models (spec 2 §3.5) ----
  await db.schema.createTable('group_training_evaluations')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references(fk('group_trainings')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('group_training_evaluations_training_idx').on('group_training_evaluations').column('group_training_id').execute();

  await db.schema.createTable('group_training_evaluation_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('evaluation_id', 'integer', (c) => c.notNull().references(fk('group_training_evaluations')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('question_type_id', 'integer', (c) => c.notNull().references(fk('evaluation_question_types')))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('group_training_evaluation_questions_eval_idx').on('group_training_evaluation_questions').columns(['evaluation_id', 'position']).execute();

  await db.schema.createTable('base_evaluations')
    .addColumn('id', t.id, t.primaryId)
    /** null: a model offered to every client */
    .addColumn('client_id', 'integer', (c) => c.references(fk('clients')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('base_evaluations_client_idx').on('base_evaluations').column('client_id').execute();

  await db.schema.createTable('base_evaluation_questions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('base_evaluation_id', 'integer', (c) => c.notNull().references(fk('base_evaluations')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('question_type_id', 'integer', (c) => c.notNull().references(fk('evaluation_question_types')))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('base_evaluation_questions_base_idx').on('base_evaluation_questions').columns(['base_evaluation_id', 'position']).execute();

  // ---- support materials (spec 2 §3.6) ----
  await db.schema.createTable('group_training_materials')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references(fk('group_trainings')).onDelete('cascade'))
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
  await db.schema.createIndex('group_training_materials_training_idx').on('group_training_materials').column('group_training_id').execute();

  // ---- configure and publish (spec 2 §3.7, §5.8) ----
  await db.schema.createTable('group_training_hierarchy')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references(fk('group_trainings')).onDelete('cascade'))
    /** module | test | game */
    .addColumn('type_slug', 'varchar(10)', (c) => c.notNull())
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('hierarchy_order', 'integer', (c) => c.notNull())
    /** the prerequisite */
    .addColumn('parent_slug', 'varchar(10)')
    .addColumn('parent_id', 'integer')
    .addUniqueConstraint('group_training_hierarchy_item_uq', ['group_training_id', 'type_slug', 'type_id'])
    .execute();

  // ---- comments of every origin (spec 2 §3.10, §7.4) ----
  await db.schema.createTable('comments')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references(fk('clients')).onDelete('cascade'))
    /** training | trail | news | podcast | presential | webcast | live_class */
    .addColumn('origin', 'varchar(20)', (c) => c.notNull())
    .addColumn('origin_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    /** 0 to 5, or none */
    .addColumn('stars', 'integer')
    /** 1 published, 2 unpublished, 3 deleted */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  // origin + origin_id lists; + user_id answers "once per user" (spec 2 §4.10)
  await db.schema.createIndex('comments_origin_idx').on('comments').columns(['origin', 'origin_id', 'user_id']).execute();
  await db.schema.createIndex('comments_user_idx').on('comments').column('user_id').execute();

  // ---- forum (spec 2 §3.10, §4.11) ----
  await db.schema.createTable('forum_topics')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references(fk('clients')).onDelete('cascade'))
    /** 'training' for the training forum */
    .addColumn('origin', 'varchar(20)', (c) => c.notNull())
    .addColumn('origin_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    /** 1 published, 2 unpublished, 3 deleted, 4 closed */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reported', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qty_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('forum_topics_origin_idx').on('forum_topics').columns(['origin', 'origin_id', 'updated_at']).execute();
  await db.schema.createIndex('forum_topics_user_idx').on('forum_topics').column('user_id').execute();

  await db.schema.createTable('forum_replies')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('topic_id', 'integer', (c) => c.notNull().references(fk('forum_topics')).onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reported', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('forum_replies_topic_idx').on('forum_replies').columns(['topic_id', 'created_at']).execute();
  await db.schema.createIndex('forum_replies_user_idx').on('forum_replies').column('user_id').execute();

  for (const [table, column, target] of [['forum_topic_likes', 'topic_id', 'forum_topics'], ['forum_reply_likes', 'reply_id', 'forum_replies']] as const) {
    await db.schema.createTable(table)
      .addColumn(column, 'integer', (c) => c.notNull().references(fk(target)).onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
      .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint(`${table}_pk`, [column, 'user_id'])
      .execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).column('user_id').execute();
  }

  // ---- trails (spec 2 §2.4, §3.8, §4.9) ----
  await db.schema.createTable('trails')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references(fk('clients')).onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(1000)')
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    /** YYYY-MM-DD */
    .addColumn('availability_date', 'varchar(10)')
    .addColumn('date_to_unpublish', 'varchar(10)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    /** idle | running (spec 2 §4.9) */
    .addColumn('certificate_sync_status', 'varchar(10)', (c) => c.notNull().defaultTo('idle'))
    .addColumn('published_at', t.timestamp)
    .addColumn('created_by', 'integer', (c) => c.references(fk('users')).onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('trails_client_idx').on('trails').columns(['client_id', 'status']).execute();

  await db.schema.createTable('trail_categories')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references(fk('clients')).onDelete('cascade'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('trail_categories_client_name_uq', ['client_id', 'name'])
    .execute();

  const trailLink = async (table: string, column: string, target: string) => {
    await db.schema.createTable(table)
      .addColumn('trail_id', 'integer', (c) => c.notNull().references(fk('trails')).onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(fk(target)).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['trail_id', column])
      .execute();
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  };
  await trailLink('trail_category_links', 'category_id', 'trail_categories');
  await trailLink('trail_areas', 'area_id', 'areas');
  await trailLink('trail_profiles', 'profile_id', 'profiles');
  await trailLink('trail_user_groups', 'user_group_id', 'user_groups');
  await trailLink('trail_tags', 'tag_id', 'tags');

  await db.schema.createTable('trail_items')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('trail_id', 'integer', (c) => c.notNull().references(fk('trails')).onDelete('cascade'))
    /** group_training | library | live_class | news | podcast | webcast | course_catalog */
    .addColumn('item_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    /** the prerequisite: another item of the same trail */
    .addColumn('parent_item_id', 'integer', (c) => c.references(fk('trail_items')).onDelete('set null'))
    .addUniqueConstraint('trail_items_item_uq', ['trail_id', 'item_type', 'item_id'])
    .execute();
  await db.schema.createIndex('trail_items_item_idx').on('trail_items').columns(['item_type', 'item_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'trail_items', 'trail_tags', 'trail_user_groups', 'trail_profiles', 'trail_areas', 'trail_category_links', 'trail_categories', 'trails',
    'forum_reply_likes', 'forum_topic_likes', 'forum_replies', 'forum_topics', 'comments',
    'group_training_hierarchy', 'group_training_materials', 'base_evaluation_questions', 'base_evaluations',
    'group_training_evaluation_questions', 'group_training_evaluations', 'group_training_test_question_answers',
    'group_training_test_questions', 'group_training_tests', 'group_training_games', 'group_training_modules',
    'group_training_owners', 'group_training_user_groups', 'group_training_profiles', 'group_training_areas', 'group_training_tags',
    'group_trainings', 'group_training_game_types', 'evaluation_question_types', 'group_training_test_types',
    'group_training_module_types', 'group_training_types',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
