/**
 * Calendar rules shared by the learner calendar and the admin schedule (spec 1 §2.2 calendar,
 * spec 3 §2 calendar and schedule): months, the month grid (whole weeks), and the range a grid
 * asks the server for. Days are 'YYYY-MM-DD' strings read and written by the date module, in
 * Etc/GMT, so the result never depends on the machine's zone.
 */
import { eachDayOfInterval } from 'date-fns/eachDayOfInterval';
import { endOfMonth } from 'date-fns/endOfMonth';
import { endOfWeek } from 'date-fns/endOfWeek';
import { getDaysInMonth } from 'date-fns/getDaysInMonth';
import { startOfWeek } from 'date-fns/startOfWeek';
import type { Day } from 'date-fns';
import type { CalendarItem } from '../contract/calendar.ts';
import { tz } from '@date-fns/tz/tz';
import { DEFAULT_TIME_ZONE, daysBetween, parseApiDate, toApiDate } from '../dates/index.ts';

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

/** The longest range one calendar call may ask for: a six-week grid, with room to spare. */
export const CALENDAR_MAX_DAYS = 62;

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const gmt = tz(DEFAULT_TIME_ZONE);

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11' → {year: 2026, month: 11}; null when not a month. */
export function parseMonth(text: string): YearMonth | null {
  const match = MONTH_RE.exec(text);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

export const formatMonth = ({ year, month }: YearMonth): string => `${year}-${pad(month)}`;

export function monthOfDay(day: string): YearMonth {
  const date = parseApiDate(day);
  if (!date) throw new RangeError(`not a day: ${day}`);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12 + 12) % 12 + 1 };
}

/** The month's first day, at its midnight in Etc/GMT. */
const firstDay = (ym: YearMonth): Date => parseApiDate(`${formatMonth(ym)}-01`)!;

export function daysInMonth(ym: YearMonth): number {
  return getDaysInMonth(firstDay(ym), { in: gmt });
}

/**
 * The month as whole weeks (each seven days, the first holding the 1st), starting on
 * `weekStartsOn` (0 Sunday … 6 Saturday). Days of the neighbouring months fill the edges.
 */
export function monthGrid(ym: YearMonth, weekStartsOn: Day = 0): string[][] {
  const first = firstDay(ym);
  const days = eachDayOfInterval({
    start: startOfWeek(first, { weekStartsOn, in: gmt }),
    end: endOfWeek(endOfMonth(first, { in: gmt }), { weekStartsOn, in: gmt }),
  }, { in: gmt }).map((day) => toApiDate(day));
  return Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
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
  if (!parseApiDate(start) || !parseApiDate(end)) return 'validation_error';
  const days = daysBetween(start, end);
  if (days < 0) return 'validation_error';
  return days + 1 > CALENDAR_MAX_DAYS ? 'calendar_range_too_long' : null;
}

/**
 * The home's "schedule" block (spec 1 §2.2, spec 3 §2 home): how many days of the learner's
 * calendar it reads, how many items it shows, and how long after its start an instant (a live
 * class, a transmission) still shows — one that has just begun can still be joined.
 */
export const HOME_SCHEDULE = { days: 30, size: 5, graceMinutes: 60 } as const;

type ScheduleItem = Pick<CalendarItem, 'date' | 'starts_at' | 'title'>;

/** When an item happens: an instant's own time, a dated item's midnight in Etc/GMT. */
const momentOf = (item: ScheduleItem): number => (item.starts_at ? new Date(item.starts_at).getTime() : parseApiDate(item.date ?? '')?.getTime() ?? 0);

/**
 * The next items of a calendar answer: dated items from today (Etc/GMT), instants from
 * `graceMinutes` ago, soonest first (then by title), at most `size`.
 */
export function upcomingSchedule<T extends ScheduleItem>(items: readonly T[], now: Date, size: number = HOME_SCHEDULE.size): T[] {
  const today = toApiDate(now);
  const since = now.getTime() - HOME_SCHEDULE.graceMinutes * 60_000;
  return items
    .filter((item) => (item.starts_at ? new Date(item.starts_at).getTime() >= since : item.date !== null && item.date >= today))
    .sort((a, b) => momentOf(a) - momentOf(b) || a.title.localeCompare(b.title))
    .slice(0, size);
}
