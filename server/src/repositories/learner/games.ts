/**
 * A learner's games (spec 3 §4, §5): plays with their answers, skips, and
 * what they mean for the activity (done when won or skipped). The server judges every answer
 * (shared `checkAnswer`) before calling here; this module stores it so that each step is answered
 * once and the play's counters stay true under simultaneous requests:
 * - one open play per learner and game: a partial unique index, the insert does nothing on it;
 * - one answer per step: a unique (play, step), the insert does nothing on it;
 * - the counters move in one conditional update of the open play (`answered + 1`), which holds
 *   the row (Postgres) until the transaction ends, so a concurrent answer counts after it.
 */
import { sql } from 'kysely';
import type { GameAnswerValue, GameContent, GamePlay, GameState } from '@lp/shared/contract';
import { gameStateOf } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { GroupTrainingGamePlayAnswerRow, GroupTrainingGamePlayRow } from '../../db/tables/gamePlay.table.ts';
import type { GroupTrainingGameRow } from '../../db/tables/training.table.ts';

/** Plays that count for the learner (a restart of the training sets the others aside). */
const COUNTED = ['playing', 'won', 'lost'] as const;

/** A published game of the training (the training itself is checked by the caller). */
export async function findPublishedGame(db: Db, trainingId: number, gameId: number, published: number): Promise<GroupTrainingGameRow | undefined> {
  return db.selectFrom('group_training_games').selectAll()
    .where('id', '=', gameId).where('group_training_id', '=', trainingId).where('status', '=', published)
    .executeTakeFirst();
}

export interface GameProgress {
  /** won or skipped (spec 3 §4) */
  done: boolean;
  /** any counted play, open or finished */
  started: boolean;
}

/** Done and started per game of the user, in two queries whatever the number of games. */
export async function gameProgress(db: Db, userId: number, gameIds: readonly number[]): Promise<Map<number, GameProgress>> {
  const out = new Map<number, GameProgress>(gameIds.map((id) => [id, { done: false, started: false }]));
  if (gameIds.length === 0) return out;
  const ids = [...gameIds];
  const [plays, skips] = await Promise.all([
    db.selectFrom('group_training_game_plays').select(['game_id', 'status'])
      .where('user_id', '=', userId).where('game_id', 'in', ids).where('status', 'in', [...COUNTED])
      .execute(),
    db.selectFrom('group_training_game_skips').select('game_id')
      .where('user_id', '=', userId).where('game_id', 'in', ids)
      .execute(),
  ]);
  for (const p of plays) {
    const g = out.get(p.game_id)!;
    g.started = true;
    if (p.status === 'won') g.done = true;
  }
  for (const s of skips) Object.assign(out.get(s.game_id)!, { done: true, started: true });
  return out;
}

/** The games each of many users has done (won a counted play, or skipped), in two queries: gameProgress for a report's page of learners. */
export async function wonOrSkippedGames(db: Db, userIds: readonly number[], gameIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (userIds.length === 0 || gameIds.length === 0) return out;
  const [won, skipped] = await Promise.all([
    db.selectFrom('group_training_game_plays').select(['user_id', 'game_id'])
      .where('user_id', 'in', [...userIds]).where('game_id', 'in', [...gameIds]).where('status', '=', 'won').execute(),
    db.selectFrom('group_training_game_skips').select(['user_id', 'game_id'])
      .where('user_id', 'in', [...userIds]).where('game_id', 'in', [...gameIds]).execute(),
  ]);
  for (const r of [...won, ...skipped]) out.set(r.user_id, (out.get(r.user_id) ?? new Set()).add(r.game_id));
  return out;
}

/** The learner's state in one game, and the open play if any. */
export async function learnerGameState(
  db: Db, userId: number, game: GroupTrainingGameRow,
): Promise<{ state: GameState; open: GroupTrainingGamePlayRow | null }> {
  const [plays, skip] = await Promise.all([
    db.selectFrom('group_training_game_plays').selectAll()
      .where('user_id', '=', userId).where('game_id', '=', game.id).where('status', 'in', [...COUNTED])
      .orderBy('id').execute(),
    db.selectFrom('group_training_game_skips').select('id').where('user_id', '=', userId).where('game_id', '=', game.id).executeTakeFirst(),
  ]);
  const finished = plays.flatMap((p) => (p.status === 'won' || p.status === 'lost' ? [p.status] : []));
  return {
    state: gameStateOf(finished, skip !== undefined, game.config.allow_to_skip_game),
    open: plays.find((p) => p.status === 'playing') ?? null,
  };
}

