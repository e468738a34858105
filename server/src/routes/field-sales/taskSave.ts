/**
 * Saving tasks (spec 3 §5 "Field-sales tasks"): the checks every save makes — times, timezone,
 * the representative and questionnaire of the client, the address from the search list — and the
 * day rule checked for EVERY occurrence: a series is refused with "Cannot create recurrence. The
 * user already has events for the day", a single task (or one occurrence) with "The representative
 * already has events for the selected day". The unique day key makes the check hold under
 * simultaneous saves.
 */
import type { ErrorCode, RecurrenceScope, TaskInput, TaskUpdate } from '@lp/shared/contract';
import { addDays, addressRefusal, daysBetween, endsAfterStart, isTaskEditable, isValidTimezone } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { FieldTaskRow } from '../../db/tables/fieldSales.table.ts';
import { expandRecurrence, occurrenceInstants, recurrenceRefusal } from '../../fieldSales/recurrence.ts';
import { HttpError } from '../../lib/httpError.ts';
import { findQuestionnaire } from '../../repositories/fieldSales/questionnaires.ts';
import {
  insertSeries, insertTasks, isClientUser, releaseDays, scopeTargets, takenDays, updateTask, type NewTask,
} from '../../repositories/fieldSales/tasks.ts';
import { taskNotFound } from './common.ts';

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

type Fields = Omit<TaskInput, 'recurrence'>;

const refuse = (status: number, code: ErrorCode, detail: string, fields?: Record<string, ErrorCode>) => new HttpError(status, code, detail, fields);

/** spec 3 §8 the day messages: a series (or several occurrences) vs one task. */
function dayConflict(series: boolean, days: readonly string[]): HttpError {
  return series
    ? refuse(409, 'cannot_create_recurrence_user_has_events_for_the_day', `Cannot create recurrence. The user already has events for the day (${days.join(', ')})`, { task_date: 'cannot_create_recurrence_user_has_events_for_the_day' })
    : refuse(409, 'representative_already_has_events_for_the_selected_day', 'The representative already has events for the selected day', { representative_id: 'representative_already_has_events_for_the_selected_day' });
}

/** The checks of the fields every save sends. */
async function checkFields(db: Db, clientId: number, f: Fields): Promise<void> {
  const fields: Record<string, ErrorCode> = {};
  if (!endsAfterStart(f.start_time, f.end_time)) fields.end_time = 'validation_error';
  if (!isValidTimezone(f.timezone)) fields.timezone = 'validation_error';
  if (Number.isNaN(Date.parse(`${f.task_date}T00:00:00Z`))) fields.task_date = 'validation_error';
  const address = addressRefusal(f);
  if (address) fields.address = address;
  if (!(await isClientUser(db, clientId, f.representative_id))) fields.representative_id = 'validation_error';
  if (f.questionnaire_id && !(await findQuestionnaire(db, clientId, f.questionnaire_id))) fields.questionnaire_id = 'validation_error';
  if (Object.keys(fields).length) {
    const code = fields.address ?? (Object.values(fields).includes(REQUIRED) ? REQUIRED : 'validation_error');
    throw refuse(400, code, code === 'address_must_be_selected_from_search' ? 'The address must be selected from the search list' : 'The task data is not valid', fields);
  }
}

/** The columns of one occurrence on `date`. */
function occurrenceValues(f: Fields, date: string) {
  return {
    title: f.title?.trim() ?? '', task_date: date, start_time: f.start_time, end_time: f.end_time, timezone: f.timezone,
    ...occurrenceInstants(date, f.start_time, f.end_time, f.timezone),
    representative_id: f.representative_id, questionnaire_id: f.questionnaire_id ?? null,
    postal_code: f.postal_code, address: f.address, number: f.number, complement: f.complement, neighborhood: f.neighborhood,
    city: f.city, state: f.state, latitude: f.latitude, longitude: f.longitude, place_ref: f.place_ref,
    observation: f.observation?.trim() ?? '',
  };
}

/** Creates one task or a series; answers the ids in date order. */
export async function createTasks(db: Db, clientId: number, userId: number, input: TaskInput): Promise<number[]> {
  await checkFields(db, clientId, input);
  const rule = input.recurrence ?? null;
  if (rule) {
    const refusal = recurrenceRefusal(rule);
    if (refusal === 'recurrence_above_limit') throw refuse(400, refusal, 'Recurrence at most 365', { 'recurrence.count': refusal });
    if (refusal) throw refuse(400, 'error_saving_task_recurrence', 'The recurrence is not valid', { recurrence: 'validation_error' });
  }
  const dates = rule ? expandRecurrence(input.task_date, rule) : [input.task_date];
  const taken = await takenDays(db, clientId, input.representative_id, dates);
  if (taken.length) throw dayConflict(rule !== null, taken);
  const seriesId = rule ? await insertSeries(db, clientId, rule) : null;
  const rows: NewTask[] = dates.map((date, i) => ({ ...occurrenceValues(input, date), series_id: seriesId, occurrence: rule ? i + 1 : null, created_by: userId }));
  try {
    return await insertTasks(db, clientId, rows);
  } catch (e) {
    // a simultaneous save took one of the days between the check and the insert
    if (isUniqueViolation(e)) throw dayConflict(rule !== null, []);
    throw e;
  }
}

/**
 * Edits an occurrence (scope only_this) or it and the later pending ones of its series (all_next):
 * each gets the fields, and a changed date moves each by the same number of days; every moved or
 * reassigned occurrence is checked against the representative's other days.
 */
export async function updateTasks(db: Db, clientId: number, task: FieldTaskRow, input: TaskUpdate): Promise<number[]> {
  if (!isTaskEditable(task.status)) throw refuse(409, 'task_not_editable', 'Only a pending task can be changed');
  await checkFields(db, clientId, input);
  const scope: RecurrenceScope = input.scope ?? 'only_this';
  const targets = await scopeTargets(db, task, scope, ['pending']);
  const shift = daysBetween(task.task_date, input.task_date);
  const moved = targets.map((t) => ({ row: t, date: addDays(t.task_date, shift) }));
  const ids = moved.map((m) => m.row.id);
  await releaseDays(db, ids);
  const taken = await takenDays(db, clientId, input.representative_id, moved.map((m) => m.date));
  if (taken.length) throw dayConflict(moved.length > 1, taken);
  try {
    for (const m of moved) await updateTask(db, m.row.id, { ...occurrenceValues(input, m.date), status: 'pending' });
  } catch (e) {
    if (isUniqueViolation(e)) throw dayConflict(moved.length > 1, []);
    throw e;
  }
  return ids;
}

export function requireTask<T>(row: T | undefined): T {
  if (!row) throw taskNotFound();
  return row;
}
