import type { FastifyInstance } from 'fastify';
import { CONTENT_STATUS, gameTypeId, type GameContent, type GameInput } from '@lp/shared/contract';
import { gameFingerprint } from '@lp/shared/rules';

/** A save of `content` as the admin editor sends it after previewing it (spec 3 §2). */
export const gameInput = (content: GameContent, extra: Partial<GameInput> = {}): GameInput => ({
  title: 'Jogo', group_training_game_type: gameTypeId(content.type), status: 1, avaliable_in: null, score: 0,
  content, preview_of: gameFingerprint(content), ...extra,
});

/** A game written straight to the table (published unless told). */
export async function makeGame(
  app: FastifyInstance, trainingId: number, content: GameContent, extra: { title?: string; status?: number; avaliable_in?: string | null } = {},
): Promise<number> {
  const now = new Date();
  const row = await app.db.insertInto('group_training_games').values({
    group_training_id: trainingId, title: extra.title ?? `Jogo ${content.type}`, game_type_id: gameTypeId(content.type),
    status: extra.status ?? CONTENT_STATUS.published, avaliable_in: extra.avaliable_in ?? null, score: 0, config: JSON.stringify(content),
    created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
