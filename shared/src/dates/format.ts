/**
 * Writing dates (spec 1 §9): shown DD/MM/YYYY for user languages 1 and 3 and MM-DD-YYYY
 * otherwise, times as HH:mm in the user's timezone, the default zone Etc/GMT; sent as 'YYYY-MM-DD'
 * or 'YYYY-MM-DDTHH:mm:ss±hh:mm'. date-fns writes the patterns, @date-fns/tz supplies the zone.
 */
import { lightFormat } from 'date-fns/lightFormat';
import { TZDateMini } from '@date-fns/tz/date/mini';
import { parseApiDate, toInstant } from './parse.ts';
import { DEFAULT_TIME_ZONE, formatOffset, timezoneOffsetMinutes, zoneOr } from './zone.ts';

/** A value to show: a Date, an API date-time, or an API day. */
export type DateInput = Date | string | null | undefined;

export interface TimeOptions {
  /** HH:mm:ss instead of HH:mm */
  seconds?: boolean;
}

/** spec 1 §9: the day pattern of a user language. */
export const datePattern = (languageId: number): string => (languageId === 1 || languageId === 3 ? 'dd/MM/yyyy' : 'MM-dd-yyyy');
const timePattern = (options: TimeOptions) => (options.seconds ? 'HH:mm:ss' : 'HH:mm');

/** The instant written with a date-fns pattern as the wall clock of `zone` reads it; '' when there is no instant. */
export function formatInZone(value: DateInput, zone: string, pattern: string): string {
  const at = toInstant(value);
  return at ? lightFormat(new TZDateMini(at.getTime(), zoneOr(zone)), pattern) : '';
}

/**
 * The day, DD/MM/YYYY or MM-DD-YYYY by the language (spec 1 §9); '' when there is none.
 * An instant is shown on its day in `zone`; an API day ('2026-11-23') has no zone and is shown
 * as it is written.
 */
export function formatDate(value: DateInput, languageId: number, zone: string = DEFAULT_TIME_ZONE): string {
  if (typeof value === 'string' && parseApiDate(value)) return formatInZone(value, DEFAULT_TIME_ZONE, datePattern(languageId));
  return formatInZone(value, zone, datePattern(languageId));
}

/** The day and the time (spec 1 §9 order, 24-hour clock) in `zone`: '23/11/2026 19:00'. */
export function formatDateTime(value: DateInput, languageId: number, zone: string = DEFAULT_TIME_ZONE, options: TimeOptions = {}): string {
  return formatInZone(value, zone, `${datePattern(languageId)} ${timePattern(options)}`);
}

/** The time of day in `zone`, HH:mm (or HH:mm:ss). */
export function formatTime(value: DateInput, zone: string = DEFAULT_TIME_ZONE, options: TimeOptions = {}): string {
  return formatInZone(value, zone, timePattern(options));
}

function instantOrThrow(value: Date | string): Date {
  const at = toInstant(value);
  if (!at) throw new RangeError(`not a date: ${String(value)}`);
  return at;
}

/** The day sent to the API, 'YYYY-MM-DD': the instant's day in `zone` (Etc/GMT by default). */
export function toApiDate(value: Date | string, zone: string = DEFAULT_TIME_ZONE): string {
  return formatInZone(instantOrThrow(value), zone, 'yyyy-MM-dd');
}

/** The date-time sent to the API, 'YYYY-MM-DDTHH:mm:ss±hh:mm', with the offset `zone` has at that instant. */
export function toApiDateTime(value: Date | string, zone: string = DEFAULT_TIME_ZONE): string {
  const at = instantOrThrow(value);
  const valid = zoneOr(zone);
  return `${formatInZone(at, valid, "yyyy-MM-dd'T'HH:mm:ss")}${formatOffset(timezoneOffsetMinutes(valid, at))}`;
}

/** The last day todayApiDate wrote, with the zone and the minute it holds for. */
let lastToday: { zone: string; minute: number; day: string } | null = null;

/**
 * Today's day in `zone` (spec 4 "Dates": days are GMT unless a zone is given). A day changes on
 * a whole minute in every zone, so the day of the last minute asked is kept: a server asks it on
 * every learner test request, and writing it in a zone costs more than the rest of the check.
 */
export function todayApiDate(zone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastToday?.zone === zone && lastToday.minute === minute) return lastToday.day;
  const day = toApiDate(now, zone);
  lastToday = { zone, minute, day };
  return day;
}

/** A date-time picker's value (an `<input type="datetime-local">`): the wall clock of `zone`, 'YYYY-MM-DDTHH:mm'. */
export const toPickerDateTime = (value: DateInput, zone: string): string => formatInZone(value, zone, "yyyy-MM-dd'T'HH:mm");
