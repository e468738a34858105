import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { SCHEDULE_PATH } from './collections.ts';

/**
 * The learner calendar (spec 1 §2.2 calendar, spec 3 §2 calendar/agenda) and the admin schedule
 * (spec 3 §2 schedule, title slug schedule): dated items of a range of days. Designed here
 * (spec 3 §7: "calendar calls are not shown"); docs/api.md "Calendar".
 */
export const CALENDAR_PATHS = {
  /** learner: GET ?start&end (YYYY-MM-DD, ≤ 62 days) */
  learner: '/calendar/',
  /** admin (schedule): GET ?start&end, the selected client's */
  admin: SCHEDULE_PATH,
} as const;

/**
 * activity_available: a module or test of a training opens (avaliable_in);
 * training_unpublish: a training leaves the catalogue (its last published day);
 * webcast: a webcast's transmission (an instant: shown on its day in the viewer's zone);
 * live_class: a live class's start (an instant, as a webcast's; spec 3 §2 "calendar/agenda");
 * presential: an event of a face-to-face training the learner is enrolled in or teaches (an instant);
 * event: a calendar item an administrator wrote for its audience (spec 1 §2.3 schedule/{id}; an instant).
 */
export const CALENDAR_ITEM_KINDS = ['activity_available', 'training_unpublish', 'webcast', 'live_class', 'presential', 'event'] as const;
export type CalendarItemKind = (typeof CALENDAR_ITEM_KINDS)[number];

export const CalendarQuery = Type.Object({
  start: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  end: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
});
export type CalendarQuery = Static<typeof CalendarQuery>;

export const CalendarItem = Type.Object({
  kind: literalUnion(CALENDAR_ITEM_KINDS),
  /** YYYY-MM-DD for dated items; null for instants */
  date: Type.Union([Type.String(), Type.Null()]),
  /** ISO instant (webcasts, live classes); null for dated items */
  starts_at: Type.Union([Type.String(), Type.Null()]),
  /** the item's own title (module, test, training or webcast) */
  title: Type.String(),
  /** the training the activity belongs to */
  training: Type.Union([Type.Object({ id: Type.Integer(), title: Type.String() }), Type.Null()]),
  webcast_id: Type.Union([Type.Integer(), Type.Null()]),
  live_class_id: Type.Union([Type.Integer(), Type.Null()]),
  /** the face-to-face training of a presential item (absent on the other kinds) */
  presential_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** an administrator's calendar item (kind event; absent on the other kinds): its id, text, link and own zone */
  event: Type.Optional(Type.Union([Type.Object({
    id: Type.Integer(), description: Type.String(), link: Type.String(), time_zone: Type.String(),
  }), Type.Null()])),
  /** learner: the user subscribed to the webcast, or takes part in the live class (subscriber or invitee) */
  subscribed: Type.Boolean(),
});
export type CalendarItem = Static<typeof CalendarItem>;

export const CalendarItems = Type.Object({ start: Type.String(), end: Type.String(), results: Type.Array(CalendarItem) });
export type CalendarItems = Static<typeof CalendarItems>;
