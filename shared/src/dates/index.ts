/**
 * The one place dates are read, written and moved between zones (spec 1 §9), on date-fns and
 * @date-fns/tz. Screens and rules import these; none builds a date string by hand.
 */
export {
  DEFAULT_TIME_ZONE, fromWallClock, formatOffset, guessTimezone, isValidTimezone, timezoneOffsetMinutes, timezoneOptions, userTimeZone, zoneOr,
  type TimezoneOption, type WallClock,
} from './zone.ts';
export { isApiDate, parseApiDate, parseApiDateTime, parseDateTime, toInstant } from './parse.ts';
export {
  datePattern, formatDate, formatDateTime, formatInZone, formatTime, toApiDate, toApiDateTime, toPickerDateTime, todayApiDate,
  type DateInput, type TimeOptions,
} from './format.ts';
export { addDays, daysBetween, shiftApiDate } from './days.ts';
export { formatLongDay, formatMonthHeading, formatMonthName, formatRelativeTime, formatWeekday, intlLocale } from './labels.ts';
