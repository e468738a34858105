import { FIELD_SALES_PATHS, type Task } from '@lp/shared/contract';
import { todayApiDate, userTimeZone } from '@lp/shared/rules';

/** The operator's list request: today (1 day) or this week (7 days) from the device's today. */
export const myTasksPath = (range: 'today' | 'week', zone: string = userTimeZone(), now: Date = new Date()): string =>
  `${FIELD_SALES_PATHS.myTasks}?from=${todayApiDate(zone, now)}&days=${range === 'today' ? 1 : 7}`;

/** A task's address on one line: street and number — neighbourhood — city. */
export const taskAddress = (task: Pick<Task, 'address' | 'number' | 'neighborhood' | 'city'>): string =>
  [[task.address, task.number].filter(Boolean).join(', '), task.neighborhood, task.city].filter(Boolean).join(' — ');
