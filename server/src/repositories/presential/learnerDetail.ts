/**
 * The detail of a face-to-face training as one learner sees it (spec 3 §2 learner detail; issue
 * 17 items 2, 6, 7): its events with dates, place, instructors and the linked live class or
 * webcast; the learner's enrollment and what they may do with it; per event the tests open to
 * them now (by event type), the instructor's test window, and whether they may comment.
 */
import type { LearnerPresential, LearnerPresentialCard, LearnerPresentialEvent, TestWindow } from '@lp/shared/contract';
import {
  cancellationRequestRefusal, isActiveEnrollment, mayLeavePresential, presentialCommentRefusal, presentialEvaluationRefusal, presentialEventEnd,
  presentialEventStart, presentialTestRefusal, type EnrollmentStatus,
} from '@lp/shared/rules';
import { presentialQrPagePath } from '@lp/shared/contract';
import {
  PRESENTIAL_EVENT_OWNER, evaluationAnswered, hasCommented, ownedDb, publishedEvaluation, publishedTestsOf, type PublishedTest,
} from '../../content/index.ts';
import type { Db } from '../../db/database.ts';
import type { PresentialAppointmentRow, PresentialEnrollmentRow, PresentialEventRow } from '../../db/tables/presential.table.ts';
import type { LearnerContext } from '../learner/context.ts';
import { learnerTest } from '../learner/detail.ts';
import { peopleNamed } from './appointments.ts';
import { eventInstructors, eventsQuery } from './events.ts';
import { eventOpenToLearner } from './learner.ts';

export const windowOpen = (e: Pick<PresentialEventRow, 'test_window_token' | 'test_window_closed_at'>): boolean =>
  e.test_window_token !== null && e.test_window_closed_at === null;

export function testWindowOf(e: PresentialEventRow): TestWindow {
  const open = windowOpen(e);
  return {
    open,
    opened_at: e.test_window_opened_at,
    closed_at: e.test_window_closed_at,
    qr_path: open && e.test_window_token ? presentialQrPagePath(e.test_window_token) : null,
  };
}

/** A test is done once passed, or once an attempt of it ended (spec 3 §8 "You need to complete all activities"). */
const testLeft = (t: ReturnType<typeof learnerTest>): boolean => !t.passed && !(t.attempts_used > 0 && t.open_attempt_id === null);

/** Where the learner's comment on an event stands (the rule in shared/src/presential/learner.ts). */
export async function commentRefusalFor(
  db: Db, ctx: LearnerContext, row: PresentialAppointmentRow, event: Pick<PresentialEventRow, 'id' | 'event_type'>, enrollment: EnrollmentStatus | null, now: Date,
) {
  // the online test is the activity a learner can always reach after finishing; a presential one was the room's
  const tests = event.event_type === 'online_test' ? await publishedTestsOf(ownedDb(db, PRESENTIAL_EVENT_OWNER), event.id, ctx.userId) : [];
  return presentialCommentRefusal({
    appointment_status: row.status,
    enrollment,
    tests_left: tests.filter((t) => testLeft(learnerTest(t, now))).length,
    already_commented: await hasCommented(db, ctx.clientId, 'presential', event.id, ctx.userId),
  });
}

export interface DetailExtras {
  /** the caller holds presential_test_instructor */
  appliesTests: boolean;
  /** the learner's enrollment (active, else the latest) */
  enrollment: PresentialEnrollmentRow | undefined;
  invited: boolean;
  result: LearnerPresential['result'];
  certificate: LearnerPresential['certificate'];
}

