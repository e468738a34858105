/**
 * Webcast chat rules the admin tab, the portal and the server all apply (spec 2 §2.5 chat
 * moderation tab, §3.12, §4.13; spec 4 "Chat: colours cycle through 6").
 */
import type { ErrorCode } from './contract/errors.ts';

/** spec 2 §4.13: pending moderation, public (approved), disapproved. */
export const CHAT_STATES = ['pending', 'public', 'disapproved'] as const;
export type ChatState = (typeof CHAT_STATES)[number];

/** The moderation actions of the tab's dialogs (spec 2 §2.5) and their calls (§7.3). */
export type ChatMove = 'approve' | 'disapprove';

/**
 * spec 2 §4.13 "Allowed moves": pending → approved, pending → disapproved, public →
 * disapproved, disapproved → approved. The state a move leads to, or null when the move is
 * not allowed from `from` (approving a public message, disapproving a disapproved one).
 */
export function chatMoveTarget(from: ChatState, move: ChatMove): ChatState | null {
  if (move === 'approve') return from === 'pending' || from === 'disapproved' ? 'public' : null;
  return from === 'pending' || from === 'public' ? 'disapproved' : null;
}

/** The realtime channel types of a webcast's chat (spec 2 §7.3 webcast_chat/{id}/{chatType}). */
export const CHAT_CHANNEL_TYPES = ['moderation', 'public', 'disapproved'] as const;
export type ChatChannelType = (typeof CHAT_CHANNEL_TYPES)[number];

/** The tab's column of a state: pending messages wait in 'moderation'. */
export const chatChannelTypeOf = (state: ChatState): ChatChannelType => (state === 'pending' ? 'moderation' : state);
export const chatStateOf = (type: ChatChannelType): ChatState => (type === 'moderation' ? 'pending' : type);

export const webcastChatChannel = (webcastId: number, type: ChatChannelType) => `webcast_chat/${webcastId}/${type}`;
/** spec 2 §3.12 / §7.3: the online users of a webcast (st == 'on' and we == id). */
export const webcastOnlineChannel = (webcastId: number) => `webcast_user_online/${webcastId}`;

/** A learner's message goes to moderation when the webcast's chat is moderated. */
export const initialChatState = (chatModerated: boolean, sentByModeration: boolean): ChatState =>
  (sentByModeration || !chatModerated ? 'public' : 'pending');

export const CHAT_MESSAGE_MAX_LENGTH = 1000;

/**
 * A learner's flood guard (not in the spec: hundreds of learners share one public column, and
 * one of them must not bury it): at most `max` messages in any `windowSeconds`. The
 * moderators' own messages are not limited.
 */
export const LEARNER_CHAT_RATE = { max: 5, windowSeconds: 10 } as const;

/** How long (ms) a learner waits before sending again, from the times of their latest messages, newest first; 0: they may send now. */
export function chatSendWaitMs(latest: readonly Date[], now: Date): number {
  const oldest = latest[LEARNER_CHAT_RATE.max - 1];
  if (!oldest) return 0;
  return Math.max(0, oldest.getTime() + LEARNER_CHAT_RATE.windowSeconds * 1000 - now.getTime());
}

/** A chat channel's snapshot holds the newest this many messages; the views keep no more than that live. */
export const CHAT_SNAPSHOT_LIMIT = 200;

/** The text as stored (trimmed), or the error key of a message that cannot be sent. */
export function checkChatMessage(text: string | null | undefined): { text: string } | { error: ErrorCode } {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return { error: 'make_sure_that_all_fields_are_filled_in' };
  if ([...trimmed].length > CHAT_MESSAGE_MAX_LENGTH) return { error: 'chat_message_too_long' };
  return { text: trimmed };
}

/**
 * spec 4 "Chat: colours cycle through 6"; spec 2 §2.5 messages with the 'a' flag "in a
 * distinct colour". Dark enough for text on white (WCAG AA, ≥ 4.5:1).
 */
export const CHAT_COLOURS = ['#1565c0', '#2e7d32', '#6a1b9a', '#ad1457', '#00695c', '#8d4f00'] as const;
export const CHAT_FLAGGED_COLOUR = '#c62828';

/**
 * The colour of a message. Consecutive messages take the six colours in turn; keyed by the
 * message id rather than its place in the list so a message keeps its colour when newer ones
 * arrive above it.
 */
export function chatColour(message: { id: number; a: boolean }): string {
  if (message.a) return CHAT_FLAGGED_COLOUR;
  return CHAT_COLOURS[((message.id % CHAT_COLOURS.length) + CHAT_COLOURS.length) % CHAT_COLOURS.length]!;
}

/** The fields of a chat message every side reads (spec 2 §3.12: n, m, t, a; id for moderation). */
export interface ChatMessageLike {
  id: number;
  n: string;
  m: string;
  t: string;
  a: boolean;
  state: ChatState;
  /** the publisher time of the picture it was written about (chatHoldOf) */
  media_time?: string | null;
}

