/**
 * spec 1 §5.5 "Emojis are stripped from some text inputs" (spec 3 §5 News: "Emoticons are
 * stripped before saving"). What goes is what a reader sees as an emoji: pictographs shown as
 * emoji by default, text symbols asked for as emoji (with U+FE0F), astral pictographs, keycaps
 * and flags, each with its skin tones, tags and zero-width-joined parts. Text symbols such as
 * ©, ®, ™, ★ and ♀ written on their own stay: they are typography, not emoticons.
 */

/** one emoji: a pictograph with its modifiers (skin tone, presentation selector, tag characters) */
const UNIT = String.raw`(?:[0-9#*]\uFE0F?\u20E3|\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|(?=\p{Extended_Pictographic})[\u{1F000}-\u{1FFFF}])[\u{1F3FB}-\u{1F3FF}\uFE0F\u{E0020}-\u{E007F}]*`;
/** after a zero-width joiner any pictograph belongs to the sequence (🏃‍♀️, 👨‍👩‍👧) */
const JOINED = String.raw`\u200D(?:${UNIT}|\p{Extended_Pictographic}\uFE0F?)`;
// eslint-disable-next-line no-misleading-character-class -- the modifier class holds the presentation selector on purpose
const EMOJI = new RegExp(`${UNIT}(?:${JOINED})*`, 'gu');
/** a presentation selector or joiner left behind with nothing to act on */
const STRAY = /\uFE0F|\u20E3/gu;

/** The text without emojis (everything else, spacing included, as written). */
export function stripEmojis(text: string): string;
export function stripEmojis(text: string | null | undefined): string | null | undefined;
export function stripEmojis(text: string | null | undefined): string | null | undefined {
  if (!text) return text;
  return text.replace(EMOJI, '').replace(STRAY, '');
}

/** Whether the text holds an emoji that `stripEmojis` would remove. */
export function hasEmoji(text: string | null | undefined): boolean {
  return !!text && stripEmojis(text) !== text;
}
