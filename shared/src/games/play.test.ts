import { describe, expect, it } from 'vitest';
import type { GameAnswerValue, GameContent, GamePlay } from '../contract/games.ts';
import { GAME_EXAMPLES, GAME_EXAMPLE_LIST } from '../testing/games.ts';
import { checkAnswer, gameStateOf, isPlayOver, isWon, maySkip, playOf } from './play.ts';

/** The solution of a step, as the result of any answer reveals it. */
function solutionOf(content: GameContent, play: GamePlay, step: number): GameAnswerValue {
  for (const probe of [{ words: [] }, { text: '' }, { choice: 0 }, { truth: true }, { from: { row: 0, col: 0 }, to: { row: 0, col: 0 } }] as GameAnswerValue[]) {
    const checked = checkAnswer(content, play, step, probe);
    if (checked) return checked.solution;
  }
  // drag and fill need as many words as blanks: probe with the right count
  const blanks = 'sentences' in play ? play.sentences[step]!.parts.length - 1 : 0;
  return checkAnswer(content, play, step, { words: Array<string>(blanks).fill('?') })!.solution;
}

describe('playOf + checkAnswer (spec 3 §1: every type plays; answers revealed only after answering)', () => {
  it.each(GAME_EXAMPLE_LIST.map((c) => [c.type, c] as const))('%s: the solution of every step is right, and the play is stable for its seed', (_type, content) => {
    const play = playOf(content, 12345);
    expect(playOf(content, 12345)).toEqual(play);
    expect(play.type).toBe(content.type);
    expect(play.steps).toBeGreaterThan(0);
    for (let step = 0; step < play.steps; step++) {
      const solution = solutionOf(content, play, step);
      expect(checkAnswer(content, play, step, solution), `step ${step}`).toEqual({ correct: true, solution });
    }
    expect(checkAnswer(content, play, play.steps, solutionOf(content, play, 0))).toBeNull();
    expect(checkAnswer(content, play, -1, solutionOf(content, play, 0))).toBeNull();
  });

  it('leaves out every answer: no flashcard answer, no enigma correct index, no truth, no category, no marked word of fill-in', () => {
    const text = (c: GameContent) => JSON.stringify(playOf(c, 1));
    expect(text(GAME_EXAMPLES.flashcards)).not.toMatch(/Expensive|Warehouse|answer/);
    expect(text(GAME_EXAMPLES.enigma)).not.toMatch(/correct/);
    expect(text(GAME_EXAMPLES.true_or_false)).not.toMatch(/truth/);
    const tof = playOf(GAME_EXAMPLES.true_or_false, 1) as Extract<GamePlay, { type: 'true_or_false' }>;
    for (const statement of tof.statements) expect(Object.keys(statement)).toEqual(['id', 'text']);
    expect(text(GAME_EXAMPLES.this_or_that)).not.toMatch(/category"/);
    expect(text(GAME_EXAMPLES.fill_in_the_blanks)).not.toMatch(/Customer|Monday/);
    expect(text(GAME_EXAMPLES.drag_the_words)).not.toMatch(/\(\(/);
    // a sentence's bank is the whole game's words, so a one-blank sentence does not give its word away
    const drag = playOf(GAME_EXAMPLES.drag_the_words, 1) as Extract<GamePlay, { type: 'drag_the_words' }>;
    for (const sentence of drag.sentences) expect([...sentence.bank].sort()).toEqual(['customer', 'first', 'price']);
  });

  it('shuffles item orders by seed', () => {
    const many: GameContent = { ...GAME_EXAMPLES.true_or_false, statements: Array.from({ length: 12 }, (_, i) => ({ text: `S${i}`, truth: i % 2 === 0 })) };
    const orders = new Set([1, 2, 3, 4, 5].map((seed) => JSON.stringify((playOf(many, seed) as Extract<GamePlay, { type: 'true_or_false' }>).statements.map((s) => s.id))));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('fill in the blanks and flashcards are case-insensitive (spec 3 §5)', () => {
    const fill = GAME_EXAMPLES.fill_in_the_blanks;
    const fillPlay = playOf(fill, 1) as Extract<GamePlay, { type: 'fill_in_the_blanks' }>;
    const first = fillPlay.sentences.findIndex((s) => s.id === 0);
    expect(checkAnswer(fill, fillPlay, first, { words: ['  cUSTOMER '] })?.correct).toBe(true);
    expect(checkAnswer(fill, fillPlay, first, { words: ['client'] })).toEqual({ correct: false, solution: { words: ['Customer'] } });
    expect(checkAnswer(fill, fillPlay, first, { words: ['a', 'b'] })).toBeNull();

    const cards = GAME_EXAMPLES.flashcards;
    const cardPlay = playOf(cards, 1) as Extract<GamePlay, { type: 'flashcards' }>;
    const step = cardPlay.cards.findIndex((c) => c.id === 0);
    expect(checkAnswer(cards, cardPlay, step, { text: 'EXPENSIVE' })?.correct).toBe(true);
    expect(checkAnswer(cards, cardPlay, step, { text: 'cheap' })).toEqual({ correct: false, solution: { text: 'Expensive' } });
    expect(checkAnswer(cards, cardPlay, step, { choice: 0 })).toBeNull();
  });

  it('find the words accepts a word selected either way round and refuses other lines', () => {
    const content = GAME_EXAMPLES.find_the_words;
    const play = playOf(content, 9) as Extract<GamePlay, { type: 'find_the_words' }>;
    const solution = solutionOf(content, play, 0) as { from: { row: number; col: number }; to: { row: number; col: number } };
    expect(checkAnswer(content, play, 0, { from: solution.to, to: solution.from })?.correct).toBe(true);
    expect(checkAnswer(content, play, 1, solution)?.correct).toBe(false);
    expect(checkAnswer(content, play, 0, { from: { row: 0, col: 0 }, to: { row: 1, col: 3 } })?.correct).toBe(false);
  });

  it('find the pairs answers by the index of the partner', () => {
    const content = GAME_EXAMPLES.find_the_pairs;
    const play = playOf(content, 4) as Extract<GamePlay, { type: 'find_the_pairs' }>;
    const step = play.firsts.indexOf('Stock');
    expect(checkAnswer(content, play, step, { choice: play.seconds.indexOf('Inventory') })?.correct).toBe(true);
    expect(checkAnswer(content, play, step, { choice: play.seconds.indexOf('Bill') })).toEqual({ correct: false, solution: { choice: play.seconds.indexOf('Inventory') } });
    expect(checkAnswer(content, play, step, { choice: 3 })).toBeNull();
  });
});

describe('winning, losing and skipping (spec 3 §4, §5)', () => {
  it('an error limit left blank or negative is unlimited', () => {
    expect(isWon(50, null)).toBe(true);
    expect(isWon(50, -1)).toBe(true);
    expect(isWon(2, 2)).toBe(true);
    expect(isWon(3, 2)).toBe(false);
    expect(isWon(1, 0)).toBe(false);
  });

  it('a play is over when every step is answered or the limit is passed', () => {
    expect(isPlayOver(2, 3, 0, 0)).toBe(false);
    expect(isPlayOver(3, 3, 0, 0)).toBe(true);
    expect(isPlayOver(1, 3, 1, 0)).toBe(true);
    expect(isPlayOver(2, 3, 2, null)).toBe(false);
  });

  it('may skip after losing twice in a row, only if allowed', () => {
    expect(maySkip(1, true)).toBe(false);
    expect(maySkip(2, true)).toBe(true);
    expect(maySkip(3, false)).toBe(false);
  });

  it('counts losses in a row back to the last win', () => {
    expect(gameStateOf(['lost', 'lost'], false, true)).toEqual({ plays: 2, won: false, skipped: false, losses_in_a_row: 2, may_skip: true, done: false });
    expect(gameStateOf(['lost', 'won', 'lost'], false, true)).toMatchObject({ won: true, losses_in_a_row: 1, may_skip: false, done: true });
    expect(gameStateOf(['lost', 'lost'], true, true)).toMatchObject({ skipped: true, may_skip: false, done: true });
    expect(gameStateOf([], false, true)).toMatchObject({ plays: 0, may_skip: false, done: false });
    expect(gameStateOf(['won', 'lost', 'lost'], false, false)).toMatchObject({ losses_in_a_row: 2, may_skip: false });
  });
});
