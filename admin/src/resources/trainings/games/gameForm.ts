import { gameTypeId, gameTypeSlug, GAME_TYPE_SLUGS, type AdminGame, type GameContent, type GameContentOf, type GameInput, type GameTypeSlug } from '@lp/shared/contract';

/**
 * The game editor's form values (spec 3 §3 "Game") and their mapping to the contract. React
 * Admin's array inputs edit arrays of objects, so the lists of plain texts of the contract
 * (sentences, words, enigma tips and alternatives) are kept as `{text}` / `{word}` rows here.
 * Each type keeps its own content under `content.{slug}`: a new game may switch types while
 * it is written without one type's rows landing in another's (enigma and this-or-that both
 * have `items`, of different shapes).
 */
export interface TextRow { text: string }
export interface EnigmaRow { question: string; tips: TextRow[]; alternatives: TextRow[]; correct: number | null }

export interface GameFormContent {
  drag_the_words: { sentences: TextRow[] };
  fill_in_the_blanks: { sentences: TextRow[] };
  find_the_pairs: { pairs: Array<{ first: string; second: string }> };
  find_the_words: { words: Array<{ word: string }>; grid_size: number | null };
  flashcards: { cards: Array<{ prompt: string; answer: string }> };
  enigma: { items: EnigmaRow[] };
  this_or_that: { categories: string[]; items: Array<{ text: string; category: number | null }> };
  true_or_false: { statements: Array<{ text: string; truth: boolean }> };
}

export interface GameFormValues {
  /** react-admin's record id; 0 for a new game */
  id: number;
  title: string;
  /** group_training_game_types id (1..8); null until chosen */
  group_training_game_type: number | null;
  /** status 1 published, 2 unpublished */
  published: boolean;
  avaliable_in: string | null;
  score: number | null;
  /** spec 3 §5: blank or negative = unlimited */
  error_limit: number | null;
  allow_to_skip_game: boolean;
  content: GameFormContent;
}

const text = (value: string | null | undefined): string => value ?? '';
const rows = <T>(list: readonly T[] | null | undefined): T[] => (Array.isArray(list) ? [...list] : []);
/** A whole number from an input (radio groups hand back their value as text), or null when blank. */
function integer(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : null;
}

/** Empty content of every type: what a new game starts from. */
export function emptyFormContent(): GameFormContent {
  return {
    drag_the_words: { sentences: [] },
    fill_in_the_blanks: { sentences: [] },
    find_the_pairs: { pairs: [] },
    find_the_words: { words: [], grid_size: null },
    flashcards: { cards: [] },
    enigma: { items: [] },
    this_or_that: { categories: ['', ''], items: [] },
    true_or_false: { statements: [] },
  };
}

export const NEW_GAME_FORM: GameFormValues = {
  id: 0, title: '', group_training_game_type: null, published: true, avaliable_in: null, score: null,
  error_limit: null, allow_to_skip_game: false, content: emptyFormContent(),
};

/** The slug of the type chosen in the form, or null. */
export const formTypeSlug = (values: Pick<GameFormValues, 'group_training_game_type'>): GameTypeSlug | null =>
  values.group_training_game_type === null ? null : gameTypeSlug(Number(values.group_training_game_type));

/** The form rows of one type's authored content. */
function formContentOf(content: GameContent): Partial<GameFormContent> {
  switch (content.type) {
    case 'drag_the_words':
    case 'fill_in_the_blanks':
      return { [content.type]: { sentences: content.sentences.map((s) => ({ text: s })) } };
    case 'find_the_pairs':
      return { find_the_pairs: { pairs: content.pairs.map((p) => ({ ...p })) } };
    case 'find_the_words':
      return { find_the_words: { words: content.words.map((word) => ({ word })), grid_size: content.grid_size } };
    case 'flashcards':
      return { flashcards: { cards: content.cards.map((c) => ({ ...c })) } };
    case 'enigma':
      return {
        enigma: {
          items: content.items.map((item) => ({
            question: item.question, tips: item.tips.map((t) => ({ text: t })),
            alternatives: item.alternatives.map((a) => ({ text: a })), correct: item.correct,
          })),
        },
      };
    case 'this_or_that':
      return { this_or_that: { categories: [...content.categories], items: content.items.map((i) => ({ ...i })) } };
    case 'true_or_false':
      return { true_or_false: { statements: content.statements.map((s) => ({ ...s })) } };
  }
}

/** A saved game (GET P/group_training_games/{id}/) as form values. */
export function gameFormValues(game: AdminGame): GameFormValues {
  return {
    id: game.id,
    title: game.title,
    group_training_game_type: game.group_training_game_type,
    published: game.status === 1,
    avaliable_in: game.avaliable_in,
    score: game.score,
    error_limit: game.content.error_limit,
    allow_to_skip_game: game.content.allow_to_skip_game,
    content: { ...emptyFormContent(), ...formContentOf(game.content) },
  };
}

