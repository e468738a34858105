/**
 * The games of a training, admin side (spec 2 §3.3, §7.1 "Games"; spec 3 "Game"). Callers have
 * checked the training against the selected client (trainingOr404), so every query here is
 * scoped by the training. Deleting is soft (spec 2 §4.1 status 3), like modules: learners' plays
 * stay, and the hierarchy passes a deleted game's prerequisite on by itself.
 */
import { CONTENT_STATUS, gameTypeSlug, type AdminGame, type GameContent, type GameListItem } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { GroupTrainingGameRow } from '../db/tables/training.table.ts';

/** What a save writes (validated by the shared `validateGameInput`). */
export interface GameValues {
  title: string;
  game_type_id: number;
  status: number;
  avaliable_in: string | null;
  score: number;
  content: GameContent;
}

export function gameListQuery(db: Db, trainingId: number) {
  return db.selectFrom('group_training_games').selectAll()
    .where('group_training_id', '=', trainingId)
    .where('status', '!=', CONTENT_STATUS.deleted);
}

export async function findGame(db: Db, trainingId: number, id: number): Promise<GroupTrainingGameRow | undefined> {
  return gameListQuery(db, trainingId).where('id', '=', id).executeTakeFirst();
}

export function toGameListItem(row: GroupTrainingGameRow): GameListItem {
  return {
    id: row.id, title: row.title, status: row.status, avaliable_in: row.avaliable_in, score: Number(row.score),
    group_training_game_type: { id: row.game_type_id, slug: gameTypeSlug(row.game_type_id) ?? '' },
  };
}

export function toAdminGame(row: GroupTrainingGameRow): AdminGame {
  return {
    id: row.id, title: row.title, group_training_game_type: row.game_type_id, status: row.status, avaliable_in: row.avaliable_in,
    score: Number(row.score), content: row.config,
  };
}

const columns = (values: GameValues) => ({
  title: values.title, game_type_id: values.game_type_id, status: values.status, avaliable_in: values.avaliable_in, score: values.score,
  config: JSON.stringify(values.content),
});

export async function insertGame(db: Db, trainingId: number, values: GameValues): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('group_training_games')
    .values({ group_training_id: trainingId, ...columns(values), created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** False when the game is not (or no longer) the training's. */
export async function updateGame(db: Db, trainingId: number, id: number, values: GameValues): Promise<boolean> {
  const res = await db.updateTable('group_training_games').set({ ...columns(values), updated_at: new Date() })
    .where('id', '=', id).where('group_training_id', '=', trainingId).where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function softDeleteGame(db: Db, trainingId: number, id: number): Promise<boolean> {
  const res = await db.updateTable('group_training_games').set({ status: CONTENT_STATUS.deleted, updated_at: new Date() })
    .where('id', '=', id).where('group_training_id', '=', trainingId).where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
