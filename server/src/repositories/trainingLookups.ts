/** The global reference lists of the training editor (spec 2 §7.1 "Reference lists"), by id. */
import type { Db } from '../db/database.ts';

export async function trainingTypes(db: Db): Promise<{ id: number; slug: string; use_score: boolean }[]> {
  return db.selectFrom('group_training_types').selectAll().orderBy('id').execute();
}

export async function gameTypes(db: Db): Promise<{ id: number; slug: string }[]> {
  return db.selectFrom('group_training_game_types').selectAll().orderBy('id').execute();
}
