/**
 * The operator's side of field-sales tasks (spec 3 §1 "check-in/check-out for operators/
 * representatives"): their own tasks, the check-in and check-out with time and position, the
 * answers saved one by one, and "not realized". Each status change is one conditional update, so a
 * repeated or simultaneous request cannot apply twice.
 */
import type { FieldAnswerValue, TaskStatus } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { FieldTaskRow } from '../../db/tables/fieldSales.table.ts';
import { tasksQuery, toTask } from './tasks.ts';

export async function myTasks(db: Db, clientId: number, userId: number, from: string, to: string) {
  const rows = await tasksQuery(db, clientId).where('field_tasks.representative_id', '=', userId)
    .where('field_tasks.task_date', '>=', from).where('field_tasks.task_date', '<=', to)
    .orderBy('field_tasks.starts_at').orderBy('field_tasks.id').execute();
  return rows.map(toTask);
}

export async function findMyTask(db: Db, clientId: number, userId: number, id: number): Promise<FieldTaskRow | undefined> {
  return db.selectFrom('field_tasks').selectAll().where('id', '=', id).where('client_id', '=', clientId)
    .where('representative_id', '=', userId).where('status', '!=', 'deleted').executeTakeFirst();
}

export interface CheckPoint { at: Date; latitude: number | null; longitude: number | null; distance_m: number | null }

/** pending → in_progress with the check-in; false when the task was no longer pending. */
export async function checkIn(db: Db, id: number, p: CheckPoint): Promise<boolean> {
  const r = await db.updateTable('field_tasks').set({
    status: 'in_progress', check_in_at: p.at, check_in_latitude: p.latitude, check_in_longitude: p.longitude, check_in_distance_m: p.distance_m, updated_at: new Date(),
  }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** in_progress → realized with the check-out. */
export async function checkOut(db: Db, id: number, p: CheckPoint): Promise<boolean> {
  const r = await db.updateTable('field_tasks').set({
    status: 'realized', check_out_at: p.at, check_out_latitude: p.latitude, check_out_longitude: p.longitude, check_out_distance_m: p.distance_m, updated_at: new Date(),
  }).where('id', '=', id).where('status', '=', 'in_progress').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markNotRealized(db: Db, id: number, from: readonly TaskStatus[], reason: string): Promise<boolean> {
  const r = await db.updateTable('field_tasks').set({ status: 'not_realized', not_realized_reason: reason, updated_at: new Date() })
    .where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface AnswerWrite {
  task_id: number;
  question_id: number;
  step_title: string;
  question_text: string;
  question_type: import('@lp/shared/rules').FieldQuestionType;
  value: FieldAnswerValue;
  display: string;
  /** a photo answer: the tus upload its file came from */
  upload_id?: string | null;
}

/** The answer already given to one question of a task (a photo answer sent again is recognised by it). */
export const givenAnswer = (db: Db, taskId: number, questionId: number) =>
  db.selectFrom('field_task_answers').select(['value', 'upload_id']).where('task_id', '=', taskId).where('question_id', '=', questionId).executeTakeFirst();

/** Saves (or replaces) one question's answer: the autosave writes each answer as it is given. */
export async function saveAnswer(db: Db, a: AnswerWrite): Promise<void> {
  const values = { ...a, value: JSON.stringify(a.value), answered_at: new Date(), upload_id: a.upload_id ?? null };
  await db.insertInto('field_task_answers').values(values)
    .onConflict((oc) => oc.columns(['task_id', 'question_id']).doUpdateSet({
      value: values.value, display: values.display, answered_at: values.answered_at, step_title: a.step_title, question_text: a.question_text, upload_id: values.upload_id,
    }))
    .execute();
}
