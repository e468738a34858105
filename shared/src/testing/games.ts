import type { GameContent, GameContentOf, GameTypeSlug } from '../contract/games.ts';

/**
 * One valid content of each game type, for tests of the rules, the server, the admin editor and
 * the portal player. Unlimited errors and no skipping unless a test says otherwise.
 */
export const GAME_EXAMPLES: { [S in GameTypeSlug]: GameContentOf<S> } = {
  drag_the_words: {
    type: 'drag_the_words', error_limit: null, allow_to_skip_game: false,
    sentences: ['The ((customer)) is always ((first)).', 'Check the ((price)) tag.'],
  },
  fill_in_the_blanks: {
    type: 'fill_in_the_blanks', error_limit: null, allow_to_skip_game: false,
    sentences: ['Greet every ((Customer)) with a smile.', 'Stock is counted every ((Monday)).'],
  },
  find_the_pairs: {
    type: 'find_the_pairs', error_limit: null, allow_to_skip_game: false,
    pairs: [{ first: 'Invoice', second: 'Bill' }, { first: 'Stock', second: 'Inventory' }, { first: 'Client', second: 'Customer' }],
  },
  find_the_words: {
    type: 'find_the_words', error_limit: null, allow_to_skip_game: false,
    words: ['Sales', 'Store', 'Price'], grid_size: null,
  },
  flashcards: {
    type: 'flashcards', error_limit: null, allow_to_skip_game: false,
    cards: [{ prompt: 'Opposite of cheap', answer: 'Expensive' }, { prompt: 'Where goods are kept', answer: 'Warehouse' }],
  },
  enigma: {
    type: 'enigma', error_limit: null, allow_to_skip_game: false,
    items: [{ question: 'I have keys but open no locks', tips: ['You type on me', 'I sit by a screen'], alternatives: ['Keyboard', 'Door', 'Piano'], correct: 0 }],
  },
  this_or_that: {
    type: 'this_or_that', error_limit: null, allow_to_skip_game: false,
    categories: ['Fruit', 'Vegetable'],
    items: [{ text: 'Apple', category: 0 }, { text: 'Carrot', category: 1 }, { text: 'Banana', category: 0 }],
  },
  true_or_false: {
    type: 'true_or_false', error_limit: null, allow_to_skip_game: false,
    statements: [{ text: 'Receipts are kept for five years', truth: true }, { text: 'Prices never change', truth: false }],
  },
};

/** The examples as a list, for `describe.each`. */
export const GAME_EXAMPLE_LIST: GameContent[] = Object.values(GAME_EXAMPLES);
