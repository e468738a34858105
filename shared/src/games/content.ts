/**
 * What a game's authored content must hold (spec 3 §3 "Game", §5 "Games", §8, §9 "Games and
 * tests"). The admin editor shows these errors on its fields before the preview; the server
 * applies them again on every save. Keys of the answer are field paths inside the content
 * (`sentences.0`, `items.2.tips`); values are error codes translated in locales/*.json.
 */
import type { ErrorCode } from '../contract/errors.ts';
import type { GameContent, GameInput, GameTypeSlug } from '../contract/games.ts';
import { isApiDate } from '../dates/index.ts';
import { gridLetters } from './grid.ts';
import { parseMarkedWords } from './markers.ts';

export const GAME_LIMITS = {
  titleMax: 256,
  /** spec 3 §5 / §9 enigma: up to 3 tips, 3–5 alternatives */
  enigmaMaxTips: 3,
  enigmaMinAlternatives: 3,
  enigmaMaxAlternatives: 5,
  /** a grid word: at least two letters, and it must fit a grid of at most 30 */
  wordMinLetters: 2,
  wordMaxLetters: 20,
} as const;

/**
 * The fewest items a game of each type is played with. Drag the words needs two marked words in
 * all (one word to drag is no choice); every sentence of both needs one (spec 3 §5).
 */
export const GAME_MIN_ITEMS: Record<GameTypeSlug, number> = {
  drag_the_words: 2,
  fill_in_the_blanks: 1,
  find_the_pairs: 2,
  find_the_words: 2,
  flashcards: 1,
  enigma: 1,
  this_or_that: 2,
  true_or_false: 1,
};

/** spec 3 §8 "There are not enough special words to create the game". */
export const NOT_ENOUGH_SPECIAL_WORDS: ErrorCode = 'there_are_not_enough_special_words_to_create_the_game';
const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';
const TOO_FEW: ErrorCode = 'game_needs_more_items';
const DUPLICATE: ErrorCode = 'game_duplicate_item';

const blank = (text: string): boolean => text.trim() === '';

/** spec 3 §5: a flashcard answer is one word. */
export const isSingleWord = (text: string): boolean => /^\S+$/u.test(text.trim());

/** A word the letter grid can hold: letters only. */
export const isGridWord = (word: string): boolean => /^\p{L}+$/u.test(word.trim().normalize('NFC'));

type Errors = Record<string, ErrorCode>;

function requireTexts(errors: Errors, texts: readonly string[], path: (i: number) => string): void {
  texts.forEach((text, i) => { if (blank(text)) errors[path(i)] = REQUIRED; });
}

function duplicates(errors: Errors, texts: readonly string[], path: (i: number) => string, key: (t: string) => string = (t) => t.trim().toLowerCase()): void {
  const seen = new Set<string>();
  texts.forEach((text, i) => {
    const k = key(text);
    if (k === '') return;
    if (seen.has(k)) errors[path(i)] ??= DUPLICATE;
    seen.add(k);
  });
}

function markedSentences(errors: Errors, sentences: readonly string[], minWords: number): void {
  let total = 0;
  sentences.forEach((sentence, i) => {
    if (blank(sentence)) {
      errors[`sentences.${i}`] = REQUIRED;
      return;
    }
    const { words } = parseMarkedWords(sentence);
    total += words.length;
    if (words.length === 0) errors[`sentences.${i}`] = NOT_ENOUGH_SPECIAL_WORDS;
  });
  if (sentences.length === 0) errors.sentences = TOO_FEW;
  else if (total < minWords && Object.keys(errors).length === 0) errors.sentences = NOT_ENOUGH_SPECIAL_WORDS;
}

