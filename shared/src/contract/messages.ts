import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, PageNumber, literalUnion } from './common.ts';
import { MESSAGE_STATUSES, OPENED_IN, RECIPIENT_EMAIL_STATUSES } from '../messages.ts';

/**
 * spec 3 §3 "Messages and related", §4, §5 and spec 1 §2.3 mailing_list_config. The spec shows no
 * calls for them; they follow the trainings contract's style (JSON bodies, both list envelopes in
 * the admin, `{count, results}` on the learner side). Instants are ISO 8601 with offset.
 */

export { MESSAGE_PATHS } from './messagePaths.ts';

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
const NullableString = (maxLength: number) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength });
const NullableText = Type.Union([Type.String(), Type.Null()]);
const StatusSchema = literalUnion(MESSAGE_STATUSES);
const OpenedInSchema = literalUnion(OPENED_IN);

export const MessageUser = Type.Object({ id: Type.Integer(), full_name: Type.String(), email: Type.String() });
export type MessageUser = Static<typeof MessageUser>;

/** GET …/messages/{id}/ and the answer of every write. */
export const Message = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** sanitised HTML */
  content: Type.String(),
  users: Type.Array(Type.Integer()),
  /** the chosen users with their names, for the autocomplete's chips */
  users_list: Type.Array(MessageUser),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  /** spec 3 §3 send_group */
  user_groups: Type.Array(Type.Integer()),
  /** when it goes (or went) out */
  send_date: Type.String(),
  send_in_app: Type.Boolean(),
  send_email: Type.Boolean(),
  /** spec 3 §3 "send in e-mail body": the text itself in the e-mail, not only a notice with a link */
  send_email_body: Type.Boolean(),
  status: StatusSchema,
  recipients_count: Type.Integer(),
  read_count: Type.Integer(),
  email_failed_count: Type.Integer(),
  /** when the job finished it */
  sent_at: NullableText,
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Message = Static<typeof Message>;

/** One row of GET …/messages/ (both envelopes). */
export const MessageListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  send_date: Type.String(),
  send_in_app: Type.Boolean(),
  send_email: Type.Boolean(),
  status: StatusSchema,
  recipients_count: Type.Integer(),
  read_count: Type.Integer(),
  created_at: Type.String(),
});
export type MessageListItem = Static<typeof MessageListItem>;

/**
 * POST …/messages/ and PUT …/messages/{id}/ (JSON; PUT only while scheduled). An omitted field
 * keeps its stored value; send_date null (or omitted on create) means now.
 */
export const MessageInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  content: Type.Optional(Type.String({ maxLength: 400_000 })),
  users: Type.Optional(Ids),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
  send_date: Type.Optional(NullableString(40)),
  send_in_app: Type.Optional(Type.Boolean()),
  send_email: Type.Optional(Type.Boolean()),
  send_email_body: Type.Optional(Type.Boolean()),
});
export type MessageInput = Static<typeof MessageInput>;

export const MessageListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(StatusSchema),
})]);
export type MessageListQuery = Static<typeof MessageListQuery>;

/** spec 3 §3 "Per recipient: status, opened_in, read". */
export const MessageRecipient = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  full_name: Type.String(),
  email: Type.String(),
  read: Type.Boolean(),
  read_at: NullableText,
  /** web or app; null while not viewed */
  opened_in: Type.Union([OpenedInSchema, Type.Null()]),
  email_status: literalUnion(RECIPIENT_EMAIL_STATUSES),
  email_sent_at: NullableText,
  /** error code of the last failed e-mail (error_sending_message) */
  email_error: NullableText,
});
export type MessageRecipient = Static<typeof MessageRecipient>;

export const MessageRecipientQuery = Type.Composite([ListQuery, Type.Object({
  read: Type.Optional(Type.Boolean()),
})]);
export type MessageRecipientQuery = Static<typeof MessageRecipientQuery>;

/** spec 1 §2.3 mailing_list_config (shared/src/messages.ts MailingListSettings). */
export const MailingListConfig = Type.Object({
  sender_name: Type.String(),
  reply_to: NullableText,
  footer: Type.String(),
  email_messages: Type.Boolean(),
  updated_at: NullableText,
});
export type MailingListConfig = Static<typeof MailingListConfig>;

export const MailingListConfigInput = Type.Object({
  sender_name: Type.Optional(NullableString(500)),
  reply_to: Type.Optional(NullableString(500)),
  footer: Type.Optional(NullableString(5000)),
  email_messages: Type.Optional(Type.Boolean()),
});
export type MailingListConfigInput = Static<typeof MailingListConfigInput>;

/** One message in the learner's list (GET /messages/). */
export const LearnerMessage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** the start of the text, plain */
  excerpt: Type.String(),
  send_date: Type.String(),
  read: Type.Boolean(),
  read_at: NullableText,
  opened_in: Type.Union([OpenedInSchema, Type.Null()]),
});
export type LearnerMessage = Static<typeof LearnerMessage>;

export const LearnerMessageDetail = Type.Composite([LearnerMessage, Type.Object({ content: Type.String() })]);
export type LearnerMessageDetail = Static<typeof LearnerMessageDetail>;

export const LearnerMessageQuery = Type.Object({
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  unread: Type.Optional(Type.Boolean()),
});

export const LearnerMessageList = Type.Object({ count: Type.Integer(), unread: Type.Integer(), results: Type.Array(LearnerMessage) });
export type LearnerMessageList = Static<typeof LearnerMessageList>;

/** POST /messages/{id}/read/: where it was opened (the first opening is the one kept). */
export const MessageReadBody = Type.Object({ opened_in: OpenedInSchema });
export type MessageReadBody = Static<typeof MessageReadBody>;

export const UnreadMessages = Type.Object({ unread: Type.Integer() });
export type UnreadMessages = Static<typeof UnreadMessages>;

/** the learner excerpt's length */
export const MESSAGE_EXCERPT_LENGTH = 160;
