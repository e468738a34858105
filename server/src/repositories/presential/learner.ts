/**
 * Face-to-face trainings as learners meet them (spec 3 §2 learner list and detail; §4 "Training
 * listing and type": "Listed: visible to the target audience. Not listed: reachable only via a
 * link; listed for the user after registering. Open: users register. Closed: invited users
 * only."). A learner sees an appointment of their client once it is decided (approved, in
 * progress or finished) when it is open, listed and in their audience, or closed and they are
 * invited; a not-listed open one opens by its link. Whoever takes part (enrolled, in any state,
 * or teaching one of its events) keeps seeing it, canceled or failed included.
 */
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { LearnerPresentialCard, PresentialCatalogueQuery } from '@lp/shared/contract';
import {
  appointmentTitle, enrollmentRefusal, isActiveEnrollment, presentialProgress, type AppointmentStatus, type EnrollmentStatus,
} from '@lp/shared/rules';
import { inAudience } from '../../content/audience/index.ts';
import type { Database, Db } from '../../db/database.ts';
import type { PresentialAppointmentRow, PresentialEnrollmentRow } from '../../db/tables/presential.table.ts';
import { audienceMemberOf, type LearnerContext } from '../learner/context.ts';
import { ACTIVE_STATUSES } from './appointments.ts';
import { EVENT_STATUS } from './events.ts';

/** Decided appointments: before approval an appointment is the requester's and approver's business (spec 3 §4). */
export const LEARNER_APPOINTMENT_STATUSES: AppointmentStatus[] = ['approved', 'in_progress', 'finished'];
/** Ended ones stay visible to who took part. */
const TAKING_PART_STATUSES: AppointmentStatus[] = [...LEARNER_APPOINTMENT_STATUSES, 'canceled', 'failed'];

/**
 * The appointments the learner may open (`listing`: those the list shows — a not-listed open
 * one only once they take part). Nothing when the user is not a member of the selected client.
 */
export function visibleAppointments(db: Db, ctx: LearnerContext, listing: boolean) {
  const member = audienceMemberOf(ctx);
  const clientId = ctx.member ? ctx.clientId : -1;
  return db.selectFrom('presential_appointments').selectAll('presential_appointments')
    .where('presential_appointments.client_id', '=', clientId)
    .where('presential_appointments.is_template', '=', false)
    .where((eb) => eb.or([
      eb.and([
        eb('presential_appointments.status', 'in', TAKING_PART_STATUSES),
        eb.or([
          eb.exists(eb.selectFrom('presential_enrollments as s').select('s.id')
            .whereRef('s.appointment_id', '=', 'presential_appointments.id').where('s.user_id', '=', ctx.userId)),
          eb.exists(eb.selectFrom('presential_appointment_instructors as ai').select('ai.user_id')
            .whereRef('ai.appointment_id', '=', 'presential_appointments.id').where('ai.user_id', '=', ctx.userId)),
          eb.exists(eb.selectFrom('presential_event_instructors as ei').innerJoin('presential_events as e', 'e.id', 'ei.event_id').select('ei.user_id')
            .whereRef('e.appointment_id', '=', 'presential_appointments.id').where('ei.user_id', '=', ctx.userId)),
        ]),
      ]),
      eb.and([
        eb('presential_appointments.status', 'in', LEARNER_APPOINTMENT_STATUSES),
        eb.or([
          eb.and([
            eb('presential_appointments.training_type', '=', 'open'),
            listing
              ? eb.and([eb('presential_appointments.listed', '=', true), inAudience('presential_appointment', member)])
              : eb.or([eb('presential_appointments.listed', '=', false), inAudience('presential_appointment', member)]),
          ]),
          eb.and([
            eb('presential_appointments.training_type', '=', 'closed'),
            eb.exists(eb.selectFrom('presential_appointment_invitees as inv').select('inv.user_id')
              .whereRef('inv.appointment_id', '=', 'presential_appointments.id').where('inv.user_id', '=', ctx.userId)),
          ]),
        ]),
      ]),
    ]));
}

