/**
 * The events of an appointment (spec 3 §3 "Event (of a face-to-face training)"): dates, hours,
 * place, instructors, the live class or webcast link and the maximum taken from the appointment
 * type. An event is the owner of its tests, evaluations, materials and comments
 * (PRESENTIAL_EVENT_OWNER); removing one marks it deleted (status 3) so what it owns stays readable.
 */
import type { EventTestType } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { PresentialEventRow } from '../../db/tables/presential.table.ts';
import { ACTIVE_STATUSES } from './appointments.ts';

export const EVENT_STATUS = { active: 1, deleted: 3 } as const;

export interface EventState {
  event_type: EventTestType;
  date: string;
  start_hour: string;
  end_hour: string;
  intermission_minutes: number;
  location: string;
  location_name: string;
  live_class_id: number | null;
  webcast_id: number | null;
  maximum_participants: number | null;
  instructors: number[];
}

export async function findEvent(db: Db, clientId: number, appointmentId: number, eventId: number, lock = false): Promise<PresentialEventRow | undefined> {
  let q = db.selectFrom('presential_events').selectAll().where('id', '=', eventId).where('appointment_id', '=', appointmentId)
    .where('client_id', '=', clientId).where('status', '=', EVENT_STATUS.active);
  if (lock && dialectOf(db) === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function eventInstructors(db: Db, eventIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(eventIds.map((id) => [id, []]));
  if (!eventIds.length) return map;
  const rows = await db.selectFrom('presential_event_instructors').select(['event_id', 'user_id']).where('event_id', 'in', [...eventIds]).orderBy('user_id').execute();
  for (const r of rows) map.get(r.event_id)?.push(r.user_id);
  return map;
}

export function eventsQuery(db: Db, clientId: number, appointmentId: number) {
  return db.selectFrom('presential_events').selectAll('presential_events')
    .select((eb) => eb.selectFrom('presential_enrollments as s').select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('s.event_id', '=', 'presential_events.id').where('s.status', 'in', ACTIVE_STATUSES).as('qty_participants'))
    .where('presential_events.appointment_id', '=', appointmentId).where('presential_events.client_id', '=', clientId)
    .where('presential_events.status', '=', EVENT_STATUS.active)
    .orderBy('presential_events.date').orderBy('presential_events.start_hour').orderBy('presential_events.id');
}

type EventListRow = Awaited<ReturnType<ReturnType<typeof eventsQuery>['execute']>>[number];

export async function toEvents(db: Db, rows: EventListRow[]) {
  const instructors = await eventInstructors(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id, appointment_id: r.appointment_id, event_type: r.event_type, date: r.date, start_hour: r.start_hour, end_hour: r.end_hour,
    intermission_minutes: r.intermission_minutes, location: r.location, location_name: r.location_name, instructors: instructors.get(r.id) ?? [],
    live_class_id: r.live_class_id, webcast_id: r.webcast_id, maximum_participants: r.maximum_participants, qty_participants: Number(r.qty_participants ?? 0),
  }));
}

async function writeInstructors(db: Db, eventId: number, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('presential_event_instructors').where('event_id', '=', eventId).execute();
  if (ids.length) await db.insertInto('presential_event_instructors').values([...new Set(ids)].map((user_id) => ({ event_id: eventId, user_id }))).execute();
}

const rowOf = ({ instructors: _i, ...rest }: EventState) => rest;

export async function insertEvent(db: Db, clientId: number, appointmentId: number, title: string, s: EventState): Promise<number> {
  const now = new Date();
  const { id } = await db.insertInto('presential_events').values({ ...rowOf(s), client_id: clientId, appointment_id: appointmentId, title, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await writeInstructors(db, id, s.instructors);
  return id;
}

export async function updateEvent(db: Db, eventId: number, s: EventState): Promise<void> {
  await db.updateTable('presential_events').set({ ...rowOf(s), updated_at: new Date() }).where('id', '=', eventId).execute();
  await writeInstructors(db, eventId, s.instructors);
}

export async function deleteEvent(db: Db, eventId: number): Promise<void> {
  await db.updateTable('presential_events').set({ status: EVENT_STATUS.deleted, updated_at: new Date() }).where('id', '=', eventId).execute();
}

export async function activeEnrollmentsInEvent(db: Db, eventId: number): Promise<number> {
  const r = await db.selectFrom('presential_enrollments').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId).where('status', 'in', ACTIVE_STATUSES).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The appointment type's maximum: an event takes it unless one is set (spec 3 §3). */
export async function typeMaximum(db: Db, typeId: number | null): Promise<number | null> {
  if (typeId === null) return null;
  const r = await db.selectFrom('presential_appointment_types').select('maximum_participants').where('id', '=', typeId).executeTakeFirst();
  return r?.maximum_participants ?? null;
}

/** live class / webcast ids that are the client's (the link's target must exist there). */
export async function linkTargetsExist(db: Db, clientId: number, liveClassId: number | null, webcastId: number | null): Promise<{ live_class: boolean; webcast: boolean }> {
  const live = liveClassId === null || !!(await db.selectFrom('live_classes').select('id').where('id', '=', liveClassId).where('client_id', '=', clientId).executeTakeFirst());
  const web = webcastId === null || !!(await db.selectFrom('webcasts').select('id').where('id', '=', webcastId).where('client_id', '=', clientId).executeTakeFirst());
  return { live_class: live, webcast: web };
}

/**
 * The client's events between two days (inclusive) with their appointment's title and status, for
 * the calendar (spec 1 §2.3 presential/calendar): templates and removed events are not shown.
 */
export function calendarEventsQuery(db: Db, clientId: number, from: string, to: string) {
  return db.selectFrom('presential_events as e')
    .innerJoin('presential_appointments as a', 'a.id', 'e.appointment_id')
    .leftJoin('presential_courses as c', 'c.id', 'a.course_id')
    .select((eb) => [
      'e.id', 'e.appointment_id', 'e.event_type', 'e.date', 'e.start_hour', 'e.end_hour', 'e.location_name', 'e.maximum_participants',
      'a.title', 'a.status', 'c.name as course_name',
      eb.selectFrom('presential_enrollments as s').select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('s.event_id', '=', 'e.id').where('s.status', 'in', ACTIVE_STATUSES).as('qty_participants'),
    ])
    .where('e.client_id', '=', clientId).where('a.client_id', '=', clientId).where('a.is_template', '=', false)
    .where('e.status', '=', EVENT_STATUS.active).where('e.date', '>=', from).where('e.date', '<=', to)
    .orderBy('e.date').orderBy('e.start_hour').orderBy('e.id');
}
