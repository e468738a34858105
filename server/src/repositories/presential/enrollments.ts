/**
 * Enrollment in a face-to-face training (spec 3 §4 "Enrollment…", §5 "Face-to-face"): seats in
 * an event, the store's planned vacancies, one enrollment per user per course per quarter, and
 * cancellation requests. Run in a transaction that first locks the appointment row (Postgres
 * `for update`; SQLite has one writer), so the counts read here stay true until the inserts; the
 * store's plan is taken by a conditional update and the per-user rule by a unique key, so even
 * enrollments through two different appointments of one course cannot overbook a store.
 */
import {
  appointmentTitle, enrollmentRefusal, quarterOfDay, selectionRefusal, type EnrollmentRefusal, type EnrollmentStatus, type Quarter,
} from '@lp/shared/rules';
import type { ErrorCode } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { PresentialAppointmentRow, PresentialEnrollmentRow, PresentialEventRow } from '../../db/tables/presential.table.ts';
import { ACTIVE_STATUSES, activeEnrollmentCount } from './appointments.ts';
import { activeEnrollmentsInEvent } from './events.ts';
import { planFor, releaseVacancy, takeVacancy } from './vacancies.ts';

/** Thrown inside the transaction: all or none (the first refusal rolls every seat back). */
export class EnrollmentRefused extends Error {
  constructor(readonly code: ErrorCode, readonly userId: number | null) {
    super(code);
    this.name = 'EnrollmentRefused';
  }
}

/** spec 3 §5 "once per course per quarter": the course and the event's quarter, or the appointment without a course. */
export function activeKey(appointment: Pick<PresentialAppointmentRow, 'id' | 'course_id'>, q: Quarter): string {
  return appointment.course_id !== null ? `c${appointment.course_id}:${q.year}q${q.quarter}` : `a${appointment.id}`;
}

async function activeWithKey(db: Db, userId: number, key: string): Promise<{ appointment_id: number; event_id: number } | undefined> {
  return db.selectFrom('presential_enrollments').select(['appointment_id', 'event_id']).where('user_id', '=', userId).where('active_key', '=', key).executeTakeFirst();
}

export interface EnrollContext {
  appointment: PresentialAppointmentRow;
  event: PresentialEventRow;
  invited: ReadonlySet<number>;
  byAdmin: boolean;
  actorId: number;
  now: Date;
}

