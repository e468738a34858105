/**
 * Calendar days as the API writes them, 'YYYY-MM-DD' (spec 1 §9). Their arithmetic runs in
 * Etc/GMT, where every day has 24 hours, so it never depends on the machine's zone.
 */
import { addDays as addCalendarDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { tz } from '@date-fns/tz/tz';
import { parseApiDate } from './parse.ts';
import { DEFAULT_TIME_ZONE } from './zone.ts';
import { toApiDate } from './format.ts';

const gmt = tz(DEFAULT_TIME_ZONE);

function dayOrThrow(day: string): Date {
  const date = parseApiDate(day);
  if (!date) throw new RangeError(`not a day: ${day}`);
  return date;
}

/** The day `days` after (or before, when negative) `day`. Throws a RangeError when `day` is not one. */
export function addDays(day: string, days: number): string {
  return toApiDate(addCalendarDays(dayOrThrow(day), days, { in: gmt }));
}

/** The day `days` after `day`, or null when `day` is blank or not a real day. */
export function shiftApiDate(day: string | null | undefined, days: number): string | null {
  return day && parseApiDate(day) ? addDays(day, days) : null;
}

/** Whole days from `start` to `end` (negative when end is before start). Throws a RangeError when either is not a day. */
export function daysBetween(start: string, end: string): number {
  return differenceInCalendarDays(dayOrThrow(end), dayOrThrow(start), { in: gmt });
}