export async function learnerDetail(
  db: Db, ctx: LearnerContext, row: PresentialAppointmentRow, card: LearnerPresentialCard, extras: DetailExtras, now: Date,
): Promise<LearnerPresential> {
  const events = await eventsQuery(db, row.client_id, row.id).execute();
  const instructors = await eventInstructors(db, events.map((e) => e.id));
  const appointmentInstructors = new Set((await db.selectFrom('presential_appointment_instructors').select('user_id').where('appointment_id', '=', row.id).execute()).map((r) => r.user_id));
  const names = new Map((await peopleNamed(db, [...new Set([...instructors.values()].flat())])).map((p) => [p.id, p.full_name]));
  const owned = ownedDb(db, PRESENTIAL_EVENT_OWNER);
  const mine = extras.enrollment;
  const active = mine && isActiveEnrollment(mine.status) ? mine : undefined;

  const out: LearnerPresentialEvent[] = [];
  for (const e of events) {
    const teaches = (instructors.get(e.id) ?? []).includes(ctx.userId) || appointmentInstructors.has(ctx.userId);
    const enrollmentHere = active?.event_id === e.id ? active.status : null;
    const refusal = presentialTestRefusal({ event_type: e.event_type, appointment_status: row.status, enrollment: enrollmentHere, window_open: windowOpen(e) });
    const tests: PublishedTest[] = refusal === null ? await publishedTestsOf(owned, e.id, ctx.userId) : [];
    const comment = enrollmentHere ? await commentRefusalFor(db, ctx, row, e, enrollmentHere, now) : 'you_must_subscribe_for_event';
    // the reaction evaluation is the enrolled learner's (shown before finishing with why it waits)
    const evaluation = enrollmentHere ? await publishedEvaluation(owned, e.id) : null;
    const taken = Number(e.qty_participants ?? 0);
    const start = presentialEventStart(e, row.timezone);
    const end = presentialEventEnd(e, row.timezone);
    out.push({
      id: e.id,
      event_type: e.event_type,
      date: e.date,
      start_hour: e.start_hour,
      end_hour: e.end_hour,
      starts_at: start?.toISOString() ?? null,
      ends_at: end?.toISOString() ?? null,
      intermission_minutes: e.intermission_minutes,
      location: e.location,
      location_name: e.location_name,
      instructors: (instructors.get(e.id) ?? []).map((id) => ({ id, name: names.get(id) ?? '' })),
      live_class_id: e.live_class_id,
      webcast_id: e.webcast_id,
      maximum_participants: e.maximum_participants,
      vacancies: e.maximum_participants === null ? null : Math.max(0, e.maximum_participants - taken),
      enrolled: enrollmentHere !== null,
      // who teaches the event runs it; they take no seat in it
      can_subscribe: !active && !teaches && card.vacancies !== 0 && eventOpenToLearner(row, { date: e.date, maximum: e.maximum_participants, taken }, extras.invited, null, now),
      instructor: teaches,
      tests: tests.map((t) => ({ id: t.row.id, title: t.row.title, ...learnerTest(t, now) })),
      tests_refusal: refusal === 'not_found' || refusal === null ? null : refusal,
      test_window: e.event_type === 'presential_test' && teaches && extras.appliesTests ? testWindowOf(e) : null,
      can_comment: comment === null,
      comment_refusal: comment,
      evaluation: evaluation ? { ...evaluation, answered: await evaluationAnswered(owned, evaluation.id, ctx.userId) } : null,
      evaluation_refusal: evaluation ? presentialEvaluationRefusal({ appointment_status: row.status, enrollment: enrollmentHere }) : null,
    });
  }

  const limit = row.cancellation_until ?? row.subscription_until;
  const myEvent = active ? out.find((e) => e.id === active.event_id) : undefined;
  return {
    ...card,
    participating_audience: row.participating_audience,
    subscription_until: row.subscription_until,
    cancellation_until: row.cancellation_until,
    enrollment: mine ? { id: mine.id, event_id: mine.event_id, status: mine.status, cancellation_reason: mine.cancellation_reason } : null,
    can_unsubscribe: !!active && mayLeavePresential({
      appointment_status: row.status, enrollment_status: active.status, subscription_until: row.subscription_until ? new Date(row.subscription_until) : null,
      event_start: myEvent?.starts_at ? new Date(myEvent.starts_at) : null, now,
    }),
    can_request_cancellation: !!active && row.status !== 'finished' && row.status !== 'canceled' && row.status !== 'failed'
      && cancellationRequestRefusal(active.status, limit ? new Date(limit) : null, now) === null,
    events: out,
    result: extras.result,
    certificate: extras.certificate,
  };
}
