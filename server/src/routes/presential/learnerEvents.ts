import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  CommentBody, LEARNER_PRESENTIAL_LIST_PATHS, LearnerComment, LearnerCommentPage, QrTestTarget, TestWindow, type ErrorCode,
} from '@lp/shared/contract';
import {
  appointmentTitle, hasPermission, isActiveEnrollment, presentialEvaluationRefusal, presentialTestRefusal, todayApiDate, type PresentialTestRefusal,
} from '@lp/shared/rules';
import {
  PRESENTIAL_EVENT_OWNER, addComment, findPublishedTest, learnerComment, learnerTestContext, ownedDb, publishedComments, publishedTestsOf,
  registerLearnerEvaluation, registerLearnerTests, type LearnerTestContext, type LearnerTestPolicy,
} from '../../content/index.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { PresentialAppointmentRow, PresentialEventRow } from '../../db/tables/presential.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { LearnerPageQuery, pageOf } from '../../lib/learnerPaging.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf } from '../../plugins/app/auth.ts';
import type { LearnerContext } from '../../repositories/learner/context.ts';
import { learnerTest } from '../../repositories/learner/detail.ts';
import { courseName } from '../../repositories/presential/appointments.ts';
import { EVENT_STATUS } from '../../repositories/presential/events.ts';
import { findLearnerAppointment, myEnrollments } from '../../repositories/presential/learner.ts';
import { commentRefusalFor, testWindowOf, windowOpen } from '../../repositories/presential/learnerDetail.ts';
import { activeEvent, closeWindow, eventByWindowToken, openWindow, teachesEvent } from '../../repositories/presential/testWindow.ts';
import { contextOf } from '../trainings/learner/common.ts';
import { eventNotFound } from './common.ts';

const L = LEARNER_PRESENTIAL_LIST_PATHS;

/** spec 3 §8 texts of the learner's refusals (the portal translates the key). */
const REFUSALS: Record<Exclude<PresentialTestRefusal, 'not_found'> | 'you_need_to_complete_all_activities' | 'you_already_commented', string> = {
  you_must_subscribe_for_event: 'You need to sign up first',
  event_not_finished: 'Training not completed by the instructor, please wait',
  presential_test_window_closed: 'The test is not open: ask the instructor',
  you_need_to_complete_all_activities: 'You need to complete all activities',
  you_already_commented: 'you already commented',
};
const refusal = (code: keyof typeof REFUSALS) => new HttpError(code === 'you_already_commented' ? 409 : 403, code, REFUSALS[code]);
const testNotFound = () => new HttpError(404, 'not_found', 'Test not found');

interface LearnerEvent { ctx: LearnerContext; appointment: PresentialAppointmentRow; event: PresentialEventRow }

/** The event of an appointment the learner may open, or 404. */
async function learnerEventOr404(app: FastifyInstance, request: FastifyRequest, eventId: number): Promise<LearnerEvent> {
  const ctx = await contextOf(app, request);
  const event = await activeEvent(app.db, ctx.clientId, eventId);
  const appointment = event && (await findLearnerAppointment(app.db, ctx, event.appointment_id));
  if (!event || !appointment) throw eventNotFound();
  return { ctx, appointment, event };
}

/** The learner's active enrollment status in this very event, or null. */
async function enrollmentIn(db: Db, userId: number, event: PresentialEventRow) {
  const mine = (await myEnrollments(db, userId, [event.appointment_id])).get(event.appointment_id);
  return mine && isActiveEnrollment(mine.status) && mine.event_id === event.id ? mine.status : null;
}

/** Issue 17 item 2: which test of the event opens now, by its type (the rule in shared/src/presential/learner.ts). */
async function refuseTests(db: Db, ctx: LearnerContext, appointment: PresentialAppointmentRow, event: PresentialEventRow): Promise<void> {
  const outcome = presentialTestRefusal({
    event_type: event.event_type, appointment_status: appointment.status, enrollment: await enrollmentIn(db, ctx.userId, event), window_open: windowOpen(event),
  });
  if (outcome === 'not_found') throw testNotFound();
  if (outcome) throw refusal(outcome);
}

/** The shared test engine over an event's tests: reachable only as refuseTests allows, checked on every call (start, answer, submit, read). */
function testPolicy(): LearnerTestPolicy<LearnerTestContext> {
  return {
    async context(app, request, eventId, testId) {
      const { ctx, appointment, event } = await learnerEventOr404(app, request, eventId);
      const test = await findPublishedTest(ownedDb(app.db, PRESENTIAL_EVENT_OWNER), ctx.clientId, [EVENT_STATUS.active], event.id, testId);
      if (!test) throw testNotFound();
      await refuseTests(app.db, ctx, appointment, event);
      return learnerTestContext(test, ctx.userId);
    },
    async refuseStart(_app, ctx, now) {
      if (ctx.avaliableIn && ctx.avaliableIn > todayApiDate(undefined, now)) throw new HttpError(403, 'test_not_yet_available', 'Test not yet available, please wait');
    },
    // the appointment's results are the admin's (Results tab): a failed last attempt only uses up the attempts
    settle: (outcome) => ({ ...outcome, consequence: 'none' }),
  };
}

