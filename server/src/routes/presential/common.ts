import type { FastifyRequest } from 'fastify';
import { ADMIN_RESOURCES, type Appointment } from '@lp/shared/contract';
import { APPOINTMENT_TRANSITIONS, appointmentTitle, availableActions, hasPermission, type AppointmentAction } from '@lp/shared/rules';
import { readAudience } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import type { PresentialAppointmentRow } from '../../db/tables/presential.table.ts';
import { titleAccess, type AdminAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  activeEnrollmentCount, activeEventCount, appointmentState, courseName, findAppointment, peopleNamed,
} from '../../repositories/presential/appointments.ts';

const TITLE = ADMIN_RESOURCES.presential_appointments.title;

/** spec 1 §6.1: the appointment routes open with any of request_events, approve_events, finish_events (title appointments). */
export const appointmentRead: AdminAccess = titleAccess(TITLE);
/** The same, plus one spec 1 §6.2 module item. */
export const appointmentWith = (slug: string, refusal: string): AdminAccess => ({ ...appointmentRead, permission: { slug, refusal } });

export const ACCESS = {
  request: appointmentWith('request_events', 'You do not have permission to request appointments'),
  basicData: appointmentWith('presential_edit_basic_data', 'You do not have permission to edit the basic data of appointments'),
  events: appointmentWith('presential_edit_events', 'You do not have permission to edit the events of appointments'),
  models: appointmentWith('manage_models', 'You do not have permission to manage appointment templates'),
  // spec 3 §6 "subscribe_event_users: … without it, 'You are not allowed to subscribe users'"
  subscribe: appointmentWith('subscribe_event_users', 'You are not allowed to subscribe users'),
  cancelEnrollments: appointmentWith('view_cancel_enrollments', 'You do not have permission to decide enrollment cancellations'),
} as const;

/** Each workflow action's route needs its own key (shared APPOINTMENT_TRANSITIONS). */
export const actionAccess = (action: AppointmentAction): AdminAccess =>
  appointmentWith(APPOINTMENT_TRANSITIONS[action].permission, `You do not have permission to ${action} appointments`);

/** spec 3 §8 "Not found or no permission to access": another client's id does not exist for this one. */
export const appointmentNotFound = () => new HttpError(404, 'appointment_not_found', 'Appointment not found');
export const eventNotFound = () => new HttpError(404, 'presential_event_not_found', 'Event not found');

/** The client's appointment (`templates`: a model; 'any': either), or 404. */
export async function appointmentOr404(db: Db, request: FastifyRequest, id: number, templates: boolean | 'any' = false): Promise<PresentialAppointmentRow> {
  const row = await findAppointment(db, clientOf(request), id);
  if (!row || (templates !== 'any' && row.is_template !== templates)) throw appointmentNotFound();
  return row;
}

/** The appointment as read, with the actions the caller may take now. */
export async function loadAppointment(db: Db, request: FastifyRequest, row: PresentialAppointmentRow): Promise<Appointment> {
  const { subject } = authOf(request);
  const [state, course, events, taken, audience] = await Promise.all([
    appointmentState(db, row), courseName(db, row.course_id), activeEventCount(db, row.id), activeEnrollmentCount(db, row.id),
    readAudience(db, 'presential_appointment', row.id),
  ]);
  const [instructors, requester] = await Promise.all([peopleNamed(db, state.instructors), row.requester_id ? peopleNamed(db, [row.requester_id]) : []]);
  return {
    id: row.id,
    title: row.title,
    display_title: appointmentTitle(row.title, course?.name),
    training_code: row.training_code,
    course_id: row.course_id,
    course_code: course?.code ?? null,
    course_name: course?.name ?? null,
    appointment_type_id: row.appointment_type_id,
    product_category_id: row.product_category_id,
    product_id: row.product_id,
    training_type: row.training_type,
    listed: row.listed,
    areas: audience.areas,
    profiles: audience.profiles,
    user_groups: audience.user_groups,
    participating_audience: row.participating_audience,
    workload: Number(row.workload),
    minimum_participants: row.minimum_participants,
    maximum_participants: row.maximum_participants,
    expected_participants: row.expected_participants,
    minimum_score: row.minimum_score,
    subscription_until: row.subscription_until,
    cancellation_until: row.cancellation_until,
    timezone: row.timezone,
    instructors: state.instructors,
    instructors_list: instructors,
    invitees: state.invitees,
    owner_id: row.owner_id,
    owner_email: row.owner_email,
    receive_emails: row.receive_emails,
    has_tests: row.has_tests,
    qty_participants: taken,
    status: row.status,
    cancellation_reason: row.cancellation_reason,
    requester: requester[0] ?? null,
    comments: row.comments,
    is_template: row.is_template,
    events_count: events,
    actions: row.is_template ? [] : availableActions(row.status, (slug) => hasPermission(subject, slug)),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
