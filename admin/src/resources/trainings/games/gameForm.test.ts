import { describe, expect, it } from 'vitest';
import { GAME_TYPE_SLUGS, gameTypeId } from '@lp/shared/contract';
import { gameFingerprint, validateGameContent, validateGameInput } from '@lp/shared/rules';
import {
  NEW_GAME_FORM, contentFormPath, emptyFormContent, gameContentOf, gameFormValues, gameInputOf, inputFormPath, type GameFormValues,
} from './gameForm.ts';
import { SAMPLE_CONTENT, adminGame } from './gameFixtures.ts';

/** A new game's form with `content` rows for one type, as the inputs hold them. */
const formWith = (type: number, content: Partial<GameFormValues['content']>, extra: Partial<GameFormValues> = {}): GameFormValues => ({
  ...NEW_GAME_FORM, title: 'Jogo', group_training_game_type: type, content: { ...emptyFormContent(), ...content }, ...extra,
});

describe('game form ↔ contract (spec 3 §3 "Game")', () => {
  it.each(GAME_TYPE_SLUGS)('%s: a saved game comes back from its form as the same content', (slug) => {
    const content = SAMPLE_CONTENT[slug];
    expect(validateGameContent(content)).toEqual({});
    const values = gameFormValues(adminGame(content));
    expect(gameContentOf(values, slug)).toEqual(content);
    // the same content, the same fingerprint: a saved game previewed unchanged may be saved again
    expect(gameFingerprint(gameContentOf(values, slug))).toBe(gameFingerprint(content));
  });

  it('maps the rows each type\'s inputs hold to the contract shapes', () => {
    const rows = (values: GameFormValues, slug: (typeof GAME_TYPE_SLUGS)[number]) => gameContentOf(values, slug);
    expect(rows(formWith(1, { drag_the_words: { sentences: [{ text: 'O ((céu))' }, { text: 'é ((azul))' }] } }), 'drag_the_words'))
      .toEqual({ type: 'drag_the_words', error_limit: null, allow_to_skip_game: false, sentences: ['O ((céu))', 'é ((azul))'] });
    expect(rows(formWith(4, { find_the_words: { words: [{ word: 'LOJA' }], grid_size: null } }), 'find_the_words'))
      .toMatchObject({ words: ['LOJA'], grid_size: null });
    // radio groups answer text; a correct alternative not yet chosen is -1, which the rules refuse
    const enigma = rows(formWith(6, {
      enigma: { items: [{ question: 'Q', tips: [{ text: 'dica' }], alternatives: [{ text: 'a' }, { text: 'b' }, { text: 'c' }], correct: '2' as unknown as number }, { question: 'R', tips: [], alternatives: [], correct: null }] },
    }), 'enigma');
    expect(enigma).toMatchObject({ items: [{ question: 'Q', tips: ['dica'], alternatives: ['a', 'b', 'c'], correct: 2 }, { correct: -1 }] });
    expect(rows(formWith(7, { this_or_that: { categories: ['Isto', 'Aquilo'], items: [{ text: 'x', category: '1' as unknown as number }, { text: 'y', category: null }] } }), 'this_or_that'))
      .toMatchObject({ categories: ['Isto', 'Aquilo'], items: [{ text: 'x', category: 1 }, { text: 'y', category: 0 }] });
    expect(rows(formWith(8, { true_or_false: { statements: [{ text: 's', truth: true }] } }), 'true_or_false'))
      .toMatchObject({ statements: [{ text: 's', truth: true }] });
    // rows react-admin added and left blank are texts, not undefined
    expect(rows(formWith(3, { find_the_pairs: { pairs: [{} as { first: string; second: string }] } }), 'find_the_pairs'))
      .toMatchObject({ pairs: [{ first: '', second: '' }] });
  });

  it('builds the save body: status from the toggle, blank score 0, blank date null, the preview\'s fingerprint', () => {
    const values = formWith(5, { flashcards: { cards: [{ prompt: 'p', answer: 'a' }] } }, { published: false, error_limit: -1, allow_to_skip_game: true, avaliable_in: '' });
    const body = gameInputOf(values, 'flashcards', 'abc');
    expect(body).toEqual({
      title: 'Jogo', group_training_game_type: gameTypeId('flashcards'), status: 2, avaliable_in: null, score: 0, preview_of: 'abc',
      content: { type: 'flashcards', error_limit: -1, allow_to_skip_game: true, cards: [{ prompt: 'p', answer: 'a' }] },
    });
    // the shared save rules accept it once `preview_of` is the fingerprint of this content
    expect(validateGameInput({ ...body, preview_of: gameFingerprint(body.content) }, 'flashcards')).toEqual({});
  });

  it('puts content errors on the form\'s inputs', () => {
    expect(contentFormPath('sentences.1', 'fill_in_the_blanks')).toBe('content.fill_in_the_blanks.sentences.1.text');
    expect(contentFormPath('sentences', 'drag_the_words')).toBe('content.drag_the_words.sentences');
    expect(contentFormPath('words.0', 'find_the_words')).toBe('content.find_the_words.words.0.word');
    expect(contentFormPath('items.2.tips.1', 'enigma')).toBe('content.enigma.items.2.tips.1.text');
    expect(contentFormPath('items.2.alternatives', 'enigma')).toBe('content.enigma.items.2.alternatives');
    expect(contentFormPath('items.0.correct', 'enigma')).toBe('content.enigma.items.0.correct');
    expect(contentFormPath('categories.1', 'this_or_that')).toBe('content.this_or_that.categories.1');
    expect(contentFormPath('cards.0.answer', 'flashcards')).toBe('content.flashcards.cards.0.answer');
    expect(contentFormPath('error_limit', 'flashcards')).toBe('error_limit');
    expect(inputFormPath('content.pairs.0.first', 'find_the_pairs')).toBe('content.find_the_pairs.pairs.0.first');
    expect(inputFormPath('status', 'find_the_pairs')).toBe('published');
    expect(inputFormPath('title', 'find_the_pairs')).toBe('title');
    expect(inputFormPath('content.allow_to_skip_game', 'true_or_false')).toBe('allow_to_skip_game');
  });
});
