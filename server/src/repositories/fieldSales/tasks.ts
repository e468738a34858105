/**
 * Field-sales tasks (spec 3 §3 "Task (field sales)", §4, §5): the rows, their series, the day each
 * holds for its representative, and the occurrences a scoped change reaches ("only this
 * recurrence" / "all next recurrences", spec 3 §2).
 */
import type { RecurrenceScope, Task, TaskAnswerItem, TaskStatus } from '@lp/shared/contract';
import { occupiesDay, taskEventState } from '@lp/shared/rules';
import type { MediaUrls } from '../../plugins/app/mediaLinks.ts';
import type { Db } from '../../db/database.ts';
import type { FieldTaskRow, FieldTaskTable, StoredRecurrence } from '../../db/tables/fieldSales.table.ts';
import type { Insertable, Updateable } from 'kysely';

export const dayKey = (representativeId: number, date: string): string => `${representativeId}:${date}`;

export function tasksQuery(db: Db, clientId: number) {
  return db.selectFrom('field_tasks')
    .innerJoin('users as rep', 'rep.id', 'field_tasks.representative_id')
    .leftJoin('field_questionnaires as q', 'q.id', 'field_tasks.questionnaire_id')
    .leftJoin('field_task_series as series', 'series.id', 'field_tasks.series_id')
    .selectAll('field_tasks')
    .select(['rep.full_name as representative_name', 'q.title as questionnaire_title', 'series.rule as series_rule'])
    .where('field_tasks.client_id', '=', clientId)
    .where('field_tasks.status', '!=', 'deleted');
}
export type TaskListRow = FieldTaskRow & { representative_name: string; questionnaire_title: string | null; series_rule: StoredRecurrence | null };

const check = (at: string | null, lat: number | null, lng: number | null, d: number | null) =>
  (at ? { at, latitude: lat, longitude: lng, distance_m: d } : null);

export function toTask(r: TaskListRow): Task {
  return {
    id: r.id, title: r.title, task_date: r.task_date, start_time: r.start_time, end_time: r.end_time, timezone: r.timezone,
    starts_at: r.starts_at, ends_at: r.ends_at,
    representative: { id: r.representative_id, full_name: r.representative_name },
    questionnaire_id: r.questionnaire_id, questionnaire_title: r.questionnaire_title,
    postal_code: r.postal_code, address: r.address, number: r.number, complement: r.complement, neighborhood: r.neighborhood,
    city: r.city, state: r.state, latitude: r.latitude, longitude: r.longitude, place_ref: r.place_ref,
    observation: r.observation, status: r.status, event_state: taskEventState(r.status),
    cancel_motive: r.cancel_motive, not_realized_reason: r.not_realized_reason,
    check_in: check(r.check_in_at, r.check_in_latitude, r.check_in_longitude, r.check_in_distance_m),
    check_out: check(r.check_out_at, r.check_out_latitude, r.check_out_longitude, r.check_out_distance_m),
    series_id: r.series_id, occurrence: r.occurrence, recurrence: r.series_rule ?? null,
    created_at: r.created_at, updated_at: r.updated_at,
  };
}

export async function readTask(db: Db, clientId: number, id: number): Promise<Task | undefined> {
  const row = await tasksQuery(db, clientId).where('field_tasks.id', '=', id).executeTakeFirst();
  return row ? toTask(row) : undefined;
}

export async function findTask(db: Db, clientId: number, id: number): Promise<FieldTaskRow | undefined> {
  return db.selectFrom('field_tasks').selectAll().where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', 'deleted').executeTakeFirst();
}

/** Whether the user belongs to the client (a representative must). */
export async function isClientUser(db: Db, clientId: number, userId: number): Promise<boolean> {
  return !!(await db.selectFrom('user_clients').select('user_id').where('client_id', '=', clientId).where('user_id', '=', userId).executeTakeFirst());
}

/** Of `dates`, those the representative already has a task on (canceled and deleted ones free the day). */
export async function takenDays(db: Db, clientId: number, representativeId: number, dates: readonly string[]): Promise<string[]> {
  if (!dates.length) return [];
  const keys = [...new Set(dates)].map((d) => dayKey(representativeId, d));
  const taken: string[] = [];
  // chunks keep the IN list inside both drivers' parameter limits (365 at most anyway)
  for (let i = 0; i < keys.length; i += 200) {
    const rows = await db.selectFrom('field_tasks').select('task_date').where('client_id', '=', clientId).where('day_key', 'in', keys.slice(i, i + 200)).execute();
    taken.push(...rows.map((r) => r.task_date));
  }
  return taken.sort();
}

export async function insertSeries(db: Db, clientId: number, rule: StoredRecurrence): Promise<number> {
  return (await db.insertInto('field_task_series').values({ client_id: clientId, rule: JSON.stringify(rule) }).returning('id').executeTakeFirstOrThrow()).id;
}

export type NewTask = Omit<Insertable<FieldTaskTable>, 'id' | 'client_id' | 'day_key' | 'status'>;

export async function insertTasks(db: Db, clientId: number, tasks: readonly NewTask[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < tasks.length; i += 100) {
    const chunk = tasks.slice(i, i + 100).map((t) => ({ ...t, client_id: clientId, status: 'pending' as const, day_key: dayKey(t.representative_id, t.task_date) }));
    const rows = await db.insertInto('field_tasks').values(chunk).returning('id').execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * The occurrences a change with `scope` reaches, in date order: the task itself, or it and the later
 * occurrences of its series that are still in `statuses`.
 */
export async function scopeTargets(db: Db, task: FieldTaskRow, scope: RecurrenceScope, statuses: readonly TaskStatus[]): Promise<FieldTaskRow[]> {
  if (scope === 'only_this' || task.series_id === null) return [task];
  return db.selectFrom('field_tasks').selectAll().where('client_id', '=', task.client_id).where('series_id', '=', task.series_id)
    .where('task_date', '>=', task.task_date).where('status', 'in', [...statuses]).orderBy('task_date').orderBy('id').execute();
}

/** Frees the days of `ids` (before they move: a series shifted by one day must not meet itself). */
export async function releaseDays(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.updateTable('field_tasks').set({ day_key: null }).where('id', 'in', [...ids]).execute();
}

export async function updateTask(db: Db, id: number, values: Updateable<FieldTaskTable>): Promise<void> {
  const status = values.status;
  const withKey = values.representative_id !== undefined && values.task_date !== undefined && (status === undefined || occupiesDay(status))
    ? { day_key: dayKey(Number(values.representative_id), String(values.task_date)) } : {};
  await db.updateTable('field_tasks').set({ ...values, ...withKey, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Moves tasks to `status` (canceled / deleted free their day); only those still in `from`. */
export async function setStatus(db: Db, ids: readonly number[], from: readonly TaskStatus[], status: TaskStatus, extra: Updateable<FieldTaskTable> = {}): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.updateTable('field_tasks')
    .set({ ...extra, status, updated_at: new Date(), ...(occupiesDay(status) ? {} : { day_key: null }) })
    .where('id', 'in', [...ids]).where('status', 'in', [...from]).returning('id').execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function taskAnswers(db: Db, taskId: number, urls: MediaUrls): Promise<TaskAnswerItem[]> {
  const rows = await db.selectFrom('field_task_answers').selectAll().where('task_id', '=', taskId).orderBy('id').execute();
  return rows.map((a) => ({
    question_id: a.question_id, step_title: a.step_title, question_text: a.question_text, question_type: a.question_type,
    value: a.value, display: a.display, file_url: a.question_type === 'photo' && a.value.file ? urls(a.value.file) : null, answered_at: a.answered_at,
  }));
}
