import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { TRAININGS_PATH } from './collections.ts';

/**
 * Games of a training (spec 2 §2.1, §2.3 Games tab, §3.3 "Game (list level)", §7.1 "Games";
 * spec 3 §1, §2, §3 "Game", §4, §5 "Games", §8, §9 "Games and tests"). Wire names are the
 * contract's (`avaliable_in`). P = /admin_group_trainings/group_trainings/{training_id}.
 *
 * The admin authors a `GameContent` (one shape per type slug). A learner never receives it: the
 * server hands out a `GamePlay` (shared/src/games `playOf`), checks each `GameAnswer` with the
 * shared `checkAnswer` and reveals the step's solution only in the `GameAnswerResult`. The admin
 * preview runs the same two functions locally, so it plays exactly as the learner will.
 */
export const GAME_PATHS = {
  /** GET ?list query (spec 2 §7.1), POST GameInput */
  collection: (trainingId: number | string) => `${TRAININGS_PATH}${trainingId}/group_training_games/`,
  /** GET, PUT GameInput, DELETE (spec 2 §7.1) */
  item: (trainingId: number | string, id: number | string) => `${TRAININGS_PATH}${trainingId}/group_training_games/${id}/`,
  /** learner: GET LearnerGame (the state and the open play, if any) */
  learner: (trainingId: number | string, gameId: number | string) => `/group_trainings/${trainingId}/games/${gameId}/`,
  /** learner: POST (no body) → LearnerGamePlay: the open play, or a new one */
  plays: (trainingId: number | string, gameId: number | string) => `/group_trainings/${trainingId}/games/${gameId}/plays/`,
  /** learner: POST GameAnswer → GameAnswerResult */
  answers: (trainingId: number | string, gameId: number | string, playId: number | string) =>
    `/group_trainings/${trainingId}/games/${gameId}/plays/${playId}/answers/`,
  /** learner: POST (no body) → GameState; spec 3 §4: only after losing twice in a row, when allowed */
  skip: (trainingId: number | string, gameId: number | string) => `/group_trainings/${trainingId}/games/${gameId}/skip/`,
} as const;

/** spec 1 §3.8 / spec 3 §1: the group_training_game_types lookup; the id is the index + 1. */
export const GAME_TYPE_SLUGS = [
  'drag_the_words', 'fill_in_the_blanks', 'find_the_pairs', 'find_the_words', 'flashcards', 'enigma', 'this_or_that', 'true_or_false',
] as const;
export type GameTypeSlug = (typeof GAME_TYPE_SLUGS)[number];
export const gameTypeId = (slug: GameTypeSlug): number => GAME_TYPE_SLUGS.indexOf(slug) + 1;
export const gameTypeSlug = (id: number): GameTypeSlug | null => GAME_TYPE_SLUGS[id - 1] ?? null;

/** Sizes the schemas bound (the shared rules give the spec's own limits their error keys). */
export const GAME_SIZES = { text: 500, items: 50, tips: 10, alternatives: 10 } as const;

const Text = Type.String({ maxLength: GAME_SIZES.text });
const Items = <T extends TSchema>(item: T) => Type.Array(item, { maxItems: GAME_SIZES.items });
/** Nullable as `type: [x, 'null']` (not anyOf): the server's validator coerces inside an anyOf (see trainings.ts). */
const NullableInteger = (options: { minimum?: number; maximum?: number } = {}) => Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
const NullableDate = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** Fields every game has (spec 3 §3 "Game", §5 "Games"). */
const Common = {
  /** spec 3 §5: blank (null) or negative = unlimited */
  error_limit: NullableInteger({ minimum: -1000, maximum: 1000 }),
  /** spec 3 §4: after losing twice in a row the learner may skip the game */
  allow_to_skip_game: Type.Boolean(),
};

/**
 * What the admin authors, one shape per type slug (discriminant `type`). Sentences of drag the
 * words and fill in the blanks mark the words to drag or fill with double parentheses:
 * "The sky is ((blue))." (spec 3 §5).
 */