/** One of the learner's counted plays of the game (a play set aside by a restart is not found). */
export async function findPlay(db: Db, userId: number, gameId: number, playId: number): Promise<GroupTrainingGamePlayRow | undefined> {
  return db.selectFrom('group_training_game_plays').selectAll()
    .where('id', '=', playId).where('user_id', '=', userId).where('game_id', '=', gameId).where('status', 'in', [...COUNTED])
    .executeTakeFirst();
}

export interface NewPlay {
  userId: number;
  game: GroupTrainingGameRow;
  seed: number;
  content: GameContent;
  play: GamePlay;
}

/** The open play of the learner in the game: the one there is, or this new one (two starts at once make one). */
export async function openOrStartPlay(db: Db, values: NewPlay): Promise<GroupTrainingGamePlayRow> {
  const { userId, game } = values;
  // the conflict target names the partial index by its own predicate, as a literal: SQLite matches it by its text
  await db.insertInto('group_training_game_plays').values({
    user_id: userId, game_id: game.id, group_training_id: game.group_training_id, status: 'playing', seed: values.seed,
    content: JSON.stringify(values.content), play: JSON.stringify(values.play), steps: values.play.steps, started_at: new Date(),
  }).onConflict((oc) => oc.columns(['game_id', 'user_id']).where(sql<boolean>`status = 'playing'`).doNothing()).execute();
  return db.selectFrom('group_training_game_plays').selectAll()
    .where('user_id', '=', userId).where('game_id', '=', game.id).where('status', '=', 'playing')
    .executeTakeFirstOrThrow();
}

export async function playAnswers(db: Db, playId: number): Promise<GroupTrainingGamePlayAnswerRow[]> {
  return db.selectFrom('group_training_game_play_answers').selectAll().where('play_id', '=', playId).orderBy('id').execute();
}

export type RecordedAnswer =
  | { kind: 'recorded'; answered: number; errors: number }
  | { kind: 'already_answered' }
  | { kind: 'play_over' };

/**
 * Stores one step's answer and moves the play's counters, in the caller's transaction. A step
 * answered already, or a play no longer open, records nothing (the caller rolls back).
 */
export async function recordAnswer(db: Db, playId: number, step: number, answer: GameAnswerValue, correct: boolean): Promise<RecordedAnswer> {
  const inserted = await db.insertInto('group_training_game_play_answers')
    .values({ play_id: playId, step, answer: JSON.stringify(answer), correct, created_at: new Date() })
    .onConflict((oc) => oc.columns(['play_id', 'step']).doNothing())
    .returning('id').executeTakeFirst();
  if (!inserted) return { kind: 'already_answered' };
  const counters = await db.updateTable('group_training_game_plays')
    .set((eb) => ({ answered: eb('answered', '+', 1), errors: correct ? eb.ref('errors') : eb('errors', '+', 1) }))
    .where('id', '=', playId).where('status', '=', 'playing')
    .returning(['answered', 'errors']).executeTakeFirst();
  if (!counters) return { kind: 'play_over' };
  return { kind: 'recorded', answered: counters.answered, errors: counters.errors };
}

/** Ends the open play as won or lost (spec 3 §5: won within the error limit). */
export async function finishPlay(db: Db, playId: number, status: 'won' | 'lost', now: Date): Promise<void> {
  await db.updateTable('group_training_game_plays').set({ status, finished_at: now })
    .where('id', '=', playId).where('status', '=', 'playing').execute();
}

/** spec 3 §4: records the skip once (a second one does nothing). */
export async function recordSkip(db: Db, userId: number, game: GroupTrainingGameRow, now: Date): Promise<void> {
  await db.insertInto('group_training_game_skips')
    .values({ user_id: userId, game_id: game.id, group_training_id: game.group_training_id, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing()).execute();
}

/** A restart of the training (spec 2 §2.1): the plays are set aside and the skips forgotten. */
export async function wipeGameProgress(db: Db, userId: number, trainingId: number, now: Date): Promise<void> {
  await db.updateTable('group_training_game_plays').set((eb) => ({ status: 'restarted', finished_at: eb.fn.coalesce('finished_at', eb.val(now.toISOString())) }))
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).where('status', 'in', [...COUNTED])
    .execute();
  await db.deleteFrom('group_training_game_skips').where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
}

/** The learner has played or skipped a game of the training (this round): the training has started. */
export async function hasGameActivity(db: Db, userId: number, trainingId: number): Promise<boolean> {
  const play = await db.selectFrom('group_training_game_plays').select('id')
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).where('status', 'in', [...COUNTED]).executeTakeFirst();
  if (play) return true;
  const skip = await db.selectFrom('group_training_game_skips').select('id')
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).executeTakeFirst();
  return skip !== undefined;
}