export async function findLearnerAppointment(db: Db, ctx: LearnerContext, id: number): Promise<PresentialAppointmentRow | undefined> {
  return visibleAppointments(db, ctx, false).where('presential_appointments.id', '=', id).executeTakeFirst();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** spec 1 §2.2 presential filters: search (title or course), progress, favorite. */
function filtered(db: Db, ctx: LearnerContext, query: PresentialCatalogueQuery) {
  let qb = visibleAppointments(db, ctx, true);
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    qb = qb.where((eb) => eb.or([
      sql<SqlBool>`lower(presential_appointments.title) like ${pattern} escape '\\'`,
      eb.exists(eb.selectFrom('presential_courses as pc').select('pc.id').whereRef('pc.id', '=', 'presential_appointments.course_id')
        .where(sql<SqlBool>`lower(pc.name) like ${pattern} escape '\\'`)),
    ]));
  }
  const active = (eb: ExpressionBuilder<Database, 'presential_appointments'>) => eb.exists(eb.selectFrom('presential_enrollments as s').select('s.id')
    .whereRef('s.appointment_id', '=', 'presential_appointments.id').where('s.user_id', '=', ctx.userId).where('s.status', 'in', ACTIVE_STATUSES));
  if (query.progress === 'not_started') qb = qb.where((eb) => eb.not(active(eb)));
  else if (query.progress === 'ongoing') qb = qb.where((eb) => eb.and([active(eb), eb('presential_appointments.status', '!=', 'finished')]));
  else if (query.progress === 'finished') qb = qb.where((eb) => eb.and([active(eb), eb('presential_appointments.status', '=', 'finished')]));
  if (query.favorite === 'favorites') {
    qb = qb.where((eb) => eb.exists(eb.selectFrom('content_reactions as cr').select('cr.id')
      .whereRef('cr.content_id', '=', 'presential_appointments.id').where('cr.content_type', '=', 'presential')
      .where('cr.user_id', '=', ctx.userId).where('cr.favorite', '=', true)));
  }
  return qb;
}

/** A page, the next trainings first (by their first event's day), and the count. */
export async function learnerAppointmentPage(db: Db, ctx: LearnerContext, query: PresentialCatalogueQuery, page: { offset: number; limit: number }) {
  const base = filtered(db, ctx, query);
  const firstDay = (eb: ExpressionBuilder<Database, 'presential_appointments'>) => eb.selectFrom('presential_events as e').select((e) => e.fn.min('e.date').as('d'))
    .whereRef('e.appointment_id', '=', 'presential_appointments.id').where('e.status', '=', EVENT_STATUS.active);
  const [total, rows] = await Promise.all([
    base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      // finished ones after the others, then by the first day (none last), newest created first
      .orderBy(sql`case when presential_appointments.status in ('finished', 'canceled', 'failed') then 1 else 0 end`)
      .orderBy((eb) => sql`case when (${firstDay(eb)}) is null then 1 else 0 end`)
      .orderBy((eb) => firstDay(eb))
      .orderBy('presential_appointments.id', 'desc')
      .offset(page.offset).limit(page.limit).execute(),
  ]);
  return { count: Number(total.n), rows: rows as PresentialAppointmentRow[] };
}

/** The learner's enrollment in each appointment: the active one, else the latest. */
export async function myEnrollments(db: Db, userId: number, appointmentIds: readonly number[]): Promise<Map<number, PresentialEnrollmentRow>> {
  const out = new Map<number, PresentialEnrollmentRow>();
  if (!appointmentIds.length) return out;
  const rows = await db.selectFrom('presential_enrollments').selectAll().where('user_id', '=', userId)
    .where('appointment_id', 'in', [...appointmentIds]).orderBy('id', 'desc').execute();
  for (const r of rows) {
    const current = out.get(r.appointment_id);
    if (!current || (!isActiveEnrollment(current.status) && isActiveEnrollment(r.status))) out.set(r.appointment_id, r);
  }
  return out;
}

interface EventSummary { first: string | null; last: string | null; count: number; location: string; events: Array<{ id: number; date: string; maximum: number | null; taken: number }> }

async function eventSummaries(db: Db, appointmentIds: readonly number[]): Promise<Map<number, EventSummary>> {
  const out = new Map<number, EventSummary>(appointmentIds.map((id) => [id, { first: null, last: null, count: 0, location: '', events: [] }]));
  if (!appointmentIds.length) return out;
  const rows = await db.selectFrom('presential_events').select(['id', 'appointment_id', 'date', 'location_name', 'maximum_participants'])
    .select((eb) => eb.selectFrom('presential_enrollments as s').select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('s.event_id', '=', 'presential_events.id').where('s.status', 'in', ACTIVE_STATUSES).as('taken'))
    .where('appointment_id', 'in', [...appointmentIds]).where('status', '=', EVENT_STATUS.active)
    .orderBy('date').orderBy('start_hour').orderBy('id').execute();
  for (const r of rows) {
    const s = out.get(r.appointment_id)!;
    if (s.first === null) { s.first = r.date; s.location = r.location_name; }
    s.last = r.date;
    s.count += 1;
    s.events.push({ id: r.id, date: r.date, maximum: r.maximum_participants, taken: Number(r.taken ?? 0) });
  }
  return out;
}

