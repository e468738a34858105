import type { FastifyInstance } from 'fastify';
import { CONTENT_STATUS, gameTypeId, type GameAnswerValue, type GameContent, type GameInput, type GamePlay } from '@lp/shared/contract';
import { checkAnswer, gameFingerprint } from '@lp/shared/rules';

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

/** The right answer of a step, as the result of any answer reveals it (shared `checkAnswer`). */
export function solutionOf(content: GameContent, play: GamePlay, step: number): GameAnswerValue {
  const blanks = 'sentences' in play ? play.sentences[step]!.parts.length - 1 : 0;
  const probes: GameAnswerValue[] = [
    { words: Array<string>(blanks).fill('?') }, { text: '?' }, { choice: 0 }, { truth: true }, { from: { row: 0, col: 0 }, to: { row: 0, col: 0 } },
  ];
  for (const probe of probes) {
    const checked = checkAnswer(content, play, step, probe);
    if (checked) return checked.solution;
  }
  throw new Error(`no answer fits step ${step} of ${play.type}`);
}

/** A wrong answer of the step's shape. */
export function wrongAnswerOf(content: GameContent, play: GamePlay, step: number): GameAnswerValue {
  const right = solutionOf(content, play, step);
  if ('words' in right) return { words: right.words.map(() => 'errado') };
  if ('text' in right) return { text: 'errado' };
  if ('truth' in right) return { truth: !right.truth };
  if ('choice' in right) return { choice: right.choice === 0 ? 1 : 0 };
  // a single cell never spells a word of two letters or more
  return { from: right.from, to: right.from };
}