/**
 * A column or a learner's list after a message changed: the message is shown while its state
 * is one of `states`, replaced in place by id, newest (highest id) first, at most `limit` kept.
 */
export function applyChatMessage<M extends ChatMessageLike>(list: readonly M[], message: M, states: readonly ChatState[], limit = Infinity): M[] {
  const rest = list.filter((m) => m.id !== message.id);
  if (!states.includes(message.state)) return rest.length === list.length ? (list as M[]) : rest;
  const at = rest.findIndex((m) => m.id < message.id);
  const next = at === -1 ? [...rest, message] : [...rest.slice(0, at), message, ...rest.slice(at)];
  return next.length > limit ? next.slice(0, limit) : next;
}

/** A learner's list item: their own messages are marked (a pending one shows as awaiting moderation). */
export interface MineChatMessage extends ChatMessageLike {
  mine: boolean;
}

/**
 * A learner's list after a public-channel snapshot (spec 2 §2.1 watch page: the public
 * messages and the learner's own pending ones, newest first). The snapshot is the truth for
 * the public messages it covers — the newest `limit`, or all of them when it holds fewer — so
 * a public message it lacks within that range left the public chat while the socket was down;
 * older ones and the learner's own pending ones stay. `mine` is kept from what the list knew.
 */
export function mergeChatSnapshot<M extends MineChatMessage>(
  list: readonly M[], snapshot: readonly ChatMessageLike[], limit: number, toItem: (m: ChatMessageLike, mine: boolean) => M,
): M[] {
  const inSnapshot = new Set(snapshot.map((m) => m.id));
  const floor = snapshot.length >= limit ? Math.min(...snapshot.map((m) => m.id)) : 0;
  const known = new Map(list.map((m) => [m.id, m]));
  const kept = list.filter((m) => !inSnapshot.has(m.id) && !(m.state === 'public' && m.id >= floor));
  const merged = [...kept, ...snapshot.map((m) => toItem(m, known.get(m.id)?.mine ?? false))];
  return merged.sort((a, b) => b.id - a.id);
}

/**
 * Chat in step with the picture. A message carries `media_time`: the publisher time (the
 * stream's EXT-X-PROGRAM-DATE-TIME clock) of the frame its sender was watching; the moderation
 * side, the publisher among it, watches no delay, so its messages carry the time they are sent.
 * The server takes a learner's media time only within this range around its own clock: a
 * player is never much further behind than the live window, and the ingest's clock is the
 * server's (or one synchronised with it).
 */
export const CHAT_MEDIA_TIME_RANGE = { pastMs: 5 * 60_000, futureMs: 30_000 } as const;

/** The media time as stored, null when the message has none, or the error key of one out of range. */
export function checkChatMediaTime(mediaTime: string | null | undefined, now: Date): { mediaTime: Date | null } | { error: ErrorCode } {
  if (mediaTime === null || mediaTime === undefined || mediaTime === '') return { mediaTime: null };
  const at = Date.parse(mediaTime);
  if (!Number.isFinite(at)) return { error: 'chat_media_time_invalid' };
  const offset = at - now.getTime();
  if (offset < -CHAT_MEDIA_TIME_RANGE.pastMs || offset > CHAT_MEDIA_TIME_RANGE.futureMs) return { error: 'chat_media_time_invalid' };
  return { mediaTime: new Date(at) };
}

/** The longest a viewer holds a message back: a stalled or paused player still shows it by then. */
export const CHAT_MAX_HOLD_MS = 5000;

/** A message a viewer holds back: its media time and when it arrived (both ms since the epoch, each by its own clock). */
export interface ChatHold {
  mediaTime: number;
  arrivedAt: number;
}

/**
 * A live message that arrives before the viewer's picture reaches the moment it was written
 * about waits for it: held while it has a media time ahead of the publisher time on screen
 * (`playbackTime`, null when the player shows none). A message without a media time (an old
 * client, a chat opened without the player) is never held; the moderation side and the
 * message's own author do not hold at all (they ask for no hold).
 */
export function chatHoldOf(message: { media_time?: string | null }, arrivedAt: number): ChatHold | null {
  if (!message.media_time) return null;
  const mediaTime = Date.parse(message.media_time);
  return Number.isFinite(mediaTime) ? { mediaTime, arrivedAt } : null;
}

/**
 * The release rule: a held message shows once the playback reaches its media time, or
 * CHAT_MAX_HOLD_MS after it arrived, whichever comes first. `now` is the viewer's clock
 * (arrival and waiting), `playbackTime` the publisher's (compared with the media time only).
 */
export function chatReleased(hold: ChatHold, playbackTime: number | null, now: number): boolean {
  if (now - hold.arrivedAt >= CHAT_MAX_HOLD_MS) return true;
  return playbackTime !== null && playbackTime >= hold.mediaTime;
}
