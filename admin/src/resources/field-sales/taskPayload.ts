import type { RecurrenceInput, Task, TaskInput, TaskUpdate } from '@lp/shared/contract';
import { addressRefusal, endsAfterStart, guessTimezone } from '@lp/shared/rules';
import { nestErrors, translatedErrors } from '../../common/editor/index.ts';

/** The address fields a search result fills (spec 3 §3; never typed: spec 3 §5). */
export const ADDRESS_FIELDS = ['postal_code', 'address', 'number', 'complement', 'neighborhood', 'city', 'state', 'latitude', 'longitude', 'place_ref'] as const;

export interface TaskFormValues extends Partial<Omit<TaskInput, 'recurrence'>> {
  representative?: Task['representative'];
  /** '' = no recurrence */
  frequency?: RecurrenceInput['frequency'] | '';
  count?: number;
  interval?: number;
  unit?: RecurrenceInput['unit'];
  weekdays?: number[];
  scope?: TaskUpdate['scope'];
}

export const newTask = (): TaskFormValues => ({
  title: '', task_date: '', start_time: '09:00', end_time: '10:00', timezone: guessTimezone(), observation: '', frequency: '', count: 1,
  ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, null])),
});

/** A task as the form edits it (the representative as its id). */
export const taskForm = (task: Task): TaskFormValues => ({ ...task, representative_id: task.representative.id, scope: 'only_this', frequency: '' });

function recurrenceOf(v: TaskFormValues): RecurrenceInput | null {
  if (!v.frequency) return null;
  return {
    frequency: v.frequency, count: Number(v.count ?? 1),
    ...(v.frequency === 'custom' ? { interval: Number(v.interval ?? 1), unit: v.unit ?? 'days' } : {}),
    ...((v.frequency === 'weekly' || (v.frequency === 'custom' && v.unit === 'weeks')) && v.weekdays?.length ? { weekdays: v.weekdays } : {}),
  };
}

function fields(v: TaskFormValues): Omit<TaskInput, 'recurrence'> {
  const address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, v[f] ?? null])) as Pick<TaskInput, (typeof ADDRESS_FIELDS)[number]>;
  return {
    ...address, title: v.title ?? '', task_date: v.task_date ?? '', start_time: v.start_time ?? '', end_time: v.end_time ?? '',
    timezone: v.timezone ?? '', representative_id: Number(v.representative_id), questionnaire_id: v.questionnaire_id ?? null, observation: v.observation ?? '',
  };
}

export const createPayload = (v: TaskFormValues): TaskInput => ({ ...fields(v), recurrence: recurrenceOf(v) });
export const updatePayload = (v: TaskFormValues): TaskUpdate => ({ ...fields(v), scope: v.scope ?? 'only_this' });

/** The checks the server makes too (spec 3 §5): the address from the search list, times in order. */
export function validateTaskForm(v: TaskFormValues): Record<string, unknown> {
  const errors: Record<string, string> = {};
  const required = 'make_sure_that_all_fields_are_filled_in';
  for (const f of ['task_date', 'start_time', 'end_time', 'timezone', 'representative_id'] as const) if (!v[f]) errors[f] = required;
  if (v.start_time && v.end_time && !endsAfterStart(v.start_time, v.end_time)) errors.end_time = 'validation_error';
  const address = addressRefusal({ address: v.address ?? null, latitude: v.latitude ?? null, longitude: v.longitude ?? null, place_ref: v.place_ref ?? null });
  if (address) errors.address = address;
  if (v.frequency && (!v.count || v.count < 1)) errors.count = required;
  if (v.frequency && (v.count ?? 0) > 365) errors.count = 'recurrence_above_limit';
  return nestErrors(translatedErrors(errors));
}

/**
 * The calendar's drag to another day (spec 3 §2 "drag to reschedule"): the task as it is, on
 * `day`, this occurrence only — the same PUT as the form, so the server makes the same checks.
 */
export const rescheduleBody = (task: Task, day: string): TaskUpdate => updatePayload({ ...taskForm(task), task_date: day, scope: 'only_this' });
