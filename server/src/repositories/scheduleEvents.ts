/**
 * The calendar items administrators write (spec 1 §2.3 schedule/{id}, spec 3 §2 schedule): the
 * admin's rows with their audience, and the items of a range as the calendars show them — every
 * one of the client in the admin schedule, those whose audience holds the learner in the learner
 * calendar and the home's schedule block.
 */
import type { CalendarItem, ScheduleEvent } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { ScheduleEventRow } from '../db/tables/scheduleEvent.table.ts';
import { inAudience, readAudience, readAudiences, writeAudience, type AudienceIds, type AudienceMember } from '../content/audience/index.ts';

/** The stored values of an item, in the contract's names; `starts_at` an ISO instant. */
export interface ScheduleEventState extends AudienceIds {
  title: string;
  description: string;
  starts_at: string;
  time_zone: string;
  link: string;
}

export const EMPTY_SCHEDULE_EVENT: ScheduleEventState = {
  title: '', description: '', starts_at: '', time_zone: '', link: '', areas: [], profiles: [], user_groups: [],
};

export function scheduleEventQuery(db: Db, clientId: number) {
  return db.selectFrom('schedule_events').selectAll('schedule_events').where('schedule_events.client_id', '=', clientId);
}

export async function findScheduleEvent(db: Db, clientId: number, id: number): Promise<ScheduleEventRow | undefined> {
  return scheduleEventQuery(db, clientId).where('schedule_events.id', '=', id).executeTakeFirst();
}

export async function scheduleEventState(db: Db, row: ScheduleEventRow): Promise<ScheduleEventState> {
  return {
    title: row.title, description: row.description, starts_at: row.starts_at, time_zone: row.time_zone, link: row.link,
    ...await readAudience(db, 'schedule_event', row.id),
  };
}

export async function toScheduleEvents(db: Db, rows: readonly ScheduleEventRow[]): Promise<ScheduleEvent[]> {
  const audiences = await readAudiences(db, 'schedule_event', rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id, title: row.title, description: row.description, starts_at: row.starts_at, time_zone: row.time_zone, link: row.link,
    ...audiences.get(row.id)!, created_at: row.created_at, updated_at: row.updated_at,
  }));
}

const columns = (state: ScheduleEventState) => ({
  title: state.title, description: state.description, starts_at: state.starts_at, time_zone: state.time_zone, link: state.link,
});

export async function insertScheduleEvent(db: Db, clientId: number, userId: number, state: ScheduleEventState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('schedule_events')
    .values({ client_id: clientId, ...columns(state), created_by: userId, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await writeAudience(db, 'schedule_event', row.id, state);
  return row.id;
}

export async function updateScheduleEvent(db: Db, clientId: number, id: number, state: ScheduleEventState): Promise<boolean> {
  const result = await db.updateTable('schedule_events').set({ ...columns(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await writeAudience(db, 'schedule_event', id, state);
  return true;
}

export async function deleteScheduleEvent(db: Db, clientId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('schedule_events').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** An instant window of the calendars (ISO text, `to` excluded). */
export interface InstantWindow { from: string; to: string }

const toItem = (row: ScheduleEventRow): CalendarItem => ({
  kind: 'event', date: null, starts_at: row.starts_at, title: row.title, training: null, webcast_id: null, live_class_id: null,
  event: { id: row.id, description: row.description, link: row.link, time_zone: row.time_zone }, subscribed: false,
});

function inWindow(db: Db, clientId: number, window: InstantWindow) {
  return scheduleEventQuery(db, clientId)
    .where('schedule_events.starts_at', '>=', window.from).where('schedule_events.starts_at', '<', window.to);
}

/** The admin schedule: every item of the client in the window. */
export async function clientEventItems(db: Db, clientId: number, window: InstantWindow): Promise<CalendarItem[]> {
  return (await inWindow(db, clientId, window).execute()).map(toItem);
}

/** The learner calendar and home: the items of the window whose audience holds the member. */
export async function learnerEventItems(db: Db, member: AudienceMember, window: InstantWindow): Promise<CalendarItem[]> {
  return (await inWindow(db, member.clientId, window).where(inAudience('schedule_event', member)).execute()).map(toItem);
}