async function takenBy(db: Db, appointmentIds: readonly number[]): Promise<Map<number, number>> {
  if (!appointmentIds.length) return new Map();
  const rows = await db.selectFrom('presential_enrollments').select(['appointment_id']).select((eb) => eb.fn.countAll<number>().as('n'))
    .where('appointment_id', 'in', [...appointmentIds]).where('status', 'in', ACTIVE_STATUSES).groupBy('appointment_id').execute();
  return new Map(rows.map((r) => [r.appointment_id, Number(r.n)]));
}

async function teaching(db: Db, userId: number, appointmentIds: readonly number[]): Promise<Set<number>> {
  if (!appointmentIds.length) return new Set();
  const [direct, events] = await Promise.all([
    db.selectFrom('presential_appointment_instructors').select('appointment_id').where('user_id', '=', userId).where('appointment_id', 'in', [...appointmentIds]).execute(),
    db.selectFrom('presential_event_instructors as ei').innerJoin('presential_events as e', 'e.id', 'ei.event_id').select('e.appointment_id')
      .where('ei.user_id', '=', userId).where('e.appointment_id', 'in', [...appointmentIds]).execute(),
  ]);
  return new Set([...direct, ...events].map((r) => r.appointment_id));
}

async function invitedTo(db: Db, userId: number, appointmentIds: readonly number[]): Promise<Set<number>> {
  if (!appointmentIds.length) return new Set();
  const rows = await db.selectFrom('presential_appointment_invitees').select('appointment_id').where('user_id', '=', userId).where('appointment_id', 'in', [...appointmentIds]).execute();
  return new Set(rows.map((r) => r.appointment_id));
}

async function favorites(db: Db, ctx: LearnerContext, appointmentIds: readonly number[]): Promise<Set<number>> {
  if (!appointmentIds.length) return new Set();
  const rows = await db.selectFrom('content_reactions').select('content_id').where('user_id', '=', ctx.userId).where('client_id', '=', ctx.clientId)
    .where('content_type', '=', 'presential').where('favorite', '=', true).where('content_id', 'in', [...appointmentIds]).execute();
  return new Set(rows.map((r) => r.content_id));
}

async function courseNames(db: Db, courseIds: readonly (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(courseIds.filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('presential_courses').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether the learner could subscribe to this event now, by the shared rule (the store's vacancies are decided on the subscription). */
export function eventOpenToLearner(
  row: PresentialAppointmentRow, event: { date: string; maximum: number | null; taken: number }, invited: boolean, enrollment: EnrollmentStatus | null, now: Date,
): boolean {
  if (isActiveEnrollment(enrollment)) return false;
  return enrollmentRefusal({
    appointment_status: row.status, training_type: row.training_type, invited, by_admin: false,
    subscription_until: row.subscription_until ? new Date(row.subscription_until) : null, event_has_dates: !!event.date,
    same_course_quarter: 0, event_taken: event.taken, event_maximum: event.maximum, now,
  }) === null;
}

/** The cards of the rows, in their order. */
export async function appointmentCards(db: Db, ctx: LearnerContext, rows: readonly PresentialAppointmentRow[], now: Date): Promise<LearnerPresentialCard[]> {
  const ids = rows.map((r) => r.id);
  const [events, mine, taken, taught, invited, favs, courses] = await Promise.all([
    eventSummaries(db, ids), myEnrollments(db, ctx.userId, ids), takenBy(db, ids), teaching(db, ctx.userId, ids), invitedTo(db, ctx.userId, ids),
    favorites(db, ctx, ids), courseNames(db, rows.map((r) => r.course_id)),
  ]);
  return rows.map((r) => {
    const summary = events.get(r.id)!;
    const enrollment = mine.get(r.id)?.status ?? null;
    const used = taken.get(r.id) ?? 0;
    const vacancies = r.maximum_participants === null ? null : Math.max(0, r.maximum_participants - used);
    const courseName = r.course_id !== null ? courses.get(r.course_id) ?? null : null;
    return {
      id: r.id,
      title: appointmentTitle(r.title, courseName),
      course_name: courseName,
      training_type: r.training_type,
      status: r.status,
      workload: Number(r.workload),
      timezone: r.timezone,
      first_date: summary.first,
      last_date: summary.last,
      location_name: summary.location,
      events_count: summary.count,
      enrollment_status: enrollment,
      progress: presentialProgress(r.status, enrollment),
      favorite: favs.has(r.id),
      instructor: taught.has(r.id),
      vacancies,
      can_subscribe: !taught.has(r.id) && vacancies !== 0 && summary.events.some((e) => eventOpenToLearner(r, e, invited.has(r.id), enrollment, now)),
      finished: r.status === 'finished',
    };
  });
}
