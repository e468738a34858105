import { describe, expect, it } from 'vitest';
import { GAME_EXAMPLE_LIST, GAME_EXAMPLES } from '../testing/games.ts';
import { GAME_PREVIEW_MESSAGES, isGamePreviewPlay } from './gamePreview.ts';

describe('isGamePreviewPlay (the preview page accepts only this shape)', () => {
  it.each(GAME_EXAMPLE_LIST.map((c) => [c.type, c] as const))('accepts a %s content with a seed, and a language', (_type, content) => {
    expect(isGamePreviewPlay({ type: GAME_PREVIEW_MESSAGES.play, content, seed: 0 })).toBe(true);
    expect(isGamePreviewPlay({ type: GAME_PREVIEW_MESSAGES.play, content, seed: 2 ** 32 - 1, locale: 'fr' })).toBe(true);
  });

  it('refuses other messages, unknown types, missing lists and bad seeds', () => {
    const content = GAME_EXAMPLES.flashcards;
    const play = { type: GAME_PREVIEW_MESSAGES.play, content, seed: 1 };
    for (const data of [
      null, 'lp-game-preview', { ...play, type: GAME_PREVIEW_MESSAGES.ready },
      { ...play, seed: -1 }, { ...play, seed: 1.5 }, { ...play, seed: 2 ** 32 }, { ...play, seed: '1' },
      { ...play, locale: 3 }, { ...play, content: null }, { ...play, content: { ...content, type: 'poker' } },
      { ...play, content: { ...content, cards: undefined } }, { ...play, content: { ...content, error_limit: 'none' } },
      { ...play, content: { ...content, allow_to_skip_game: 1 } },
    ]) expect(isGamePreviewPlay(data), JSON.stringify(data)).toBe(false);
  });
});
