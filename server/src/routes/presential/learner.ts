import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FileAnswer, LEARNER_PATHS, LEARNER_PRESENTIAL_LIST_PATHS, LearnerPresential, LearnerPresentialPage, PresentialCatalogueQuery, PresentialFavorite,
  PresentialSubscribeBody, PresentialSubscription, FavoriteBody,
} from '@lp/shared/contract';
import {
  certificateStatus, hasPermission, isActiveEnrollment, mayLeavePresential, presentialEventEnd, presentialEventStart, presentialIcs,
} from '@lp/shared/rules';
import type { PresentialAppointmentRow } from '../../db/tables/presential.table.ts';
import { currentCertificate, certificateVerifyUrl } from '../../learning/certificates.ts';
import { HttpError } from '../../lib/httpError.ts';
import { pageOf } from '../../lib/learnerPaging.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf } from '../../plugins/app/auth.ts';
import type { LearnerContext } from '../../repositories/learner/context.ts';
import { setReaction } from '../../repositories/learner/reactions.ts';
import { activeEnrollmentCount, inviteesOf, lockAppointment } from '../../repositories/presential/appointments.ts';
import { EnrollmentRefused, enrollUsers, moveEnrollment } from '../../repositories/presential/enrollments.ts';
import { eventInstructors, eventsQuery, findEvent } from '../../repositories/presential/events.ts';
import { appointmentCards, findLearnerAppointment, learnerAppointmentPage, myEnrollments } from '../../repositories/presential/learner.ts';
import { learnerDetail } from '../../repositories/presential/learnerDetail.ts';
import { findClosing } from '../../repositories/presential/results.ts';
import { contextOf } from '../trainings/learner/common.ts';
import { appointmentNotFound, eventNotFound } from './common.ts';

const L = LEARNER_PRESENTIAL_LIST_PATHS;

/** The appointment the learner may open, or 404 (another client's, undecided, or not theirs to see). */
export async function learnerAppointmentOr404(app: FastifyInstance, ctx: LearnerContext, id: number): Promise<PresentialAppointmentRow> {
  const row = await findLearnerAppointment(app.db, ctx, id);
  if (!row) throw appointmentNotFound();
  return row;
}

const vacanciesOf = (row: PresentialAppointmentRow, taken: number) => (row.maximum_participants === null ? null : Math.max(0, row.maximum_participants - taken));

/** spec 3 §8 keys of a refused subscription; a closed training's "not invited" is a 403. */
function refused(error: EnrollmentRefused): HttpError {
  const messages: Partial<Record<string, string>> = {
    subscription_time_limit_reached: 'Registration deadline has been reached',
    user_already_subscribed: 'You are already enrolled in this training',
    there_are_no_more_vacancies_for_this_event: 'There are no more vacancies for this event',
    all_vacancies_planned_for_this_store_have_been_used: 'All vacancies planned for this store in this training have already been used',
    not_allowed_to_subscribe_users: 'Only invited users take part in a closed training',
  };
  return new HttpError(error.code === 'not_allowed_to_subscribe_users' ? 403 : 409, error.code, messages[error.code] ?? error.code);
}

async function detailOf(app: FastifyInstance, request: FastifyRequest, ctx: LearnerContext, row: PresentialAppointmentRow, now: Date) {
  const [[card], mine, invitees, closing, certificate] = await Promise.all([
    appointmentCards(app.db, ctx, [row], now), myEnrollments(app.db, ctx.userId, [row.id]), inviteesOf(app.db, row.id),
    findClosing(app.db, row.id),
    currentCertificate(app.db, ctx.userId, 'presential', row.id),
  ]);
  const enrollment = mine.get(row.id);
  return learnerDetail(app.db, ctx, row, card!, {
    appliesTests: hasPermission(authOf(request).subject, 'presential_test_instructor'),
    enrollment,
    invited: invitees.includes(ctx.userId),
    // spec 3 §4 "Training results": the learner sees a result once the instructor finalized them
    result: closing?.finalized_at && enrollment?.result ? { status: enrollment.result, score: enrollment.score } : null,
    certificate: certificate ? {
      id: certificate.id, status: certificateStatus(certificate.expires_at, now), earned_in: certificate.issued_at, expires_at: certificate.expires_at,
      pdf_url: `/api${LEARNER_PATHS.certificatePdf(certificate.id)}`, verify_url: certificateVerifyUrl(app.config.publicUrl, certificate.code),
    } : null,
  }, now);
}

/**
 * The learner's face-to-face trainings (spec 3 §2 learner list and detail; spec 1 §2.2
 * 'presential', 'presential/{id}' with search, progress and favorite): subscribing to an event of
 * an open training with the admin's enrollment rules (one per course per quarter, the store's
 * planned vacancies, the event maximum — all under the appointment's lock), leaving it while
 * still allowed, "add to calendar" and favourites. docs/api.md "Face-to-face trainings" → "Learner".
 */
