/**
 * Calendar items an administrator writes (spec 1 §2.3 schedule/{id}, spec 3 §2 schedule): a
 * title, a description, a date and time in a timezone, a link and an audience. They show in the
 * admin schedule, the learner calendar and the home's "schedule" block of their audience.
 */
import type { ErrorCode } from '../contract/errors.ts';
import { isValidTimezone, parseApiDateTime } from '../dates/index.ts';
import { validateAudience } from '../trainings/basicData.ts';

export const SCHEDULE_EVENT_LIMITS = { titleMax: 256, descriptionMax: 5000, linkMax: 1000 } as const;

export interface ScheduleEventValues {
  title?: string | null;
  description?: string | null;
  /** YYYY-MM-DDTHH:mm:ss±hh:mm, the offset of `time_zone` at that moment (docs/dates.md) */
  starts_at?: string | null;
  time_zone?: string | null;
  link?: string | null;
  areas?: readonly number[];
  profiles?: readonly number[];
  user_groups?: readonly number[];
}

export type ScheduleEventField = 'title' | 'description' | 'starts_at' | 'time_zone' | 'link' | 'areas' | 'profiles' | 'user_groups';
export type ScheduleEventErrors = Partial<Record<ScheduleEventField, ErrorCode>>;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';
const blank = (value: string | null | undefined) => !value || !value.trim();

/**
 * The item's link: empty, an http(s) address, or a path of the portal ('/courses/7'). Anything
 * else (javascript:, a protocol-relative '//host', spaces) is refused: the portal renders it as a link.
 */
export function checkScheduleLink(link: string | null | undefined): ErrorCode | null {
  const text = (link ?? '').trim();
  if (!text) return null;
  if (text.length > SCHEDULE_EVENT_LIMITS.linkMax || /\s/.test(text)) return 'invalid_schedule_link';
  if (text.startsWith('/')) return text.startsWith('//') ? 'invalid_schedule_link' : null;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? null : 'invalid_schedule_link';
  } catch {
    return 'invalid_schedule_link';
  }
}

/** The rules of a calendar item, the same in the admin's form and on the server. */
export function validateScheduleEvent(values: ScheduleEventValues): ScheduleEventErrors {
  const errors: ScheduleEventErrors = {};
  if (blank(values.title)) errors.title = REQUIRED;
  else if (values.title!.trim().length > SCHEDULE_EVENT_LIMITS.titleMax) errors.title = 'title_too_long';
  if ((values.description ?? '').length > SCHEDULE_EVENT_LIMITS.descriptionMax) errors.description = 'description_too_long';
  if (blank(values.time_zone)) errors.time_zone = REQUIRED;
  else if (!isValidTimezone(values.time_zone!.trim())) errors.time_zone = 'invalid_timezone';
  if (blank(values.starts_at)) errors.starts_at = REQUIRED;
  else if (!parseApiDateTime(values.starts_at)) errors.starts_at = 'validation_error';
  const link = checkScheduleLink(values.link);
  if (link) errors.link = link;
  Object.assign(errors, validateAudience({ areas: [...values.areas ?? []], profiles: [...values.profiles ?? []], user_groups: [...values.user_groups ?? []] }, false));
  return errors;
}
