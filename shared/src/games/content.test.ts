import { describe, expect, it } from 'vitest';
import type { GameContent, GameInput } from '../contract/games.ts';
import { GAME_EXAMPLES, GAME_EXAMPLE_LIST } from '../testing/games.ts';
import { gameFingerprint, NOT_ENOUGH_SPECIAL_WORDS, validateGameContent, validateGameInput } from './content.ts';

describe('validateGameContent (spec 3 §3 "Game", §5 "Games", §9)', () => {
  it.each(GAME_EXAMPLE_LIST.map((c) => [c.type, c] as const))('accepts a valid %s', (_type, content) => {
    expect(validateGameContent(content)).toEqual({});
  });

  it('refuses a sentence without marked words with "not enough special words" (spec 3 §8)', () => {
    const content: GameContent = { ...GAME_EXAMPLES.fill_in_the_blanks, sentences: ['Greet every ((customer)).', 'No marker here.'] };
    expect(validateGameContent(content)).toEqual({ 'sentences.1': NOT_ENOUGH_SPECIAL_WORDS });
    expect(NOT_ENOUGH_SPECIAL_WORDS).toBe('there_are_not_enough_special_words_to_create_the_game');
  });

  it('wants two marked words in all to drag', () => {
    const content: GameContent = { ...GAME_EXAMPLES.drag_the_words, sentences: ['Only ((one)) word.'] };
    expect(validateGameContent(content)).toEqual({ sentences: NOT_ENOUGH_SPECIAL_WORDS });
    expect(validateGameContent({ ...content, sentences: ['Two ((words)) ((here)).'] })).toEqual({});
  });

  it('wants sentences, pairs and items', () => {
    expect(validateGameContent({ ...GAME_EXAMPLES.fill_in_the_blanks, sentences: [] })).toEqual({ sentences: 'game_needs_more_items' });
    expect(validateGameContent({ ...GAME_EXAMPLES.find_the_pairs, pairs: [{ first: 'a', second: 'b' }] })).toEqual({ pairs: 'game_needs_more_items' });
    expect(validateGameContent({ ...GAME_EXAMPLES.true_or_false, statements: [{ text: ' ', truth: true }] }))
      .toEqual({ 'statements.0.text': 'make_sure_that_all_fields_are_filled_in' });
  });

  it('enigma: up to 3 tips and 3–5 alternatives, the correct one among them (spec 3 §5, §9)', () => {
    const item = GAME_EXAMPLES.enigma.items[0]!;
    const with_ = (patch: Partial<typeof item>) => validateGameContent({ ...GAME_EXAMPLES.enigma, items: [{ ...item, ...patch }] });
    expect(with_({ tips: ['a', 'b', 'c'] })).toEqual({});
    expect(with_({ tips: [] })).toEqual({});
    expect(with_({ tips: ['a', 'b', 'c', 'd'] })).toEqual({ 'items.0.tips': 'enigma_too_many_tips' });
    expect(with_({ alternatives: ['a', 'b'], correct: 0 })).toEqual({ 'items.0.alternatives': 'enigma_alternatives_out_of_range' });
    expect(with_({ alternatives: ['a', 'b', 'c', 'd', 'e'], correct: 4 })).toEqual({});
    expect(with_({ alternatives: ['a', 'b', 'c', 'd', 'e', 'f'], correct: 0 })).toEqual({ 'items.0.alternatives': 'enigma_alternatives_out_of_range' });
    expect(with_({ correct: 3 })).toEqual({ 'items.0.correct': 'enigma_correct_alternative_invalid' });
    expect(with_({ alternatives: ['a', 'A', 'c'] })).toEqual({ 'items.0.alternatives.1': 'game_duplicate_item' });
  });

  it('flashcards: the answer is a single word (spec 3 §5)', () => {
    const content = { ...GAME_EXAMPLES.flashcards, cards: [{ prompt: 'Capital of France', answer: 'Paris' }, { prompt: 'Greeting', answer: 'good morning' }] };
    expect(validateGameContent(content)).toEqual({ 'cards.1.answer': 'flashcard_answer_single_word' });
    expect(validateGameContent({ ...content, cards: [{ prompt: 'Greeting', answer: '  hello ' }] })).toEqual({});
  });

  it('find the words: letters only, 2 to 20 of them, no word twice', () => {
    const words = (list: string[]) => validateGameContent({ ...GAME_EXAMPLES.find_the_words, words: list });
    expect(words(['Ação', 'Preço'])).toEqual({});
    expect(words(['two words', 'ok'])).toEqual({ 'words.0': 'game_word_letters_only' });
    expect(words(['a', 'ok'])).toEqual({ 'words.0': 'game_word_length' });
    expect(words(['Store', 'store'])).toEqual({ 'words.1': 'game_duplicate_item' });
    expect(words(['Store'])).toEqual({ words: 'game_needs_more_items' });
  });

  it('this or that: two distinct category labels', () => {
    expect(validateGameContent({ ...GAME_EXAMPLES.this_or_that, categories: ['Fruit', 'fruit'] })).toEqual({ 'categories.1': 'game_duplicate_item' });
    expect(validateGameContent({ ...GAME_EXAMPLES.this_or_that, categories: ['Fruit', ''] })).toEqual({ 'categories.1': 'make_sure_that_all_fields_are_filled_in' });
  });
});

describe('validateGameInput (spec 3 §2 mandatory preview, §8)', () => {
  const content = GAME_EXAMPLES.true_or_false;
  const input: GameInput = { title: 'Quiz', group_training_game_type: 8, status: 1, avaliable_in: null, score: 10, content, preview_of: gameFingerprint(content) };

  it('accepts a previewed, valid game', () => {
    expect(validateGameInput(input, 'true_or_false')).toEqual({});
  });

  it('refuses a save without a preview of this very content: "You need to preview the game first"', () => {
    expect(validateGameInput({ ...input, preview_of: '' }, 'true_or_false')).toEqual({ preview_of: 'you_need_to_preview_the_game_first' });
    const edited = { ...content, statements: [...content.statements, { text: 'New', truth: true }] };
    expect(validateGameInput({ ...input, content: edited }, 'true_or_false')).toEqual({ preview_of: 'you_need_to_preview_the_game_first' });
  });

  it('refuses a content of another type than the chosen one, a blank title and a bad date', () => {
    expect(validateGameInput(input, 'enigma')).toEqual({ group_training_game_type: 'game_save_error' });
    expect(validateGameInput({ ...input, title: ' ', avaliable_in: '2026-02-30' }, 'true_or_false'))
      .toEqual({ title: 'make_sure_that_all_fields_are_filled_in', avaliable_in: 'validation_error' });
  });

  it('puts content errors under content.', () => {
    const bad = { ...content, statements: [] };
    expect(validateGameInput({ ...input, content: bad, preview_of: gameFingerprint(bad) }, 'true_or_false')).toEqual({ 'content.statements': 'game_needs_more_items' });
  });
});

describe('gameFingerprint', () => {
  it('ignores key order and changes with any edit', () => {
    const a = GAME_EXAMPLES.flashcards;
    const reordered = { cards: a.cards.map((c) => ({ answer: c.answer, prompt: c.prompt })), allow_to_skip_game: a.allow_to_skip_game, error_limit: a.error_limit, type: a.type };
    expect(gameFingerprint(reordered)).toBe(gameFingerprint(a));
    expect(gameFingerprint({ ...a, error_limit: 2 })).not.toBe(gameFingerprint(a));
    expect(gameFingerprint(a)).toMatch(/^[0-9a-f]{16}$/);
  });
});
