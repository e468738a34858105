/**
 * Face-to-face (presential) rules the server, the admin and the portal all apply (spec 3 §3
 * "Face-to-face training (appointment)", "Event", "Other presential data"; §4 "Appointment /
 * face-to-face training", "Enrollment in a face-to-face training"; §5 "Face-to-face"; §9 "Face-to-face
 * and points"; spec 1 §6.2 "Face-to-face"): the appointment workflow as one table, quarters,
 * the planned-vacancy arithmetic and the enrollment checks.
 */
import type { ErrorCode } from '../contract/errors.ts';
import {
  APPOINTMENT_ACTIONS, APPOINTMENT_STATUSES, ENROLLMENT_STATUSES, EVENT_TEST_TYPES, type AppointmentAction, type AppointmentStatus,
  type AppointmentTrainingType, type EnrollmentStatus, type EventTestType,
} from './lists.ts';

export { APPOINTMENT_ACTIONS, APPOINTMENT_STATUSES, ENROLLMENT_STATUSES, EVENT_TEST_TYPES };
export type { AppointmentAction, AppointmentStatus, AppointmentTrainingType, EnrollmentStatus, EventTestType };

// ---- the appointment workflow (spec 3 §4) ----

/*
 * The statuses and actions are the contract's lists. "awaiting cancellation" is an enrollment's
 * state, not an appointment's (§4 "Enrollment…"); "failed" is what cancel_events also does
 * (spec 1 §6.2 "cancel and fail events").
 */

export interface AppointmentTransition {
  from: readonly AppointmentStatus[];
  to: AppointmentStatus;
  /** spec 1 §6.2 module item that performs it */
  permission: 'request_events' | 'approve_events' | 'finish_events' | 'cancel_events';
  /** spec 3 §4 "Cancel and finish are confirmed as irreversible." */
  irreversible: boolean;
}

/**
 * The workflow, once. A new appointment is pre-scheduled (the requester's draft); "request" sends
 * it for superior approval, and a reproved one may be requested again after it is corrected.
 */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<AppointmentAction, AppointmentTransition>> = {
  request: { from: ['pre_scheduled', 'reproved'], to: 'awaiting_approval', permission: 'request_events', irreversible: false },
  approve: { from: ['awaiting_approval'], to: 'approved', permission: 'approve_events', irreversible: false },
  reprove: { from: ['awaiting_approval'], to: 'reproved', permission: 'approve_events', irreversible: false },
  // the instructor runs the events (spec 3 §6 roles); who finishes also opens them
  start: { from: ['approved'], to: 'in_progress', permission: 'finish_events', irreversible: false },
  finish: { from: ['approved', 'in_progress'], to: 'finished', permission: 'finish_events', irreversible: true },
  cancel: { from: ['pre_scheduled', 'awaiting_approval', 'approved', 'reproved', 'in_progress'], to: 'canceled', permission: 'cancel_events', irreversible: true },
  fail: { from: ['approved', 'in_progress'], to: 'failed', permission: 'cancel_events', irreversible: true },
};

/** Statuses nothing leaves. */
export const FINAL_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['finished', 'canceled', 'failed'];

export type TransitionRefusal = 'appointment_transition_not_allowed' | 'at_least_one_event_is_required_to_approve_the_appointment';

/** Why `action` may not run on an appointment in `status` with `events` events, or null. */
export function transitionRefusal(status: AppointmentStatus, action: AppointmentAction, events: number): TransitionRefusal | null {
  const t = APPOINTMENT_TRANSITIONS[action];
  if (!t.from.includes(status)) return 'appointment_transition_not_allowed';
  // spec 3 §4 "Approval requires at least one event."
  if (action === 'approve' && events < 1) return 'at_least_one_event_is_required_to_approve_the_appointment';
  return null;
}

/** The actions a user holding `can(slug)` may take now (the list's buttons). */
export function availableActions(status: AppointmentStatus, can: (slug: string) => boolean): AppointmentAction[] {
  return APPOINTMENT_ACTIONS.filter((a) => APPOINTMENT_TRANSITIONS[a].from.includes(status) && can(APPOINTMENT_TRANSITIONS[a].permission));
}

/** Appointments take enrollments while approved or in progress (before, they are not yet decided). */
export const takesEnrollments = (status: AppointmentStatus): boolean => status === 'approved' || status === 'in_progress';

/** Basic data and events can change until the appointment ends. */
export const isAppointmentEditable = (status: AppointmentStatus): boolean => !FINAL_APPOINTMENT_STATUSES.includes(status);

// ---- quarters (spec 3 §5, §9: "quarter/year, quarter 1–4 (example 4/2020)") ----

export interface Quarter { quarter: 1 | 2 | 3 | 4; year: number }

/** "4/2020" → {quarter: 4, year: 2020}; null when not a quarter/year. */
export function parseQuarter(text: string | null | undefined): Quarter | null {
  const m = /^\s*([1-4])\s*\/\s*(\d{4})\s*$/.exec(text ?? '');
  if (!m) return null;
  const year = Number(m[2]);
  if (year < 1900 || year > 2999) return null;
  return { quarter: Number(m[1]) as Quarter['quarter'], year };
}

