import { GAME_TYPE_SLUGS, type GameContent } from './games.ts';

/**
 * The admin's game preview (spec 3 §2 "Game editor with a mandatory preview before saving"): the
 * editor frames the portal page `GAME_PREVIEW_PATH` (same origin, no login, no API call) and
 * talks to it with `postMessage`. The page plays the content with the shared rules
 * (`localGameSession`), exactly as a learner would play it.
 *
 * Both sides accept only messages of their own origin: the page those whose source is its
 * parent window, the editor those whose source is the frame's window. Every message is posted
 * with the target origin `location.origin`.
 *
 * 1. page → editor `ready` once it listens (and again after a reload of the frame);
 * 2. editor → page `play` with the content (again at any time: the page starts over with it);
 * 3. page → editor `started` with the fingerprint (`gameFingerprint`) of the content it plays, or
 *    `invalid` with the content's errors (`validateGameContent`) when it cannot be played;
 * 4. page → editor `finished` at the end of each play, `skipped` when the skip is used;
 *    `size` whenever the page's height changes (to fit the frame to it).
 */
export const GAME_PREVIEW_PATH = '/game-preview';

export const GAME_PREVIEW_MESSAGES = {
  play: 'lp-game-preview',
  ready: 'lp-game-preview-ready',
  started: 'lp-game-preview-started',
  invalid: 'lp-game-preview-invalid',
  finished: 'lp-game-preview-finished',
  skipped: 'lp-game-preview-skipped',
  size: 'lp-game-preview-size',
} as const;

/** editor → page: play this content; `seed` chooses the shuffles and the letter grid (any 32-bit unsigned integer). */
export interface GamePreviewPlay {
  type: typeof GAME_PREVIEW_MESSAGES.play;
  content: GameContent;
  seed: number;
  /** the editor's language (pt-br, en, es, fr); the page's own otherwise */
  locale?: string;
}

/** page → editor */
export type GamePreviewEvent =
  | { type: typeof GAME_PREVIEW_MESSAGES.ready }
  | { type: typeof GAME_PREVIEW_MESSAGES.started; fingerprint: string }
  | { type: typeof GAME_PREVIEW_MESSAGES.invalid; errors: Record<string, string> }
  | { type: typeof GAME_PREVIEW_MESSAGES.finished; won: boolean; errors: number; fingerprint: string }
  | { type: typeof GAME_PREVIEW_MESSAGES.skipped; fingerprint: string }
  | { type: typeof GAME_PREVIEW_MESSAGES.size; height: number };

/** The list field each type's content plays from. */
const CONTENT_LISTS: Record<GameContent['type'], string> = {
  drag_the_words: 'sentences', fill_in_the_blanks: 'sentences', find_the_pairs: 'pairs', find_the_words: 'words',
  flashcards: 'cards', enigma: 'items', this_or_that: 'items', true_or_false: 'statements',
};

/**
 * The shape check of an incoming `play` message: the type, a content of a known game type with
 * its list fields, and an integer seed. The content's own rules are checked after
 * (`validateGameContent`), and the page shows their errors.
 */
export function isGamePreviewPlay(data: unknown): data is GamePreviewPlay {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<Record<keyof GamePreviewPlay, unknown>>;
  if (message.type !== GAME_PREVIEW_MESSAGES.play) return false;
  if (typeof message.seed !== 'number' || !Number.isInteger(message.seed) || message.seed < 0 || message.seed >= 2 ** 32) return false;
  if (message.locale !== undefined && typeof message.locale !== 'string') return false;
  const content = message.content as Record<string, unknown> | null | undefined;
  if (typeof content !== 'object' || content === null) return false;
  if (!(GAME_TYPE_SLUGS as readonly unknown[]).includes(content.type)) return false;
  if (typeof content.allow_to_skip_game !== 'boolean') return false;
  if (content.error_limit !== null && !Number.isInteger(content.error_limit)) return false;
  return Array.isArray(content[CONTENT_LISTS[content.type as GameContent['type']]]);
}
