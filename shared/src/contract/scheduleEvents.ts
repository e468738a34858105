import { Type, type Static } from '@sinclair/typebox';
import { SCHEDULE_EVENTS_PATH } from './collections.ts';

/**
 * The calendar items administrators write (spec 1 §2.3 schedule/{id}, spec 3 §2 schedule, title
 * slug schedule): title, description, a date and time in a timezone, a link and an audience. The
 * spec shows no calls for them (spec 3 §7); docs/api.md "Schedule". JSON bodies, both list
 * envelopes (docs/api.md "Lists"); the rules are shared/src/engagement/scheduleEvents.ts.
 */
export const SCHEDULE_EVENT_PATHS = {
  /** GET (list: search, ordering, filter from/to on starts_at days) and POST */
  collection: SCHEDULE_EVENTS_PATH,
  /** GET, PUT, DELETE */
  item: (id: number | string) => `${SCHEDULE_EVENTS_PATH}${id}/`,
} as const;

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });

/** GET …/events/{id}/ and the answer of every write. */
export const ScheduleEvent = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** the instant, ISO-8601 UTC; shown and edited in `time_zone` */
  starts_at: Type.String(),
  time_zone: Type.String(),
  /** '' when none: an http(s) address or a portal path */
  link: Type.String(),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type ScheduleEvent = Static<typeof ScheduleEvent>;

/**
 * POST and PUT (JSON). `starts_at` is `YYYY-MM-DDTHH:mm:ss±hh:mm`, the offset of `time_zone` at that
 * moment (docs/dates.md). On PUT an omitted field keeps its stored value.
 */
export const ScheduleEventInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 20000 }), Type.Null()])),
  starts_at: Type.Optional(Type.String({ maxLength: 40 })),
  time_zone: Type.Optional(Type.String({ maxLength: 64 })),
  link: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
}, { additionalProperties: false });
export type ScheduleEventInput = Static<typeof ScheduleEventInput>;
