import { Type, type Static } from '@sinclair/typebox';
import { PageNumber, literalUnion } from './common.ts';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_STATES } from '../webcastChat.ts';
import { WEBCASTS_PATH } from './collections.ts';

/**
 * Webcast chat calls (spec 2 §3.12, §4.13, §7.3 "Chat"). W = /admin_webcasts/webcasts/{id}.
 * The admin's columns and the learner's view follow the realtime channels of shared/src/webcastChat.ts.
 */
export const WEBCAST_CHAT_PATHS = {
  /** POST, form message: sent by the moderation side ('a' flag), public at once */
  send: (webcastId: number | string) => `${WEBCASTS_PATH}${webcastId}/send_chat_message/`,
  /** POST, form message_id (webcasts_manage) */
  approve: (webcastId: number | string) => `${WEBCASTS_PATH}${webcastId}/approve_chat_message/`,
  /** POST, form message_id (webcasts_manage) */
  disapprove: (webcastId: number | string) => `${WEBCASTS_PATH}${webcastId}/disapprove_chat_message/`,
  /** learner: GET the public messages and the user's own pending ones; POST JSON {message} */
  learner: (webcastId: number | string) => `/webcasts/${webcastId}/chat/`,
} as const;

const ChatStateSchema = literalUnion(CHAT_STATES);

/**
 * spec 2 §3.12: n sender name, m text, t time (ISO 8601, UTC), a sent by the moderation side; id for moderation.
 * media_time: the publisher time (ISO 8601) of the picture the sender was watching, null when
 * unknown; viewers hold a live message until their playback reaches it (shared chatReleased).
 */
export const ChatMessage = Type.Object({
  id: Type.Integer(),
  n: Type.String(),
  m: Type.String(),
  t: Type.String(),
  a: Type.Boolean(),
  state: ChatStateSchema,
  media_time: Type.Union([Type.String(), Type.Null()]),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** What a learner reads: `mine` marks their own messages (a pending one is shown as awaiting moderation). */
export const LearnerChatMessage = Type.Composite([ChatMessage, Type.Object({ mine: Type.Boolean() })]);
export type LearnerChatMessage = Static<typeof LearnerChatMessage>;

/** POST W/send_chat_message/ (form). */
export const SendChatMessageForm = Type.Object({ message: Type.String({ maxLength: CHAT_MESSAGE_MAX_LENGTH * 4 }) });
export type SendChatMessageForm = Static<typeof SendChatMessageForm>;

/** POST W/approve_chat_message/ and W/disapprove_chat_message/ (form). */
export const ChatMessageIdForm = Type.Object({ message_id: Type.Integer({ minimum: 1 }) });
export type ChatMessageIdForm = Static<typeof ChatMessageIdForm>;

/**
 * POST /webcasts/{id}/chat/ (JSON). media_time: the publisher time (ISO 8601) of the frame on
 * the sender's screen (the player's EXT-X-PROGRAM-DATE-TIME clock); absent or null without a
 * player. Out of CHAT_MEDIA_TIME_RANGE around the server's clock: 400 chat_media_time_invalid.
 * `client_message_id`: the client's own id of this message (a UUID): sending it again — a retry
 * after a lost answer — answers 200 with the message already stored instead of storing a second one.
 */
export const LearnerChatSend = Type.Object({
  message: Type.String({ maxLength: CHAT_MESSAGE_MAX_LENGTH * 4 }),
  media_time: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  client_message_id: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
});
export type LearnerChatSend = Static<typeof LearnerChatSend>;

/**
 * GET /webcasts/{id}/chat/: newest first. `page`/`page_size` as the other learner lists, or
 * `before` (a message id) to read the messages older than the oldest one shown while new
 * ones keep arriving live.
 */
export const LearnerChatQuery = Type.Object({
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  before: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type LearnerChatQuery = Static<typeof LearnerChatQuery>;

export const LearnerChatPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerChatMessage) });
export type LearnerChatPage = Static<typeof LearnerChatPage>;

/** POST /realtime/ticket/: a one-use ticket for opening /api/realtime (DESIGN "Realtime"). */
export const RealtimeTicket = Type.Object({ ticket: Type.String(), expires_in: Type.Integer() });
export type RealtimeTicket = Static<typeof RealtimeTicket>;

/** A chat channel's `message` data: the message as it is now (its state says which columns show it). */
export interface ChatChannelEvent {
  message: ChatMessage;
}