/**
 * The learner's side of an event (issue 17 items 2 and 7): its published comments and the
 * learner's one comment after finishing (spec 3 §5, §8); the instructor's test window of an
 * event "with presential test" and the QR code's link into it; the event's tests through the
 * shared engine.
 */
const learnerEvents: FastifyPluginAsyncTypebox = async (app) => {
  app.get(L.comments(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, querystring: LearnerPageQuery, response: { 200: LearnerCommentPage } },
  }, async (request) => {
    const { ctx, event } = await learnerEventOr404(app, request, request.params.id);
    return publishedComments(app.db, ctx.clientId, 'presential', event.id, ctx.userId, pageOf(request.query));
  });

  app.post(L.comments(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, body: CommentBody, response: { 201: LearnerComment } },
  }, async (request, reply) => {
    const { ctx, appointment, event } = await learnerEventOr404(app, request, request.params.id);
    const text = request.body.comment.trim();
    const required: ErrorCode = 'make_sure_that_all_fields_are_filled_in';
    if (!text) throw new HttpError(400, required, 'The comment is empty', { comment: required });
    const now = new Date();
    const outcome = await commentRefusalFor(app.db, ctx, appointment, event, await enrollmentIn(app.db, ctx.userId, event), now);
    if (outcome) throw refusal(outcome);
    try {
      const id = await addComment(app.db, { clientId: ctx.clientId, origin: 'presential', originId: event.id, userId: ctx.userId, comment: text, stars: request.body.stars ?? null });
      reply.code(201);
      return (await learnerComment(app.db, id, ctx.userId))!;
    } catch (error) {
      // the same learner at the same moment: the index comments_once_per_presential_uq keeps one
      if (isUniqueViolation(error)) throw refusal('you_already_commented');
      throw error;
    }
  });

  /** An instructor of the event (or of its appointment) holding presential_test_instructor, on an event with a presential test. */
  async function instructorEvent(request: FastifyRequest, eventId: number): Promise<LearnerEvent> {
    const found = await learnerEventOr404(app, request, eventId);
    const { ctx, event } = found;
    const teaches = await teachesEvent(app.db, event, ctx.userId);
    if (!teaches || !hasPermission(authOf(request).subject, 'presential_test_instructor')) {
      throw new HttpError(403, 'presential_test_instructor_only', 'Only the event\'s instructor applies its presential test');
    }
    if (event.event_type !== 'presential_test') throw new HttpError(409, 'event_has_no_presential_test', 'This event has no presential test');
    if (found.appointment.status !== 'approved' && found.appointment.status !== 'in_progress' && found.appointment.status !== 'finished') {
      throw new HttpError(409, 'presential_test_window_closed', 'The training is not taking place');
    }
    return found;
  }

  // a new token on each opening: a code shown in an earlier window leads nowhere
  app.post(L.openTestWindow(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: TestWindow } } }, async (request) => {
    const { ctx, event } = await instructorEvent(request, request.params.id);
    const now = new Date();
    await openWindow(app.db, event.id, ctx.userId, now);
    return testWindowOf((await activeEvent(app.db, ctx.clientId, event.id))!);
  });

  app.post(L.closeTestWindow(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: TestWindow } } }, async (request) => {
    const { ctx, event } = await instructorEvent(request, request.params.id);
    const now = new Date();
    await closeWindow(app.db, event.id, now);
    return testWindowOf((await activeEvent(app.db, ctx.clientId, event.id))!);
  });

  // the QR code's link: refused outside its window (an old code included) or to someone not enrolled in the event
  app.get(L.qrTest(':token'), {
    config: { access: 'authenticated' }, schema: { params: Type.Object({ token: Type.String({ minLength: 8, maxLength: 64 }) }), response: { 200: QrTestTarget } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const event = await eventByWindowToken(app.db, ctx.clientId, request.params.token);
    if (!event) throw refusal('presential_test_window_closed');
    const appointment = await findLearnerAppointment(app.db, ctx, event.appointment_id);
    if (!appointment) throw refusal('you_must_subscribe_for_event');
    await refuseTests(app.db, ctx, appointment, event);
    const [test] = await publishedTestsOf(ownedDb(app.db, PRESENTIAL_EVENT_OWNER), event.id, ctx.userId);
    if (!test) throw testNotFound();
    const course = await courseName(app.db, appointment.course_id);
    return {
      appointment_id: appointment.id, title: appointmentTitle(appointment.title, course?.name), event_id: event.id,
      test: { id: test.row.id, title: test.row.title, ...learnerTest(test, new Date()) },
    };
  });

  // spec 3 §2 "Reaction evaluations" tab: answered once by who is enrolled in the event, after finishing (spec 2 §3.5)
  registerLearnerEvaluation(app, PRESENTIAL_EVENT_OWNER, {
    async learner(a, request) {
      const found = await learnerEventOr404(a, request, (request.params as IdParams).id);
      return { ...found, userId: found.ctx.userId };
    },
    async open(trx, found) {
      const outcome = presentialEvaluationRefusal({ appointment_status: found.appointment.status, enrollment: await enrollmentIn(trx, found.ctx.userId, found.event) });
      if (outcome) throw refusal(outcome);
    },
    missing: 'This event has no reaction evaluation',
  });

  registerLearnerTests(app, PRESENTIAL_EVENT_OWNER, testPolicy());
};
export default learnerEvents;