const learner: FastifyPluginAsyncTypebox = async (app) => {
  app.get(L.list, { config: { access: 'authenticated' }, schema: { querystring: PresentialCatalogueQuery, response: { 200: LearnerPresentialPage } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const { count, rows } = await learnerAppointmentPage(app.db, ctx, request.query, pageOf(request.query, 12));
    return { count, results: await appointmentCards(app.db, ctx, rows, new Date()) };
  });

  app.get(L.detail(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerPresential } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const row = await learnerAppointmentOr404(app, ctx, request.params.id);
    return detailOf(app, request, ctx, row, new Date());
  });

  // spec 3 §2 subscribe; §5 the enrollment rules, decided under the appointment's lock (repositories/presential/enrollments.ts)
  app.post(L.subscription(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, body: PresentialSubscribeBody, response: { 200: PresentialSubscription } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const row = await learnerAppointmentOr404(app, ctx, request.params.id);
    try {
      const taken = await app.db.transaction().execute(async (trx) => {
        const appointment = await lockAppointment(trx, ctx.clientId, row.id);
        if (!appointment) throw appointmentNotFound();
        const event = await findEvent(trx, ctx.clientId, appointment.id, request.body.event_id);
        if (!event) throw eventNotFound();
        const invited = new Set(await inviteesOf(trx, appointment.id));
        return enrollUsers(trx, { appointment, event, invited, byAdmin: false, actorId: ctx.userId, now: new Date() }, [ctx.userId]);
      });
      return { enrollment_status: 'subscribed' as const, vacancies: vacanciesOf(row, taken) };
    } catch (error) {
      if (error instanceof EnrollmentRefused) throw refused(error);
      throw error;
    }
  });

  // spec 3 §2 unsubscribe: before the event and within the subscription period; later, a cancellation request
  app.delete(L.subscription(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: PresentialSubscription } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const row = await learnerAppointmentOr404(app, ctx, request.params.id);
    const now = new Date();
    await app.db.transaction().execute(async (trx) => {
      const appointment = await lockAppointment(trx, ctx.clientId, row.id);
      const mine = (await myEnrollments(trx, ctx.userId, [row.id])).get(row.id);
      if (!appointment || !mine || !isActiveEnrollment(mine.status)) return;
      const event = await findEvent(trx, ctx.clientId, row.id, mine.event_id);
      const start = event ? presentialEventStart(event, appointment.timezone) : null;
      const allowed = mayLeavePresential({
        appointment_status: appointment.status, enrollment_status: mine.status,
        subscription_until: appointment.subscription_until ? new Date(appointment.subscription_until) : null, event_start: start, now,
      });
      if (!allowed) throw new HttpError(409, 'enrollment_transition_not_allowed', 'Request the cancellation of the enrollment instead');
      if (!(await moveEnrollment(trx, mine, 'canceled', { now }))) throw new HttpError(409, 'enrollment_transition_not_allowed', 'The enrollment changed meanwhile');
    });
    return { enrollment_status: null, vacancies: vacanciesOf(row, await activeEnrollmentCount(app.db, row.id)) };
  });

  // spec 3 §2 "add to calendar": the learner's event, the ones they teach, or else every event
  app.get(L.calendar(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: FileAnswer } } }, async (request, reply) => {
    const ctx = await contextOf(app, request);
    const row = await learnerAppointmentOr404(app, ctx, request.params.id);
    const [[card], events, mine] = await Promise.all([
      appointmentCards(app.db, ctx, [row], new Date()), eventsQuery(app.db, ctx.clientId, row.id).execute(), myEnrollments(app.db, ctx.userId, [row.id]),
    ]);
    const enrollment = mine.get(row.id);
    const taught = await eventInstructors(app.db, events.map((e) => e.id));
    let chosen = enrollment && isActiveEnrollment(enrollment.status) ? events.filter((e) => e.id === enrollment.event_id) : [];
    if (!chosen.length) chosen = events.filter((e) => (taught.get(e.id) ?? []).includes(ctx.userId));
    if (!chosen.length) chosen = events;
    const origin = app.config.publicUrl;
    const ics = presentialIcs(chosen.flatMap((e) => {
      const start = presentialEventStart(e, row.timezone);
      const end = presentialEventEnd(e, row.timezone);
      return start && end ? [{
        id: e.id, title: card!.title, start, end, location: [e.location_name, e.location].filter(Boolean).join(' — '), url: `${origin}/presential/${row.id}`,
      }] : [];
    }), new URL(origin).host || 'localhost');
    return reply.type('text/calendar; charset=utf-8').header('Content-Disposition', `attachment; filename="presential-${row.id}.ics"`).send(ics);
  });

  app.post(L.favorite(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, body: FavoriteBody, response: { 200: PresentialFavorite } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const row = await learnerAppointmentOr404(app, ctx, request.params.id);
    const reactions = await setReaction(app.db, { clientId: ctx.clientId, userId: ctx.userId, contentType: 'presential', contentId: row.id }, { favorite: request.body.favorite });
    return { favorite: reactions.favorite };
  });
};
export default learner;
