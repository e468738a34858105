import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * A learner's plays of a training's games (spec 3 §4): each play keeps the
 * content it was made from and its seed with the play the learner was shown, so answers are
 * judged against what the learner saw even if the admin edits the game meanwhile. One answer per
 * step (unique play + step), one open play per learner and game (a partial unique index), one
 * skip per learner and game.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema.createTable('group_training_game_plays')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('group_training_games.id').onDelete('cascade'))
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references('group_trainings.id').onDelete('cascade'))
    /** playing | won | lost | restarted (set aside by a restart of the training, no longer counted) */
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('playing'))
    /** 0 ≤ seed < 2^31: the shuffles and the letter grid are rebuilt from it */
    .addColumn('seed', 'integer', (c) => c.notNull())
    /** the game's content when the play started (GameContent) */
    .addColumn('content', t.json, (c) => c.notNull())
    /** what the learner was shown (GamePlay) */
    .addColumn('play', t.json, (c) => c.notNull())
    .addColumn('steps', 'integer', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', t.timestamp)
    .execute();
  await db.schema.createIndex('group_training_game_plays_user_idx').on('group_training_game_plays').columns(['user_id', 'group_training_id']).execute();
  await db.schema.createIndex('group_training_game_plays_game_idx').on('group_training_game_plays').columns(['game_id', 'user_id']).execute();
  await db.schema.createIndex('group_training_game_plays_open_key').on('group_training_game_plays').columns(['game_id', 'user_id']).unique()
    .where(sql.ref('status'), '=', 'playing').execute();

  await db.schema.createTable('group_training_game_play_answers')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('play_id', 'integer', (c) => c.notNull().references('group_training_game_plays.id').onDelete('cascade'))
    .addColumn('step', 'integer', (c) => c.notNull())
    /** the learner's answer (GameAnswerValue) */
    .addColumn('answer', t.json, (c) => c.notNull())
    .addColumn('correct', t.bool, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('group_training_game_play_answers_uq', ['play_id', 'step'])
    .execute();

  await db.schema.createTable('group_training_game_skips')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('group_training_games.id').onDelete('cascade'))
    .addColumn('group_training_id', 'integer', (c) => c.notNull().references('group_trainings.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('group_training_game_skips_uq', ['user_id', 'game_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_training_game_skips').execute();
  await db.schema.dropTable('group_training_game_play_answers').execute();
  await db.schema.dropTable('group_training_game_plays').execute();
}
