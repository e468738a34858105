/**
 * Playing a game (spec 3 §1, §4, §5): what the learner sees, how an answer
 * is judged, when a play is won and when a game may be skipped. The server runs these for
 * learners over the content stored with each play; the admin preview runs the very same ones.
 */
import type { GameAnswerValue, GameContent, GameContentOf, GamePlay, GamePlayOf, GameState, GameTypeSlug } from '../contract/games.ts';
import { buildLetterGrid, gridLetters, lettersBetween, GRID_DIRECTIONS } from './grid.ts';
import { parseMarkedWords } from './markers.ts';
import { shuffle } from '../learning/testEngine.ts';
import { seededRandomInt } from './random.ts';

const indexes = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/**
 * The play of a content for one seed: every answer left out, orders shuffled where the type
 * needs it (items, banks, pairs, alternatives), the find-the-words grid built. Same content and
 * seed, same play.
 */
export function playOf(content: GameContent, seed: number): GamePlay {
  const random = seededRandomInt(seed);
  const common = { error_limit: content.error_limit, allow_to_skip_game: content.allow_to_skip_game };
  switch (content.type) {
    case 'drag_the_words': {
      const parsed = content.sentences.map((text) => parseMarkedWords(text));
      // every sentence offers the whole game's words: a sentence's own words alone would give its answer away
      const words = parsed.flatMap((p) => p.words);
      const sentences = parsed.map(({ parts }, id) => ({ id, parts, bank: shuffle(words, random) }));
      return { type: content.type, ...common, steps: sentences.length, sentences };
    }
    case 'fill_in_the_blanks': {
      const sentences = content.sentences.map((text, id) => ({ id, parts: parseMarkedWords(text).parts }));
      return { type: content.type, ...common, steps: sentences.length, sentences };
    }
    case 'find_the_pairs': {
      const firsts = shuffle(content.pairs.map((p) => p.first), random);
      const seconds = shuffle(content.pairs.map((p) => p.second), random);
      return { type: content.type, ...common, steps: firsts.length, firsts, seconds };
    }
    case 'find_the_words': {
      const grid = buildLetterGrid(content.words, seed, content.grid_size);
      return { type: content.type, ...common, steps: grid.placements.length, grid: grid.cells, words: grid.placements.map((p) => p.word) };
    }
    case 'flashcards': {
      const cards = shuffle(indexes(content.cards.length), random).map((id) => ({ id, prompt: content.cards[id]!.prompt }));
      return { type: content.type, ...common, steps: cards.length, cards };
    }
    case 'enigma': {
      const items = shuffle(indexes(content.items.length), random).map((id) => {
        const item = content.items[id]!;
        const alternatives = shuffle(indexes(item.alternatives.length), random).map((a) => ({ id: a, text: item.alternatives[a]! }));
        return { id, question: item.question, tips: [...item.tips], alternatives };
      });
      return { type: content.type, ...common, steps: items.length, items };
    }
    case 'this_or_that': {
      const items = shuffle(indexes(content.items.length), random).map((id) => ({ id, text: content.items[id]!.text }));
      return { type: content.type, ...common, steps: items.length, categories: [...content.categories], items };
    }
    case 'true_or_false': {
      const statements = shuffle(indexes(content.statements.length), random).map((id) => ({ id, text: content.statements[id]!.text }));
      return { type: content.type, ...common, steps: statements.length, statements };
    }
  }
}

/** spec 3 §5: fill-in and flashcard answers are case-insensitive (and blanks around them do not count). */
export const sameWord = (a: string, b: string): boolean =>
  a.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase() === b.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();

/** Where a word lies in a grid (the first place found), as the cells of its two ends. */
export function findWordInGrid(cells: readonly (readonly string[])[], word: string): { from: { row: number; col: number }; to: { row: number; col: number } } | null {
  const letters = gridLetters(word);
  const size = cells.length;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      for (const [dr, dc] of GRID_DIRECTIONS) {
        const to = { row: row + dr * (letters.length - 1), col: col + dc * (letters.length - 1) };
        if (lettersBetween(cells, { row, col }, to) === letters.join('')) return { from: { row, col }, to };
      }
    }
  }
  return null;
}

export interface CheckedAnswer {
  correct: boolean;
  /** the step's right answer, revealed once it is answered */
  solution: GameAnswerValue;
}

type Checker<S extends GameTypeSlug> = (content: GameContentOf<S>, play: GamePlayOf<S>, step: number, answer: GameAnswerValue) => CheckedAnswer | null;

const words = (answer: GameAnswerValue): string[] | null => ('words' in answer ? answer.words : null);
const choice = (answer: GameAnswerValue): number | null => ('choice' in answer ? answer.choice : null);