export const DragTheWordsContent = Type.Object({ type: Type.Literal('drag_the_words'), ...Common, sentences: Items(Text) });
export const FillInTheBlanksContent = Type.Object({ type: Type.Literal('fill_in_the_blanks'), ...Common, sentences: Items(Text) });
export const FindThePairsContent = Type.Object({
  type: Type.Literal('find_the_pairs'), ...Common,
  pairs: Items(Type.Object({ first: Text, second: Text })),
});
export const FindTheWordsContent = Type.Object({
  type: Type.Literal('find_the_words'), ...Common,
  /** letters only; hidden in a letter grid the server generates per play */
  words: Items(Type.String({ maxLength: 30 })),
  /** the grid's least side (it grows when the words need more room); null = from the words */
  grid_size: NullableInteger({ minimum: 5, maximum: 30 }),
});
export const FlashcardsContent = Type.Object({
  type: Type.Literal('flashcards'), ...Common,
  /** spec 3 §5: the answer is a single word, compared case-insensitively */
  cards: Items(Type.Object({ prompt: Text, answer: Type.String({ maxLength: 100 }) })),
});
export const EnigmaContent = Type.Object({
  type: Type.Literal('enigma'), ...Common,
  /** spec 3 §5 / §9: up to 3 tips and 3–5 alternatives; `correct` is the index of the right alternative */
  items: Items(Type.Object({
    question: Text,
    tips: Type.Array(Text, { maxItems: GAME_SIZES.tips }),
    alternatives: Type.Array(Text, { maxItems: GAME_SIZES.alternatives }),
    correct: Type.Integer({ minimum: 0, maximum: GAME_SIZES.alternatives }),
  })),
});
export const ThisOrThatContent = Type.Object({
  type: Type.Literal('this_or_that'), ...Common,
  /** the two category labels ("this", "that") */
  categories: Type.Array(Type.String({ maxLength: 100 }), { minItems: 2, maxItems: 2 }),
  /** `category`: 0 or 1, the index in `categories` */
  items: Items(Type.Object({ text: Text, category: Type.Integer({ minimum: 0, maximum: 1 }) })),
});
export const TrueOrFalseContent = Type.Object({
  type: Type.Literal('true_or_false'), ...Common,
  statements: Items(Type.Object({ text: Text, truth: Type.Boolean() })),
});

export const GameContent = Type.Union([
  DragTheWordsContent, FillInTheBlanksContent, FindThePairsContent, FindTheWordsContent,
  FlashcardsContent, EnigmaContent, ThisOrThatContent, TrueOrFalseContent,
]);
export type GameContent = Static<typeof GameContent>;
export type GameContentOf<S extends GameTypeSlug> = Extract<GameContent, { type: S }>;

/**
 * spec 3 §2 / §5: saving or updating needs a preview of the current content first. The editor
 * sends `preview_of` = `gameFingerprint(content)` (shared rules) of the content it last
 * previewed; a different or missing one is refused with `you_need_to_preview_the_game_first`.
 */
export const GameInput = Type.Object({
  title: Type.String({ maxLength: 256 }),
  /** group_training_game_types id (1..8); must be the type of `content.type` */
  group_training_game_type: Type.Integer({ minimum: 1, maximum: GAME_TYPE_SLUGS.length }),
  /** 1 published, 2 unpublished */
  status: Type.Integer({ minimum: 1, maximum: 2 }),
  /** YYYY-MM-DD; null = available at once */
  avaliable_in: NullableDate,
  /** spec 2 §3.3 score, shown in the hierarchy (§3.7 type_score) like a module's or a test's */
  score: Type.Integer({ minimum: 0, maximum: 99999 }),
  content: GameContent,
  preview_of: Type.String({ maxLength: 64 }),
});
export type GameInput = Static<typeof GameInput>;

