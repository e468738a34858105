/**
 * Calendar rules shared by the learner calendar and the admin schedule (spec 1 §2.2 calendar,
 * spec 3 §2 calendar and schedule): months, the month grid (whole weeks), the range a grid asks
 * the server for, and the calendar day of an instant in the viewer's time zone (spec 1 §9 times
 * are shown in the user's zone). Days are 'YYYY-MM-DD' strings, computed in UTC so the result
 * never depends on the machine's zone.
 */

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

/** The longest range one calendar call may ask for: a six-week grid, with room to spare. */
export const CALENDAR_MAX_DAYS = 62;

const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

const pad = (n: number) => String(n).padStart(2, '0');

export function toDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A valid calendar day as a UTC midnight, or null ('2026-02-30' is not one). */
export function parseDay(day: string): Date | null {
  const match = DAY_RE.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return toDay(date) === day ? date : null;
}

export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  if (!date) throw new RangeError(`not a day: ${day}`);
  return toDay(new Date(date.getTime() + days * DAY_MS));
}

/** Whole days from `start` to `end` (negative when end is before start). */
export function daysBetween(start: string, end: string): number {
  const a = parseDay(start);
  const b = parseDay(end);
  if (!a || !b) throw new RangeError(`not days: ${start}, ${end}`);
  return Math.round((b.getTime() - a.getTime()) / DAY_MS);
}

/** '2026-11' → {year: 2026, month: 11}; null when not a month. */
export function parseMonth(text: string): YearMonth | null {
  const match = MONTH_RE.exec(text);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

export const formatMonth = ({ year, month }: YearMonth): string => `${year}-${pad(month)}`;

export function monthOfDay(day: string): YearMonth {
  const date = parseDay(day);
  if (!date) throw new RangeError(`not a day: ${day}`);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12 + 12) % 12 + 1 };
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The month as whole weeks (each seven days, the first holding the 1st), starting on
 * `weekStartsOn` (0 Sunday … 6 Saturday). Days of the neighbouring months fill the edges.
 */
export function monthGrid(ym: YearMonth, weekStartsOn = 0): string[][] {
  const first = new Date(Date.UTC(ym.year, ym.month - 1, 1));
  const lead = (first.getUTCDay() - weekStartsOn + 7) % 7;
  const start = toDay(new Date(first.getTime() - lead * DAY_MS));
  const total = lead + daysInMonth(ym);
  const weeks = Math.ceil(total / 7);
  return Array.from({ length: weeks }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)));
}

/** The first and last day a grid shows: what the calendar asks the server for. */
export function gridRange(grid: readonly (readonly string[])[]): { start: string; end: string } {
  const start = grid[0]?.[0];
  const end = grid[grid.length - 1]?.[6];
  if (!start || !end) throw new RangeError('empty grid');
  return { start, end };
}

export type CalendarRangeError = 'validation_error' | 'calendar_range_too_long';

/** A calendar query's range: two days, start ≤ end, at most CALENDAR_MAX_DAYS days. */
export function validateCalendarRange(start: string, end: string): CalendarRangeError | null {
  if (!parseDay(start) || !parseDay(end)) return 'validation_error';
  const days = daysBetween(start, end);
  if (days < 0) return 'validation_error';
  return days + 1 > CALENDAR_MAX_DAYS ? 'calendar_range_too_long' : null;
}

/** The calendar day an instant falls on in `timeZone` (spec 1 §9: times in the user's zone). */
export function dayInZone(instant: string | Date, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  } catch {
    return toDay(date);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