/** A sentence's blanks, one word each in order; compared case-insensitively (spec 3 §5). */
function markedWordsAnswer(sentence: string | undefined, answer: GameAnswerValue): CheckedAnswer | null {
  const solution = parseMarkedWords(sentence ?? '').words;
  const given = words(answer);
  if (given === null || given.length !== solution.length) return null;
  return { correct: solution.every((w, i) => sameWord(w, given[i]!)), solution: { words: solution } };
}

const CHECKERS: { [S in GameTypeSlug]: Checker<S> } = {
  drag_the_words: (content, play, step, answer) => markedWordsAnswer(content.sentences[play.sentences[step]!.id], answer),
  fill_in_the_blanks: (content, play, step, answer) => markedWordsAnswer(content.sentences[play.sentences[step]!.id], answer),
  find_the_pairs: (content, play, step, answer) => {
    const first = play.firsts[step]!;
    const second = content.pairs.find((p) => p.first === first)?.second;
    const given = choice(answer);
    if (second === undefined || given === null || given >= play.seconds.length) return null;
    return { correct: play.seconds[given] === second, solution: { choice: play.seconds.indexOf(second) } };
  },
  find_the_words: (_content, play, step, answer) => {
    if (!('from' in answer)) return null;
    const word = play.words[step]!;
    const line = lettersBetween(play.grid, answer.from, answer.to);
    const correct = line !== null && (line === word || Array.from(line).reverse().join('') === word);
    const place = correct ? { from: answer.from, to: answer.to } : findWordInGrid(play.grid, word);
    return place ? { correct, solution: place } : null;
  },
  flashcards: (content, play, step, answer) => {
    const card = content.cards[play.cards[step]!.id];
    if (!card || !('text' in answer)) return null;
    return { correct: sameWord(card.answer, answer.text), solution: { text: card.answer.trim() } };
  },
  enigma: (content, play, step, answer) => {
    const item = content.items[play.items[step]!.id];
    const given = choice(answer);
    if (!item || given === null || given >= item.alternatives.length) return null;
    return { correct: given === item.correct, solution: { choice: item.correct } };
  },
  this_or_that: (content, play, step, answer) => {
    const item = content.items[play.items[step]!.id];
    const given = choice(answer);
    if (!item || given === null || given > 1) return null;
    return { correct: given === item.category, solution: { choice: item.category } };
  },
  true_or_false: (content, play, step, answer) => {
    const statement = content.statements[play.statements[step]!.id];
    if (!statement || !('truth' in answer)) return null;
    return { correct: answer.truth === statement.truth, solution: { truth: statement.truth } };
  },
};

/**
 * Judges one step's answer against the content the play was made from. Null when the step does
 * not exist or the answer is not of the type's shape (the server answers `invalid_answer`).
 */
export function checkAnswer(content: GameContent, play: GamePlay, step: number, answer: GameAnswerValue): CheckedAnswer | null {
  if (content.type !== play.type || !Number.isInteger(step) || step < 0 || step >= play.steps) return null;
  const check = CHECKERS[content.type] as Checker<GameTypeSlug>;
  return check(content, play, step, answer);
}

/** spec 3 §5: an error limit left blank (null) or negative is unlimited. */
export const isUnlimited = (limit: number | null): boolean => limit === null || limit < 0;

/** A play is won when it ends within the error limit (spec 3 §5). */
export const isWon = (errors: number, limit: number | null): boolean => isUnlimited(limit) || errors <= limit!;

/** The play is over: every step answered, or more errors than the limit allows (lost then). */
export const isPlayOver = (answered: number, steps: number, errors: number, limit: number | null): boolean =>
  answered >= steps || !isWon(errors, limit);

/** spec 3 §4 / §9: after losing twice in a row the learner may skip the game, if the game allows it. */
export const maySkip = (lossesInARow: number, allow: boolean): boolean => allow && lossesInARow >= 2;

/**
 * The learner's state from the finished plays' results, oldest first ('won' or 'lost'), and
 * whether the game was skipped. Losses in a row count back from the latest play to a win.
 */
export function gameStateOf(results: ReadonlyArray<'won' | 'lost'>, skipped: boolean, allowToSkip: boolean): GameState {
  let lossesInARow = 0;
  for (let i = results.length - 1; i >= 0 && results[i] === 'lost'; i--) lossesInARow++;
  const won = results.includes('won');
  const done = won || skipped;
  return {
    plays: results.length, won, skipped, losses_in_a_row: lossesInARow,
    may_skip: !done && maySkip(lossesInARow, allowToSkip), done,
  };
}