/** GET P/group_training_games/{id}/ and the answer of POST / PUT: the input with its id, nothing to re-preview. */
export const AdminGame = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  group_training_game_type: Type.Integer(),
  status: Type.Integer(),
  avaliable_in: Type.Union([Type.String(), Type.Null()]),
  score: Type.Integer(),
  content: GameContent,
});
export type AdminGame = Static<typeof AdminGame>;

/** spec 2 §3.3 "Game (list level)": id, title, group_training_game_type (id, slug), status, avaliable_in, score. */
export const GameListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  group_training_game_type: Type.Object({ id: Type.Integer(), slug: Type.String() }),
  status: Type.Integer(),
  avaliable_in: Type.Union([Type.String(), Type.Null()]),
  score: Type.Integer(),
});
export type GameListItem = Static<typeof GameListItem>;

// ---- learner ----

/** A cell of the find-the-words grid: row and column from 0, top left. */
export const GridCell = Type.Object({ row: Type.Integer({ minimum: 0, maximum: 99 }), col: Type.Integer({ minimum: 0, maximum: 99 }) });
export type GridCell = Static<typeof GridCell>;

/**
 * One step's answer (and, in a result, its solution), keyed by what it carries:
 * - `words`: drag the words and fill in the blanks, one word per blank of the sentence in order;
 * - `text`: flashcards, the typed word;
 * - `choice`: find the pairs (the index in the play's `seconds`), enigma (an alternative's `id`),
 *   this or that (the category index 0 or 1);
 * - `truth`: true or false;
 * - `from` / `to`: find the words, the first and last cell of the word in the grid (either way round).
 * Objects with distinct required keys, so the server's coercing validator cannot turn one into another.
 */
export const GameAnswerValue = Type.Union([
  Type.Object({ words: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 }) }),
  Type.Object({ text: Type.String({ maxLength: 200 }) }),
  Type.Object({ choice: Type.Integer({ minimum: 0, maximum: 1000 }) }),
  Type.Object({ truth: Type.Boolean() }),
  Type.Object({ from: GridCell, to: GridCell }),
]);
export type GameAnswerValue = Static<typeof GameAnswerValue>;

/** POST …/plays/{playId}/answers/: `step` is the index in the play's list of the type (sentences, cards, items, …). */
export const GameAnswer = Type.Object({ step: Type.Integer({ minimum: 0, maximum: 1000 }), answer: GameAnswerValue });
export type GameAnswer = Static<typeof GameAnswer>;

const PlayCommon = {
  /** how many steps the play has; every step is answered once */
  steps: Type.Integer(),
  error_limit: Type.Union([Type.Integer(), Type.Null()]),
  allow_to_skip_game: Type.Boolean(),
};
/** `id` of a step item is its index in the authored content (it gives nothing away). */
const Id = Type.Integer();

/**
 * What the learner sees before answering (spec 3 §1: the page never receives what
 * would give away a flashcard or enigma answer): no flashcard answers, no enigma `correct`, no
 * truth values, no categories of items, no pairing; orders shuffled per play.
 * A sentence is `parts`: the text around its blanks (blank i sits between parts[i] and parts[i+1]).
 */
