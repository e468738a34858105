import { describe, expect, it } from 'vitest';
import type { GameAnswerValue, GameContent, GamePlay } from '../contract/games.ts';
import { GAME_EXAMPLES, GAME_EXAMPLE_LIST } from '../testing/games.ts';
import { LocalAnswerError, localGameSession } from './localSession.ts';
import { checkAnswer, playOf } from './play.ts';

/** The right answer of a step, read from what a probe reveals (as the player learns it). */
function rightAnswer(content: GameContent, play: GamePlay, step: number): GameAnswerValue {
  const blanks = 'sentences' in play ? play.sentences[step]!.parts.length - 1 : 0;
  const probes: GameAnswerValue[] = [{ words: Array<string>(blanks).fill('?') }, { text: '' }, { choice: 0 }, { truth: true }, { from: { row: 0, col: 0 }, to: { row: 0, col: 0 } }];
  for (const probe of probes) {
    const checked = checkAnswer(content, play, step, probe);
    if (checked) return checked.solution;
  }
  throw new Error(`no probe fits step ${step}`);
}

describe('localGameSession (the admin preview plays as the learner will)', () => {
  it.each(GAME_EXAMPLE_LIST.map((c) => [c.type, c] as const))('%s: the same play as playOf, every right answer wins', async (_type, content) => {
    const session = localGameSession(content, 77);
    expect(session.play).toEqual(playOf(content, 77));
    let last = null;
    for (let step = 0; step < session.play.steps; step++) {
      last = await session.answer(step, rightAnswer(content, session.play, step));
      expect(last).toMatchObject({ step, correct: true, errors: 0, answered: step + 1 });
    }
    expect(last).toMatchObject({ finished: true, won: true, state: { plays: 1, won: true, done: true, may_skip: false } });
  });

  it('counts errors against the limit and ends the play lost once it is passed (spec 3 §5)', async () => {
    const content = { ...GAME_EXAMPLES.true_or_false, error_limit: 0 };
    const session = localGameSession(content, 1);
    const step = 0;
    const right = rightAnswer(content, session.play, step) as { truth: boolean };
    const result = await session.answer(step, { truth: !right.truth });
    expect(result).toMatchObject({ correct: false, solution: right, errors: 1, answered: 1, finished: true, won: false });
    expect(result.state).toMatchObject({ plays: 1, won: false, losses_in_a_row: 1, may_skip: false });
    await expect(session.answer(1, { truth: true })).rejects.toBeInstanceOf(LocalAnswerError);
  });

  it('an unlimited limit lets every step be answered, and the play is won', async () => {
    const content = { ...GAME_EXAMPLES.true_or_false, error_limit: -1 };
    const session = localGameSession(content, 1);
    await session.answer(0, { truth: !(rightAnswer(content, session.play, 0) as { truth: boolean }).truth });
    const last = await session.answer(1, { truth: !(rightAnswer(content, session.play, 1) as { truth: boolean }).truth });
    expect(last).toMatchObject({ errors: 2, finished: true, won: true });
  });

  it('offers the skip after the second loss in a row, only when the game allows it (spec 3 §4)', async () => {
    const lose = async (content: GameContent, past: Array<'won' | 'lost'>) => {
      const session = localGameSession(content, 5, past);
      const right = rightAnswer(content, session.play, 0) as { truth: boolean };
      return (await session.answer(0, { truth: !right.truth })).state;
    };
    const skippable = { ...GAME_EXAMPLES.true_or_false, error_limit: 0, allow_to_skip_game: true };
    expect(await lose(skippable, [])).toMatchObject({ losses_in_a_row: 1, may_skip: false });
    expect(await lose(skippable, ['lost'])).toMatchObject({ losses_in_a_row: 2, may_skip: true });
    expect(await lose({ ...skippable, allow_to_skip_game: false }, ['lost'])).toMatchObject({ losses_in_a_row: 2, may_skip: false });
  });

  it('refuses a step answered twice, an unknown step and an answer of another shape', async () => {
    const content = GAME_EXAMPLES.flashcards;
    const session = localGameSession(content, 3);
    await session.answer(0, { text: 'x' });
    await expect(session.answer(0, { text: 'x' })).rejects.toMatchObject({ code: 'invalid_answer' });
    await expect(session.answer(9, { text: 'x' })).rejects.toMatchObject({ code: 'invalid_answer' });
    await expect(session.answer(1, { truth: true })).rejects.toMatchObject({ code: 'invalid_answer' });
  });
});