export const formatQuarter = (q: Quarter): string => `${q.quarter}/${q.year}`;

/** The quarter of a day 'YYYY-MM-DD' (the calendar's: January–March is 1). */
export function quarterOfDay(day: string): Quarter {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return { quarter: (Math.floor((month - 1) / 3) + 1) as Quarter['quarter'], year };
}

/** One comparable key: 20204 for 4/2020. */
export const quarterKey = (q: Quarter): number => q.year * 10 + q.quarter;

// ---- planned vacancies (spec 3 §3 "Planned vacancy", §5) ----

export interface VacancyCounts {
  planned: number;
  filled: number;
  canceled: number;
}

/** Invariant: planned = filled + available + canceled (available never negative). */
export const availableVacancies = (v: VacancyCounts): number => Math.max(0, v.planned - v.filled - v.canceled);

export const vacancyInvariantHolds = (v: VacancyCounts): boolean =>
  v.filled >= 0 && v.canceled >= 0 && v.planned === v.filled + availableVacancies(v) + v.canceled;

export type VacancyRefusal =
  | 'all_vacancies_planned_for_this_store_have_been_used'
  | 'cant_remove_filled_vancancy'
  | 'validation_error';

/** A seat taken by an enrollment (spec 3 §5 "blocked when the store's planned vacancies … are used up"). */
export function fillVacancy(v: VacancyCounts): VacancyCounts | VacancyRefusal {
  if (availableVacancies(v) < 1) return 'all_vacancies_planned_for_this_store_have_been_used';
  return { ...v, filled: v.filled + 1 };
}

/** A canceled enrollment gives its seat back to the store. */
export function releaseVacancy(v: VacancyCounts): VacancyCounts {
  return { ...v, filled: Math.max(0, v.filled - 1) };
}

/** spec 3 §3 "Vacancies can be cancelled": available seats withdrawn; filled ones are not (§5). */
export function cancelVacancies(v: VacancyCounts, count: number): VacancyCounts | VacancyRefusal {
  if (!Number.isInteger(count) || count < 1) return 'validation_error';
  if (count > availableVacancies(v)) return 'cant_remove_filled_vancancy';
  return { ...v, canceled: v.canceled + count };
}

/** A new planned figure: never below what is filled and canceled (spec 3 §5 "Filled vacancies cannot be removed"). */
export function replan(v: VacancyCounts, planned: number): VacancyCounts | VacancyRefusal {
  if (!Number.isInteger(planned) || planned < 0) return 'validation_error';
  if (planned < v.filled + v.canceled) return 'cant_remove_filled_vancancy';
  return { ...v, planned };
}

/** A planned vacancy may be deleted only while none of it is filled. */
export const mayDeleteVacancy = (v: VacancyCounts): boolean => v.filled === 0;

/**
 * spec 3 §5 "Vacancies must be distributed to match expected participants, or none assigned":
 * the division of an appointment's seats among stores is either empty or sums to the expected number.
 */
export function divisionRefusal(expected: number | null, division: readonly number[]): 'vacancies_must_match_expected_participants' | null {
  if (division.length === 0) return null;
  const sum = division.reduce((a, b) => a + b, 0);
  return expected !== null && sum === expected ? null : 'vacancies_must_match_expected_participants';
}

// ---- enrollment (spec 3 §4 "Enrollment…", "Training listing and type", §5) ----

/** Statuses that hold a seat. */
export const ACTIVE_ENROLLMENT_STATUSES: readonly EnrollmentStatus[] = ['subscribed', 'awaiting_cancellation', 'cancellation_reproved'];


export interface EnrollmentCheck {
  appointment_status: AppointmentStatus;
  training_type: AppointmentTrainingType;
  /** the user is an invitee of the appointment (a closed training's only way in) */
  invited: boolean;
  /** the enrolling side is an admin with subscribe_event_users (adds guests) */
  by_admin: boolean;
  /** the subscription period's end (UTC), or null */
  subscription_until: Date | null;
  /** the event has its dates (spec 3 §5 "Event dates must be entered before enrolling") */
  event_has_dates: boolean;
  /** the user's active enrollments in the same course and quarter (or the same appointment) */
  same_course_quarter: number;
  /** the event's users now and its maximum (null: no limit) */
  event_taken: number;
  event_maximum: number | null;
  now: Date;
}

export type EnrollmentRefusal =
  | 'subscription_time_limit_reached'
  | 'user_already_subscribed'
  | 'there_are_no_more_vacancies_for_this_event'
  | 'event_dates_required_before_enrolling'
  | 'not_allowed_to_subscribe_users'
  | 'training_not_open_for_enrollment';