export const GamePlay = Type.Union([
  Type.Object({
    type: Type.Literal('drag_the_words'), ...PlayCommon,
    /** `bank`: the marked words of the whole game (every sentence's), shuffled, to drag into this sentence's blanks */
    sentences: Type.Array(Type.Object({ id: Id, parts: Type.Array(Type.String()), bank: Type.Array(Type.String()) })),
  }),
  Type.Object({
    type: Type.Literal('fill_in_the_blanks'), ...PlayCommon,
    sentences: Type.Array(Type.Object({ id: Id, parts: Type.Array(Type.String()) })),
  }),
  Type.Object({
    type: Type.Literal('find_the_pairs'), ...PlayCommon,
    /** step i: find the partner of firsts[i] among `seconds` (shuffled; answered by index) */
    firsts: Type.Array(Type.String()),
    seconds: Type.Array(Type.String()),
  }),
  Type.Object({
    type: Type.Literal('find_the_words'), ...PlayCommon,
    /** the square letter grid: rows of one-letter cells, grid[row][col] */
    grid: Type.Array(Type.Array(Type.String())),
    /** step i: find words[i] (as written in the grid: upper case, letters only) */
    words: Type.Array(Type.String()),
  }),
  Type.Object({
    type: Type.Literal('flashcards'), ...PlayCommon,
    cards: Type.Array(Type.Object({ id: Id, prompt: Type.String() })),
  }),
  Type.Object({
    type: Type.Literal('enigma'), ...PlayCommon,
    /** alternatives shuffled; each keeps the `id` an answer's `choice` names */
    items: Type.Array(Type.Object({
      id: Id, question: Type.String(), tips: Type.Array(Type.String()),
      alternatives: Type.Array(Type.Object({ id: Id, text: Type.String() })),
    })),
  }),
  Type.Object({
    type: Type.Literal('this_or_that'), ...PlayCommon,
    categories: Type.Array(Type.String()),
    items: Type.Array(Type.Object({ id: Id, text: Type.String() })),
  }),
  Type.Object({
    type: Type.Literal('true_or_false'), ...PlayCommon,
    statements: Type.Array(Type.Object({ id: Id, text: Type.String() })),
  }),
]);
export type GamePlay = Static<typeof GamePlay>;
export type GamePlayOf<S extends GameTypeSlug> = Extract<GamePlay, { type: S }>;

/** A step once answered: the learner's answer was right or not, and the solution is revealed. */
export const GameStepResult = Type.Object({
  step: Type.Integer(),
  correct: Type.Boolean(),
  solution: GameAnswerValue,
});
export type GameStepResult = Static<typeof GameStepResult>;

export const GAME_PLAY_STATUSES = ['playing', 'won', 'lost'] as const;
export type GamePlayStatus = (typeof GAME_PLAY_STATUSES)[number];

/** The learner's standing in one game (spec 3 §4). */
export const GameState = Type.Object({
  /** finished plays (won or lost) */
  plays: Type.Integer(),
  won: Type.Boolean(),
  skipped: Type.Boolean(),
  /** lost plays since the last won one */
  losses_in_a_row: Type.Integer(),
  /** spec 3 §4: lost twice in a row and the game allows skipping, and not yet won or skipped */
  may_skip: Type.Boolean(),
  /** won or skipped: the activity counts as done (progress, certificate, prerequisites) */
  done: Type.Boolean(),
});
export type GameState = Static<typeof GameState>;

/** POST …/answers/ answer. `finished`: the play is over (every step answered, or the error limit passed). */
export const GameAnswerResult = Type.Object({
  step: Type.Integer(),
  correct: Type.Boolean(),
  solution: GameAnswerValue,
  /** wrong answers in this play so far */
  errors: Type.Integer(),
  answered: Type.Integer(),
  finished: Type.Boolean(),
  /** null while the play goes on */
  won: Type.Union([Type.Boolean(), Type.Null()]),
  state: GameState,
});
export type GameAnswerResult = Static<typeof GameAnswerResult>;

/** A play as stored for the learner: the play, the steps answered so far, where it stands. */
export const LearnerGamePlay = Type.Object({
  id: Type.Integer(),
  status: literalUnion(GAME_PLAY_STATUSES),
  play: GamePlay,
  answers: Type.Array(GameStepResult),
  errors: Type.Integer(),
  /** ISO date-times */
  started_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type LearnerGamePlay = Static<typeof LearnerGamePlay>;

/** GET the learner's game: what it is, the learner's state and the open play (null before the first or after a finished one). */
export const LearnerGame = Type.Object({
  id: Type.Integer(),
  group_training_id: Type.Integer(),
  title: Type.String(),
  type: literalUnion(GAME_TYPE_SLUGS),
  score: Type.Integer(),
  state: GameState,
  play: Type.Union([LearnerGamePlay, Type.Null()]),
});
export type LearnerGame = Static<typeof LearnerGame>;
