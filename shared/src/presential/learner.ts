/**
 * The learner side of face-to-face trainings (spec 3 §2 "Face-to-face (presential)" learner list
 * and detail, §4, §5, §8 "Learner preconditions", "Waiting states"; issue 17 items 2, 6, 7): how a
 * learner stands in a training, when they may leave it themselves, when an event's test and its
 * comment open, and the .ics of their events. The server decides with these; the portal shows
 * the same answers.
 */
import { calendarFile } from '../calendarFile.ts';
import { parseDateTime } from '../dates/parse.ts';
import { takesEnrollments } from './rules.ts';
import type { AppointmentStatus, EnrollmentStatus, EventTestType } from './lists.ts';

/** spec 1 §2.2 presential filters: progress, as for courses (not started / ongoing / finished). */
export type PresentialProgress = 'not_started' | 'ongoing' | 'finished';

/** Statuses that hold a seat (the rules' ACTIVE_ENROLLMENT_STATUSES, repeated here to keep this file free of cycles). */
const ACTIVE: readonly EnrollmentStatus[] = ['subscribed', 'awaiting_cancellation', 'cancellation_reproved'];
export const isActiveEnrollment = (status: EnrollmentStatus | null | undefined): boolean => !!status && ACTIVE.includes(status);

/** Not subscribed: not started; subscribed: ongoing until the appointment is finished (spec 3 §4 "Finishing the event releases the results"). */
export function presentialProgress(appointment: AppointmentStatus, enrollment: EnrollmentStatus | null): PresentialProgress {
  if (!isActiveEnrollment(enrollment)) return 'not_started';
  return appointment === 'finished' ? 'finished' : 'ongoing';
}

/** The instant an event starts (its date and hour are wall-clock in the appointment's timezone). */
export function presentialEventStart(event: { date: string; start_hour: string }, timezone: string): Date | null {
  return parseDateTime(`${event.date}T${event.start_hour}`, timezone);
}

export function presentialEventEnd(event: { date: string; end_hour: string }, timezone: string): Date | null {
  return parseDateTime(`${event.date}T${event.end_hour}`, timezone);
}

export interface UnsubscribeCheck {
  appointment_status: AppointmentStatus;
  enrollment_status: EnrollmentStatus;
  subscription_until: Date | null;
  /** the first instant of the learner's event */
  event_start: Date | null;
  now: Date;
}

/**
 * spec 3 §2 "subscribe / unsubscribe" next to "request enrollment cancellation": a learner leaves
 * by themselves while enrollments are still taken (the appointment open, the subscription period
 * running, the event not started); after that, only a cancellation request (§4) frees the seat.
 */
export function mayLeavePresential(c: UnsubscribeCheck): boolean {
  if (c.enrollment_status !== 'subscribed') return false;
  if (!takesEnrollments(c.appointment_status)) return false;
  if (c.subscription_until && c.now.getTime() > c.subscription_until.getTime()) return false;
  return !c.event_start || c.now.getTime() < c.event_start.getTime();
}

export type PresentialTestRefusal = 'you_must_subscribe_for_event' | 'event_not_finished' | 'presential_test_window_closed' | 'not_found';

export interface PresentialTestCheck {
  event_type: EventTestType;
  appointment_status: AppointmentStatus;
  /** the learner's enrollment in this event, if any */
  enrollment: EnrollmentStatus | null;
  /** the instructor's window: open while opened and not closed (presential_test) */
  window_open: boolean;
}

/**
 * Issue 17 item 2, tests per event type: "with online test" opens once the event is finished
 * (spec 3 §4 "Finishing the event releases the results and tests"); "with presential test" only
 * while the instructor's window is open; "without tests" has none. Only for who is enrolled in
 * the event (spec 3 §8 "You need to sign up first").
 */
export function presentialTestRefusal(c: PresentialTestCheck): PresentialTestRefusal | null {
  if (c.event_type === 'without_tests') return 'not_found';
  if (!isActiveEnrollment(c.enrollment)) return 'you_must_subscribe_for_event';
  if (c.event_type === 'online_test') return c.appointment_status === 'finished' ? null : 'event_not_finished';
  return c.window_open ? null : 'presential_test_window_closed';
}

export type PresentialCommentRefusal = 'you_must_subscribe_for_event' | 'event_not_finished' | 'you_need_to_complete_all_activities' | 'you_already_commented';

export interface PresentialCommentCheck {
  appointment_status: AppointmentStatus;
  enrollment: EnrollmentStatus | null;
  /** the event's published tests the learner has not yet finished */
  tests_left: number;
  already_commented: boolean;
}

/** spec 3 §5 "Comments are allowed only after finishing, once per user"; §8 the learner preconditions. */
export function presentialCommentRefusal(c: PresentialCommentCheck): PresentialCommentRefusal | null {
  if (!isActiveEnrollment(c.enrollment)) return 'you_must_subscribe_for_event';
  if (c.appointment_status !== 'finished') return 'event_not_finished';
  if (c.tests_left > 0) return 'you_need_to_complete_all_activities';
  if (c.already_commented) return 'you_already_commented';
  return null;
}

export type PresentialEvaluationRefusal = 'you_must_subscribe_for_event' | 'event_not_finished';

/**
 * The event's reaction evaluation (spec 3 §2 "Reaction evaluations" tab; spec 2 §3.5 answered
 * once): for who is enrolled in the event, once the training is finished (spec 3 §4 "Finishing
 * the event releases the results and tests"). Answering it twice is the engine's 409.
 */
export function presentialEvaluationRefusal(c: { appointment_status: AppointmentStatus; enrollment: EnrollmentStatus | null }): PresentialEvaluationRefusal | null {
  if (!isActiveEnrollment(c.enrollment)) return 'you_must_subscribe_for_event';
  return c.appointment_status === 'finished' ? null : 'event_not_finished';
}

// ---- "add to calendar" (spec 3 §2) ----

export interface PresentialCalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  location: string;
  /** the training's page, opened from the calendar entry */
  url: string;
}

/** One calendar with the learner's events of a training; each event's unique id is `presential-event-{id}@{host}`. */
export function presentialIcs(events: readonly PresentialCalendarEvent[], host: string, now: Date = new Date()): string {
  return calendarFile('face-to-face', events.map((e) => ({
    uid: `presential-event-${e.id}@${host}`, start: e.start, title: e.title, location: e.location, url: e.url,
    // an event without a later end lasts an hour
    end: e.end.getTime() > e.start.getTime() ? e.end : new Date(e.start.getTime() + 3_600_000),
  })), now, { publish: true });
}
