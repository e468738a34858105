import { Type, type Static } from '@sinclair/typebox';
import { PageNumber } from './common.ts';

/**
 * spec 1 §4.3: imports and reports notify the user when they end. `kind` is a message key
 * under `notifications.` in locales; `payload` holds its parameters and an optional `link`.
 */
export const NOTIFICATION_KINDS = [
  'import_finished', 'import_failed', 'import_validated', 'report_ready', 'report_failed',
  // spec 2 §4.11: a training's owners (its moderators) are told of forum reports
  'forum_topic_reported', 'forum_reply_reported',
  // a question sent through the FAQ's "send your question" reaches the client's FAQ managers
  'faq_question_received',
  // spec 3 §4: each step of a face-to-face appointment's workflow reaches the people it concerns
  'presential_appointment_requested', 'presential_appointment_approved', 'presential_appointment_reproved',
  'presential_appointment_started', 'presential_appointment_finished', 'presential_appointment_canceled', 'presential_appointment_failed',
  // spec 3 §2, §3: learners are pointed to a survey newly open to them, a drill day that opens today
  // and a general test newly available to them (payload: title, link to the portal page)
  'survey_published', 'drill_open_today', 'general_test_available',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationPayload = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]));
export type NotificationPayload = Static<typeof NotificationPayload>;

export const Notification = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  payload: NotificationPayload,
  read_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type Notification = Static<typeof Notification>;

export const NotificationsQuery = Type.Object({
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  unread: Type.Optional(Type.Boolean()),
});
export type NotificationsQuery = Static<typeof NotificationsQuery>;

export const NotificationsPage = Type.Object({
  count: Type.Integer(),
  unread: Type.Integer(),
  results: Type.Array(Notification),
});
export type NotificationsPage = Static<typeof NotificationsPage>;