/** Enrolls every user or none (throws EnrollmentRefused); answers the appointment's seats taken after. */
export async function enrollUsers(trx: Db, ctx: EnrollContext, userIds: readonly number[]): Promise<number> {
  const { appointment, event } = ctx;
  const users = [...new Set(userIds)];
  const taken = await activeEnrollmentCount(trx, appointment.id);
  // "Selected users cannot exceed available places."
  const available = appointment.maximum_participants === null ? null : Math.max(0, appointment.maximum_participants - taken);
  const selection = selectionRefusal(users.length, available);
  if (selection) throw new EnrollmentRefused(selection, null);
  const eventTaken = await activeEnrollmentsInEvent(trx, event.id);
  const quarter = quarterOfDay(event.date);
  const key = activeKey(appointment, quarter);
  const branches = new Map((await trx.selectFrom('users').select(['id', 'branch_id']).where('id', 'in', users).execute()).map((u) => [u.id, u.branch_id ?? null]));

  for (const [i, userId] of users.entries()) {
    const existing = await activeWithKey(trx, userId, key);
    // "A user already certified or invited to another event is rejected."
    if (existing && existing.appointment_id === appointment.id && existing.event_id !== event.id) {
      throw new EnrollmentRefused('user_already_certified_or_invited_to_another_event', userId);
    }
    const refusal: EnrollmentRefusal | null = enrollmentRefusal({
      appointment_status: appointment.status, training_type: appointment.training_type, invited: ctx.invited.has(userId), by_admin: ctx.byAdmin,
      subscription_until: appointment.subscription_until ? new Date(appointment.subscription_until) : null, event_has_dates: !!event.date,
      same_course_quarter: existing ? 1 : 0, event_taken: eventTaken + i, event_maximum: event.maximum_participants, now: ctx.now,
    });
    if (refusal) throw new EnrollmentRefused(refusal, userId);

    // "Enrollment is blocked when the store's planned vacancies for the training are used up."
    let vacancyId: number | null = null;
    if (appointment.course_id !== null) {
      const plan = await planFor(trx, appointment.client_id, branches.get(userId) ?? null, appointment.course_id, quarter);
      if (plan.planning) {
        if (plan.id === null || !(await takeVacancy(trx, plan.id))) throw new EnrollmentRefused('all_vacancies_planned_for_this_store_have_been_used', userId);
        vacancyId = plan.id;
      }
    }
    try {
      await trx.insertInto('presential_enrollments').values({
        client_id: appointment.client_id, appointment_id: appointment.id, event_id: event.id, user_id: userId, planned_vacancy_id: vacancyId,
        status: 'subscribed', active_key: key, enrolled_by: ctx.actorId, created_at: ctx.now, updated_at: ctx.now,
      }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new EnrollmentRefused('user_already_subscribed', userId);
      throw error;
    }
  }
  return taken + users.length;
}

export function enrollmentListQuery(db: Db, clientId: number) {
  return db.selectFrom('presential_enrollments as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('branches as b', (j) => j.onRef('b.id', '=', 'u.branch_id').on('b.client_id', '=', clientId))
    .innerJoin('presential_appointments as a', 'a.id', 's.appointment_id')
    .leftJoin('presential_courses as c', 'c.id', 'a.course_id')
    .innerJoin('presential_events as e', 'e.id', 's.event_id')
    .select(['s.id', 's.appointment_id', 's.event_id', 's.status', 's.cancellation_reason', 's.created_at', 'u.id as user_id', 'u.full_name', 'u.email', 'b.name as branch',
      'a.title as appointment_title', 'c.name as course_name', 'e.date as event_date', 'e.start_hour as event_start_hour'])
    .where('s.client_id', '=', clientId);
}
type EnrollmentListRow = Awaited<ReturnType<ReturnType<typeof enrollmentListQuery>['execute']>>[number];

export const toEnrollment = (r: EnrollmentListRow) => ({
  id: r.id, appointment_id: r.appointment_id, event_id: r.event_id, status: r.status, cancellation_reason: r.cancellation_reason, created_at: r.created_at,
  appointment_title: appointmentTitle(r.appointment_title, r.course_name), event_date: r.event_date, event_start_hour: r.event_start_hour,
  user: { id: r.user_id, name: r.full_name, email: r.email, branch: r.branch },
});

export async function findEnrollment(db: Db, clientId: number, id: number): Promise<PresentialEnrollmentRow | undefined> {
  return db.selectFrom('presential_enrollments').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

/** Moves an enrollment from `from` to `to` only if it is still in `from`; canceling frees its seat and its store's vacancy. */
export async function moveEnrollment(
  db: Db, row: PresentialEnrollmentRow, to: EnrollmentStatus, extra: { reason?: string | null; decidedBy?: number; now: Date },
): Promise<boolean> {
  const res = await db.updateTable('presential_enrollments').set({
    status: to,
    updated_at: extra.now,
    ...(to === 'canceled' ? { active_key: null } : {}),
    ...(to === 'awaiting_cancellation' ? { cancellation_requested_at: extra.now, cancellation_reason: extra.reason ?? null } : {}),
    ...(extra.decidedBy !== undefined ? { cancellation_decided_by: extra.decidedBy } : {}),
  }).where('id', '=', row.id).where('status', '=', row.status).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  if (to === 'canceled' && row.planned_vacancy_id !== null) await releaseVacancy(db, row.planned_vacancy_id);
  return true;
}

export const isActive = (status: EnrollmentStatus): boolean => ACTIVE_STATUSES.includes(status);
