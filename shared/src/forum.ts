/**
 * The training forum's rules (spec 2 §2.3 discussions tab, §3.10, §4.1, §4.11; spec 4
 * "Truncation"), applied alike by the admin table, the portal and the server.
 *
 * Topic and reply texts are plain text: the clients render them as text (never as HTML), so
 * the server only normalises them (`cleanForumText`) — no markup is stored or interpreted.
 */
import type { ErrorCode } from './contract/errors.ts';

/** spec 2 §4.1: content status codes; 4 (closed) is for forum topics only. */
export const FORUM_STATUS = { published: 1, unpublished: 2, deleted: 3, closed: 4 } as const;
export type ForumStatusName = keyof typeof FORUM_STATUS;
export const FORUM_TOPIC_STATUSES = [1, 2, 3, 4] as const;
export type ForumTopicStatus = (typeof FORUM_TOPIC_STATUSES)[number];
/** a reply is published, unpublished or deleted: closing is a topic's state */
export const FORUM_REPLY_STATUSES = [1, 2, 3] as const;
export type ForumReplyStatus = (typeof FORUM_REPLY_STATUSES)[number];

/** What learners see: published and closed topics (a closed one is read-only), published replies. */
export const LEARNER_VISIBLE_TOPIC_STATUSES: readonly ForumTopicStatus[] = [FORUM_STATUS.published, FORUM_STATUS.closed];
export const LEARNER_VISIBLE_REPLY_STATUSES: readonly ForumReplyStatus[] = [FORUM_STATUS.published];

export const FORUM_LIMITS = {
  /** spec 4 "Truncation": forum topic 50 characters */
  topicPreviewChars: 50,
  /** spec 4 "Truncation": author 25 */
  authorPreviewChars: 25,
  /** the subject's column (forum_topics.title varchar(256)) */
  titleMax: 256,
  /** a topic's body or a reply */
  textMax: 10_000,
} as const;

/** spec 4 "Search": forum search debounce 500 ms. */
export const FORUM_SEARCH_DEBOUNCE_MS = 500;
/** spec 4 "Tables": the forum offers 5, 10, 50 and 100 rows per page (5, the table default, first). */
export const FORUM_ROWS_PER_PAGE = [5, 10, 50, 100] as const;

/** The label key of a status (spec 2 §4.11: any other value is shown as 'no'). */
export function forumStatusLabel(status: unknown): ForumStatusName | 'no' {
  const entry = Object.entries(FORUM_STATUS).find(([, code]) => code === status);
  return entry ? (entry[0] as ForumStatusName) : 'no';
}

/** spec 2 §4.11: "report true shows reported 'yes'" (anything else: 'no'). */
export const forumReportedLabel = (report: unknown): 'yes' | 'no' => (report === true ? 'yes' : 'no');

const chars = (text: string | null | undefined) => Array.from(text ?? '');

/** spec 2 §2.3: the topic cut to 50 characters plus '...' (the full text goes in a tooltip). */
export function forumTopicPreview(title: string | null | undefined): string {
  const all = chars(title);
  return all.length > FORUM_LIMITS.topicPreviewChars ? `${all.slice(0, FORUM_LIMITS.topicPreviewChars).join('')}...` : all.join('');
}

/** spec 2 §2.3: the author cut to 25 characters. */
export function forumAuthorPreview(name: string | null | undefined): string {
  return chars(name).slice(0, FORUM_LIMITS.authorPreviewChars).join('');
}

/** spec 2 §4.11 "a closed topic accepts no replies" (an unpublished or deleted one is not reachable to reply). */
export const topicAcceptsReplies = (status: number): boolean => status === FORUM_STATUS.published;

// C0/C1 controls except tab and line feed, and the Unicode line/paragraph separators
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Plain text as stored: Unicode NFC, line breaks as \n, control characters dropped, ends trimmed.
 * A title is one line (runs of whitespace become one space).
 */
export function cleanForumText(text: string | null | undefined, { singleLine = false } = {}): string {
  let out = (text ?? '').normalize('NFC').replace(/\r\n?/g, '\n').replace(CONTROLS, '');
  if (singleLine) out = out.replace(/\s+/g, ' ');
  else out = out.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n');
  return out.trim();
}

export type ForumFieldErrors = Partial<Record<'title' | 'text', ErrorCode>>;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/** A topic: the subject is required (≤ 256), the body optional (≤ 10 000). Values already cleaned. */
export function validateForumTopic(values: { title: string; text: string }): ForumFieldErrors {
  const errors: ForumFieldErrors = {};
  if (!values.title) errors.title = REQUIRED;
  else if (chars(values.title).length > FORUM_LIMITS.titleMax) errors.title = 'title_too_long';
  if (chars(values.text).length > FORUM_LIMITS.textMax) errors.text = 'forum_text_too_long';
  return errors;
}

/** A reply: text required (≤ 10 000). Value already cleaned. */
export function validateForumReply(values: { text: string }): ForumFieldErrors {
  if (!values.text) return { text: REQUIRED };
  if (chars(values.text).length > FORUM_LIMITS.textMax) return { text: 'forum_text_too_long' };
  return {};
}