/**
 * The contract content the form holds for `slug` (what the preview plays and the save sends).
 * Texts go as typed: the fingerprint of the preview is of exactly this object (spec 3 §2).
 */
export function gameContentOf(values: GameFormValues, slug: GameTypeSlug): GameContent {
  const common = { error_limit: integer(values.error_limit), allow_to_skip_game: !!values.allow_to_skip_game };
  const form = { ...emptyFormContent(), ...values.content };
  const build: { [S in GameTypeSlug]: () => GameContentOf<S> } = {
    drag_the_words: () => ({ type: 'drag_the_words', ...common, sentences: rows(form.drag_the_words?.sentences).map((s) => text(s?.text)) }),
    fill_in_the_blanks: () => ({ type: 'fill_in_the_blanks', ...common, sentences: rows(form.fill_in_the_blanks?.sentences).map((s) => text(s?.text)) }),
    find_the_pairs: () => ({
      type: 'find_the_pairs', ...common,
      pairs: rows(form.find_the_pairs?.pairs).map((p) => ({ first: text(p?.first), second: text(p?.second) })),
    }),
    find_the_words: () => ({
      type: 'find_the_words', ...common,
      words: rows(form.find_the_words?.words).map((w) => text(w?.word)),
      grid_size: integer(form.find_the_words?.grid_size),
    }),
    flashcards: () => ({
      type: 'flashcards', ...common,
      cards: rows(form.flashcards?.cards).map((c) => ({ prompt: text(c?.prompt), answer: text(c?.answer) })),
    }),
    enigma: () => ({
      type: 'enigma', ...common,
      items: rows(form.enigma?.items).map((item) => ({
        question: text(item?.question),
        tips: rows(item?.tips).map((t) => text(t?.text)),
        alternatives: rows(item?.alternatives).map((a) => text(a?.text)),
        // none chosen yet: -1, which the rules refuse with enigma_correct_alternative_invalid
        correct: integer(item?.correct) ?? -1,
      })),
    }),
    this_or_that: () => {
      const categories = rows(form.this_or_that?.categories);
      return {
        type: 'this_or_that', ...common,
        categories: [text(categories[0]), text(categories[1])],
        items: rows(form.this_or_that?.items).map((i) => ({ text: text(i?.text), category: integer(i?.category) === 1 ? 1 : 0 })),
      };
    },
    true_or_false: () => ({
      type: 'true_or_false', ...common,
      statements: rows(form.true_or_false?.statements).map((s) => ({ text: text(s?.text), truth: !!s?.truth })),
    }),
  };
  return build[slug]();
}

/** POST / PUT P/group_training_games/ body: the fields, the content of the chosen type and the fingerprint of its preview. */
export function gameInputOf(values: GameFormValues, slug: GameTypeSlug, previewOf: string): GameInput {
  return {
    title: text(values.title),
    group_training_game_type: gameTypeId(slug),
    status: values.published ? 1 : 2,
    avaliable_in: values.avaliable_in || null,
    score: integer(values.score) ?? 0,
    content: gameContentOf(values, slug),
    preview_of: previewOf,
  };
}

/** Content fields kept outside `content.{slug}` in the form. */
const COMMON_CONTENT_FIELDS = new Set(['error_limit', 'allow_to_skip_game']);

/**
 * Where an error on a content path (`sentences.0`, `items.2.tips.1`, as validateGameContent
 * and the preview page name them) sits in the form: the plain-text lists are `{text}` / `{word}` rows.
 */
export function contentFormPath(path: string, slug: GameTypeSlug): string {
  if (COMMON_CONTENT_FIELDS.has(path)) return path;
  if (path === 'type') return 'group_training_game_type';
  const inner = path
    .replace(/^sentences\.(\d+)$/, 'sentences.$1.text')
    .replace(/^words\.(\d+)$/, 'words.$1.word')
    .replace(/^items\.(\d+)\.(tips|alternatives)\.(\d+)$/, 'items.$1.$2.$3.text');
  return `content.${slug}.${inner}`;
}

/** Where an error of a save's field (`title`, `status`, `content.sentences.0`, …) sits in the form. */
export function inputFormPath(path: string, slug: GameTypeSlug): string {
  if (path === 'status') return 'published';
  if (path === 'content') return `content.${slug}`;
  if (path.startsWith('content.')) return contentFormPath(path.slice('content.'.length), slug);
  return path;
}

/** `{path: message}` of a save or a preview moved onto the form's paths. */
export function errorsOnForm(errors: Readonly<Record<string, string>>, toForm: (path: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [toForm(path), message]));
}

export const GAME_TYPE_CHOICES = GAME_TYPE_SLUGS.map((slug) => ({ id: gameTypeId(slug), slug }));
