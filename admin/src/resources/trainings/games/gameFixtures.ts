import { gameTypeId, type AdminGame, type GameContent, type GameContentOf, type GameTypeSlug } from '@lp/shared/contract';

const common = { error_limit: 3, allow_to_skip_game: true };

/** One playable content of each game type (spec 3 §1), as the contract holds it. */
export const SAMPLE_CONTENT: { [S in GameTypeSlug]: GameContentOf<S> } = {
  drag_the_words: { type: 'drag_the_words', ...common, sentences: ['O céu é ((azul)).', 'A grama é ((verde)) e o sol ((amarelo)).'] },
  fill_in_the_blanks: { type: 'fill_in_the_blanks', ...common, sentences: ['Dois mais dois são ((quatro)).'] },
  find_the_pairs: { type: 'find_the_pairs', ...common, pairs: [{ first: 'Brasil', second: 'Brasília' }, { first: 'França', second: 'Paris' }] },
  find_the_words: { type: 'find_the_words', ...common, words: ['VENDA', 'CLIENTE', 'LOJA'], grid_size: 10 },
  flashcards: { type: 'flashcards', ...common, cards: [{ prompt: 'Capital da França', answer: 'Paris' }] },
  enigma: {
    type: 'enigma', ...common,
    items: [{ question: 'O que é, o que é?', tips: ['Tem dentes', 'Não morde'], alternatives: ['Pente', 'Cão', 'Garfo'], correct: 0 }],
  },
  this_or_that: {
    type: 'this_or_that', ...common, categories: ['Fruta', 'Legume'],
    items: [{ text: 'Maçã', category: 0 }, { text: 'Cenoura', category: 1 }],
  },
  true_or_false: { type: 'true_or_false', ...common, statements: [{ text: 'O sol é uma estrela', truth: true }, { text: 'A lua é um planeta', truth: false }] },
};

/** GET P/group_training_games/{id}/ of a game with `content`. */
export function adminGame(content: GameContent, overrides: Partial<AdminGame> = {}): AdminGame {
  return {
    id: 31, title: `Jogo ${content.type}`, group_training_game_type: gameTypeId(content.type), status: 1, avaliable_in: '2026-12-01', score: 15,
    content, ...overrides,
  };
}