/** Why one user may not be enrolled in one event now, or null (the store's vacancies are checked apart, under lock). */
export function enrollmentRefusal(c: EnrollmentCheck): EnrollmentRefusal | null {
  if (!takesEnrollments(c.appointment_status)) return 'training_not_open_for_enrollment';
  if (!c.event_has_dates) return 'event_dates_required_before_enrolling';
  // "Closed: invited users only." An admin adding a guest invites them.
  if (c.training_type === 'closed' && !c.invited && !c.by_admin) return 'not_allowed_to_subscribe_users';
  if (!c.by_admin && c.subscription_until && c.now.getTime() > c.subscription_until.getTime()) return 'subscription_time_limit_reached';
  // "A user may enroll only once per course per quarter."
  if (c.same_course_quarter > 0) return 'user_already_subscribed';
  // "event users cannot exceed the event maximum"
  if (c.event_maximum !== null && c.event_taken >= c.event_maximum) return 'there_are_no_more_vacancies_for_this_event';
  return null;
}

/** spec 3 §5 "Selected users cannot exceed available places." */
export function selectionRefusal(selected: number, available: number | null): 'the_number_of_users_selected_is_greater_than_the_number_of_places_available' | null {
  return available !== null && selected > available ? 'the_number_of_users_selected_is_greater_than_the_number_of_places_available' : null;
}

export type CancellationRequestRefusal = 'enrollment_cancelation_limit_date_expired' | 'enrollment_transition_not_allowed';

/** spec 3 §4: a cancellation request moves a subscription to awaiting cancellation, until the limit date. */
export function cancellationRequestRefusal(status: EnrollmentStatus, limit: Date | null, now: Date): CancellationRequestRefusal | null {
  if (status !== 'subscribed' && status !== 'cancellation_reproved') return 'enrollment_transition_not_allowed';
  if (limit && now.getTime() > limit.getTime()) return 'enrollment_cancelation_limit_date_expired';
  return null;
}

/** spec 3 §4: approved → canceled ("request approved"), reproved → "cancellation reproved". */
export function decideCancellation(status: EnrollmentStatus, approve: boolean): EnrollmentStatus | 'enrollment_transition_not_allowed' {
  if (status !== 'awaiting_cancellation') return 'enrollment_transition_not_allowed';
  return approve ? 'canceled' : 'cancellation_reproved';
}

// ---- appointment and event data (spec 3 §3, §5) ----


export interface AppointmentValues {
  title?: string | null;
  appointment_type_id?: number | null;
  instructors?: readonly number[] | null;
  minimum_participants?: number | null;
  maximum_participants?: number | null;
  expected_participants?: number | null;
  minimum_score?: number | null;
}

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/** spec 3 §5 "An appointment needs an appointment type and an instructor." Every failing field. */
export function validateAppointment(v: AppointmentValues): Record<string, ErrorCode> {
  const errors: Record<string, ErrorCode> = {};
  if (!v.title?.trim()) errors.title = REQUIRED;
  if (v.appointment_type_id == null) errors.appointment_type_id = REQUIRED;
  if (!v.instructors?.length) errors.instructors = REQUIRED;
  const min = v.minimum_participants ?? null;
  const max = v.maximum_participants ?? null;
  if (min !== null && max !== null && min > max) errors.minimum_participants = 'validation_error';
  if (v.expected_participants != null && max !== null && v.expected_participants > max) errors.expected_participants = 'validation_error';
  if (v.minimum_score != null && (v.minimum_score < 0 || v.minimum_score > 100)) errors.minimum_score = 'validation_error';
  return errors;
}

export interface EventValues {
  event_type?: EventTestType | null;
  /** 'YYYY-MM-DD' */
  date?: string | null;
  /** 'HH:mm' */
  start_hour?: string | null;
  end_hour?: string | null;
  intermission_minutes?: number | null;
}

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

export function validateEvent(v: EventValues): Record<string, ErrorCode> {
  const errors: Record<string, ErrorCode> = {};
  if (!v.event_type) errors.event_type = REQUIRED;
  if (!v.date) errors.date = REQUIRED;
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) errors.date = 'validation_error';
  if (!v.start_hour) errors.start_hour = REQUIRED;
  else if (!HOUR.test(v.start_hour)) errors.start_hour = 'validation_error';
  if (!v.end_hour) errors.end_hour = REQUIRED;
  else if (!HOUR.test(v.end_hour)) errors.end_hour = 'validation_error';
  if (!errors.start_hour && !errors.end_hour && v.start_hour! >= v.end_hour!) errors.end_hour = 'end_date_before_start_date';
  if (v.intermission_minutes != null && (v.intermission_minutes < 0 || v.intermission_minutes > 600)) errors.intermission_minutes = 'validation_error';
  return errors;
}

/** spec 3 §5 "A quantity is required for every selected material." */
export function materialsRefusal(items: readonly { material_id: number; quantity: number | null | undefined }[]): 'a_quantity_is_required_for_every_selected_material' | null {
  return items.some((i) => i.quantity == null || !Number.isInteger(i.quantity) || i.quantity < 1) ? 'a_quantity_is_required_for_every_selected_material' : null;
}

/** spec 3 §3: a blank title uses the training (course) title. */
export const appointmentTitle = (title: string | null | undefined, courseName: string | null | undefined): string =>
  title?.trim() || courseName?.trim() || '';
