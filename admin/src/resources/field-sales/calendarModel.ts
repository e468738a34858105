import type { Task, TaskStatus } from '@lp/shared/contract';
import { addDays, formatMonth, gridRange, monthGrid, monthOfDay, shiftMonth } from '@lp/shared/rules';

/**
 * The admin calendar of tasks (spec 3 §2 "Admin calendar of tasks: month/week/day views per
 * representative with filters"): which days a view shows, how it steps, and how the tasks fall
 * into its cells. Days are 'YYYY-MM-DD' wall-clock days of the tasks (their `task_date`).
 */
export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export interface CalendarFilters {
  representative_id: number | null;
  status: TaskStatus | null;
}

/** The Monday of the week holding `day` (the calendar's weeks start on Monday, as the month grid's). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, weekday === 0 ? -6 : 1 - weekday);
}

/** The days a view of `anchor` shows, first to last (a month: its whole weeks). */
export function viewRange(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: anchor, to: anchor };
  if (view === 'week') return { from: mondayOf(anchor), to: addDays(mondayOf(anchor), 6) };
  const { start, end } = gridRange(monthGrid(monthOfDay(anchor), 1));
  return { from: start, to: end };
}

/** The anchor one view back (-1) or forward (+1): a day, a week, or the same day of the next month (its 1st). */
export function shiftAnchor(view: CalendarView, anchor: string, delta: -1 | 1): string {
  if (view === 'day') return addDays(anchor, delta);
  if (view === 'week') return addDays(anchor, 7 * delta);
  return `${formatMonth(shiftMonth(monthOfDay(anchor), delta))}-01`;
}

/** The tasks the filters keep, by day and start time. */
export function filterTasks(tasks: readonly Task[], f: CalendarFilters): Task[] {
  return tasks
    .filter((t) => (f.representative_id === null || t.representative.id === f.representative_id) && (f.status === null || t.status === f.status))
    .sort((a, b) => a.task_date.localeCompare(b.task_date) || a.start_time.localeCompare(b.start_time) || a.id - b.id);
}

/** The representatives of a set of tasks, by name. */
export function representativesOf(tasks: readonly Task[]): Task['representative'][] {
  const people = new Map<number, Task['representative']>();
  for (const t of tasks) people.set(t.representative.id, t.representative);
  return [...people.values()].sort((a, b) => a.full_name.localeCompare(b.full_name));
}

/** Representatives (rows) × the seven days (columns) of one week. */
export function weekGrid(tasks: readonly Task[], monday: string) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const sorted = filterTasks(tasks, { representative_id: null, status: null });
  const rows = representativesOf(tasks).map(({ id, full_name }) => ({
    id, name: full_name, cells: days.map((d) => sorted.filter((t) => t.representative.id === id && t.task_date === d)),
  }));
  return { days, rows };
}

/** The month of `anchor` as weeks of days, each day with its tasks and whether it belongs to the month. */
export function monthCells(tasks: readonly Task[], anchor: string) {
  const month = formatMonth(monthOfDay(anchor));
  const sorted = filterTasks(tasks, { representative_id: null, status: null });
  return monthGrid(monthOfDay(anchor), 1).map((week) => week.map((day) => ({
    day, inMonth: day.startsWith(month), tasks: sorted.filter((t) => t.task_date === day),
  })));
}

/**
 * One day per representative: the tasks in time order — the route of the day (spec 3 §2 "the
 * day's route of a representative"); `stops` are the ones with coordinates, numbered as visited.
 */
export function dayRoutes(tasks: readonly Task[], day: string) {
  const sorted = filterTasks(tasks, { representative_id: null, status: null }).filter((t) => t.task_date === day);
  return representativesOf(sorted).map(({ id, full_name }) => {
    const mine = sorted.filter((t) => t.representative.id === id);
    return {
      id, name: full_name, tasks: mine,
      // numbered as the day's list (a canceled visit or one without coordinates is no stop, and keeps its number)
      stops: mine.map((t, i) => ({ t, n: i + 1 })).filter(({ t }) => t.latitude !== null && t.longitude !== null && t.status !== 'canceled')
        .map(({ t, n }) => ({ latitude: t.latitude!, longitude: t.longitude!, label: `${n}. ${t.start_time} ${t.title || t.address || ''}`.trim(), n })),
    };
  });
}

/**
 * Whether a task may be dragged to `day` (spec 3 §2 "drag to reschedule"): only a pending task
 * (spec 3 §4: only a pending task is edited), to another day, within its own representative's
 * row in the week view. The server checks the representative's day all the same.
 */
export function canDropOn(task: Task, day: string, representativeId?: number): boolean {
  return task.status === 'pending' && task.task_date !== day && (representativeId === undefined || representativeId === task.representative.id);
}