/** The content's errors by field path; empty when the game can be played. */
export function validateGameContent(content: GameContent): Errors {
  const errors: Errors = {};
  const min = GAME_MIN_ITEMS[content.type];
  switch (content.type) {
    case 'drag_the_words':
    case 'fill_in_the_blanks':
      markedSentences(errors, content.sentences, min);
      break;
    case 'find_the_pairs':
      if (content.pairs.length < min) errors.pairs = TOO_FEW;
      requireTexts(errors, content.pairs.map((p) => p.first), (i) => `pairs.${i}.first`);
      requireTexts(errors, content.pairs.map((p) => p.second), (i) => `pairs.${i}.second`);
      // a first text twice would make its partner ambiguous
      duplicates(errors, content.pairs.map((p) => p.first), (i) => `pairs.${i}.first`);
      break;
    case 'find_the_words':
      if (content.words.length < min) errors.words = TOO_FEW;
      content.words.forEach((word, i) => {
        const letters = gridLetters(word.trim()).length;
        if (blank(word)) errors[`words.${i}`] = REQUIRED;
        else if (!isGridWord(word)) errors[`words.${i}`] = 'game_word_letters_only';
        else if (letters < GAME_LIMITS.wordMinLetters || letters > GAME_LIMITS.wordMaxLetters) errors[`words.${i}`] = 'game_word_length';
      });
      duplicates(errors, content.words, (i) => `words.${i}`, (w) => gridLetters(w.trim()).join(''));
      break;
    case 'flashcards':
      if (content.cards.length < min) errors.cards = TOO_FEW;
      requireTexts(errors, content.cards.map((c) => c.prompt), (i) => `cards.${i}.prompt`);
      content.cards.forEach((card, i) => {
        if (blank(card.answer)) errors[`cards.${i}.answer`] = REQUIRED;
        else if (!isSingleWord(card.answer)) errors[`cards.${i}.answer`] = 'flashcard_answer_single_word';
      });
      break;
    case 'enigma':
      if (content.items.length < min) errors.items = TOO_FEW;
      content.items.forEach((item, i) => {
        if (blank(item.question)) errors[`items.${i}.question`] = REQUIRED;
        if (item.tips.length > GAME_LIMITS.enigmaMaxTips) errors[`items.${i}.tips`] = 'enigma_too_many_tips';
        else requireTexts(errors, item.tips, (t) => `items.${i}.tips.${t}`);
        if (item.alternatives.length < GAME_LIMITS.enigmaMinAlternatives || item.alternatives.length > GAME_LIMITS.enigmaMaxAlternatives) {
          errors[`items.${i}.alternatives`] = 'enigma_alternatives_out_of_range';
        } else {
          requireTexts(errors, item.alternatives, (a) => `items.${i}.alternatives.${a}`);
          duplicates(errors, item.alternatives, (a) => `items.${i}.alternatives.${a}`);
        }
        if (item.correct < 0 || item.correct >= item.alternatives.length) errors[`items.${i}.correct`] = 'enigma_correct_alternative_invalid';
      });
      break;
    case 'this_or_that':
      requireTexts(errors, content.categories, (i) => `categories.${i}`);
      duplicates(errors, content.categories, (i) => `categories.${i}`);
      if (content.items.length < min) errors.items = TOO_FEW;
      requireTexts(errors, content.items.map((it) => it.text), (i) => `items.${i}.text`);
      break;
    case 'true_or_false':
      if (content.statements.length < min) errors.statements = TOO_FEW;
      requireTexts(errors, content.statements.map((s) => s.text), (i) => `statements.${i}.text`);
      break;
  }
  return errors;
}

/**
 * A whole save (spec 3 §2, §5, §8): the basic fields, the type matching the content, the
 * preview of this very content, and the content's own rules under `content.`. `typeSlug` is the
 * slug of `group_training_game_type` (null when the id is unknown).
 */
export function validateGameInput(input: GameInput, typeSlug: GameTypeSlug | null): Errors {
  const errors: Errors = {};
  if (blank(input.title)) errors.title = REQUIRED;
  else if (input.title.trim().length > GAME_LIMITS.titleMax) errors.title = 'title_too_long';
  if (input.avaliable_in !== null && !isApiDate(input.avaliable_in)) errors.avaliable_in = 'validation_error';
  // the type chooses the editor; a content of another type cannot be saved under it
  if (typeSlug === null || typeSlug !== input.content.type) errors.group_training_game_type = 'game_save_error';
  for (const [field, code] of Object.entries(validateGameContent(input.content))) errors[`content.${field}`] = code;
  if (Object.keys(errors).length === 0 && input.preview_of !== gameFingerprint(input.content)) errors.preview_of = 'you_need_to_preview_the_game_first';
  return errors;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function fnv1a(text: string, basis: number): string {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * spec 3 §2 "mandatory preview before saving": a fingerprint of the content as previewed. The
 * editor records it when a preview of the current content runs and sends it as `preview_of`; it
 * changes with any edit, so an edited game must be previewed again. (A guard of the editor's
 * flow, not a secret: same content, same fingerprint, key order aside.)
 */
export const gameFingerprint = (content: GameContent): string => {
  const text = canonical(content);
  return fnv1a(text, 0x811c9dc5) + fnv1a(text, 0x01000193);
};
