/**
 * Reading dates as the API writes them (spec 1 §9): days as 'YYYY-MM-DD', date-times as
 * 'YYYY-MM-DDTHH:mm:ssZ' (Z an offset or 'Z'). The shapes are checked strictly here; date-fns
 * reads the values and refuses what the calendar does not hold (31 February, 24:00).
 */
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { tz } from '@date-fns/tz/tz';
import { DEFAULT_TIME_ZONE, fromWallClock, isValidTimezone } from './zone.ts';

const API_DATE = /^\d{4}-\d{2}-\d{2}$/;
// the date, a 'T' or a space, the time (seconds and fractions optional), and an optional offset
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,6})?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;
/** The widest offset in use (Pacific/Kiritimati, +14:00). */
const MAX_OFFSET_MINUTES = 14 * 60;

const gmt = tz(DEFAULT_TIME_ZONE);

/** A real calendar day written 'YYYY-MM-DD', as its midnight in Etc/GMT; null when it is not one. */
export function parseApiDate(text: string | null | undefined): Date | null {
  if (typeof text !== 'string' || !API_DATE.test(text)) return null;
  const day = parseISO(text, { in: gmt });
  return isValid(day) ? new Date(day.getTime()) : null;
}

/** Whether the text is a real calendar day written 'YYYY-MM-DD' (spec 1 §9: how days are sent). */
export function isApiDate(text: string | null | undefined): text is string {
  return parseApiDate(text) !== null;
}

/**
 * A date-time as the API or a form writes it. With an offset ('…T19:00:00-03:00', '…Z') it names
 * that instant; without one ('2026-11-23 19:00:00', a picker's '2026-11-23T19:00') it is a
 * wall-clock time in `zone`. Null when it is not a real date and time, or `zone` is unknown.
 */
export function parseDateTime(text: string | null | undefined, zone: string = DEFAULT_TIME_ZONE): Date | null {
  const m = typeof text === 'string' ? DATE_TIME.exec(text.trim()) : null;
  if (!m) return null;
  const [, day, hour, minute, second = '00', fraction = '', offset] = m;
  if (offset) {
    const digits = offset.replace(':', '');
    if (offset !== 'Z' && Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)) > MAX_OFFSET_MINUTES) return null;
    const at = parseISO(`${day}T${hour}:${minute}:${second}${fraction}${offset}`);
    return isValid(at) ? at : null;
  }
  if (!isValidTimezone(zone)) return null;
  // read the wall clock as written (parseISO checks the calendar), then place it in the zone
  const wall = parseISO(`${day}T${hour}:${minute}:${second}${fraction}`, { in: gmt });
  if (!isValid(wall)) return null;
  return fromWallClock({
    year: wall.getFullYear(), month: wall.getMonth() + 1, day: wall.getDate(),
    hour: wall.getHours(), minute: wall.getMinutes(), second: wall.getSeconds(), millisecond: wall.getMilliseconds(),
  }, zone);
}

/** An instant the API sent: a date-time with its offset ('…Z' or '…±hh:mm'); null for anything else. */
export function parseApiDateTime(text: string | null | undefined): Date | null {
  const m = typeof text === 'string' ? DATE_TIME.exec(text.trim()) : null;
  return m?.[6] ? parseDateTime(text) : null;
}

/** A value a screen received: a Date, an API date-time or an API day (its midnight in Etc/GMT); null when unreadable. */
export function toInstant(value: Date | string | null | undefined): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !value) return null;
  return parseApiDate(value) ?? parseDateTime(value);
}
