import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CancellationRequestBody, DecideCancellationBody, EnrollBody, EnrollResult, LEARNER_PRESENTIAL_PATHS, ListQuery, PRESENTIAL_PATHS, PresentialEnrollment,
} from '@lp/shared/contract';
import { cancellationRequestRefusal, decideCancellation } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { Id, IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { findAppointment, inviteesOf, lockAppointment, nonMembers } from '../../repositories/presential/appointments.ts';
import {
  EnrollmentRefused, enrollUsers, enrollmentListQuery, findEnrollment, moveEnrollment, toEnrollment,
} from '../../repositories/presential/enrollments.ts';
import { findEvent } from '../../repositories/presential/events.ts';
import { ACCESS, appointmentNotFound, appointmentOr404, appointmentRead, eventNotFound } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['u.full_name', 'u.email', 'a.title', 'c.name'],
  sortable: { id: 's.id', name: 'u.full_name', created_at: 's.created_at', status: 's.status' },
  defaultOrdering: 'id',
  filters: { event_id: 's.event_id', status: 's.status' },
};
const SubscribersQuery = Type.Composite([ListQuery, Type.Object({ event_id: Type.Optional(Id()) })]);
const enrollmentNotFound = () => new HttpError(404, 'not_found', 'Enrollment not found');

/**
 * spec 3 §2 Subscribers/Registrations tab, §4 "Enrollment…", §5: the admin enrolls users in an
 * event (subscribe_event_users), decides cancellation requests (view_cancel_enrollments); the
 * learner asks to cancel until the cancellation limit date.
 */
const enrollments: FastifyPluginAsyncTypebox = async (app) => {
  const P = PRESENTIAL_PATHS;

  app.get(P.subscribers(':id'), { config: { access: appointmentRead }, schema: { params: IdParams, querystring: SubscribersQuery, response: listResponse(PresentialEnrollment) } }, async (request, reply) => {
    await appointmentOr404(app.db, request, request.params.id);
    const { event_id: eventId, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    let qb = enrollmentListQuery(app.db, clientOf(request)).where('s.appointment_id', '=', request.params.id);
    if (eventId) qb = qb.where('s.event_id', '=', eventId);
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'presential_subscribers', list, rows.map(toEnrollment), total);
  });

  // all or none, under the appointment's lock: two admins filling the last seat at once cannot overbook
  app.post(P.subscribersAdd(':id'), { config: { access: ACCESS.subscribe }, schema: { params: IdParams, body: EnrollBody, response: { 200: EnrollResult } } }, async (request) => {
    const clientId = clientOf(request);
    const { event_id: eventId, user_ids: userIds } = request.body;
    if ((await nonMembers(app.db, clientId, userIds)).length) throw new HttpError(400, 'validation_error', 'Unknown user', { user_ids: 'validation_error' });
    try {
      return await app.db.transaction().execute(async (trx) => {
        const appointment = await lockAppointment(trx, clientId, request.params.id);
        if (!appointment || appointment.is_template) throw appointmentNotFound();
        const event = await findEvent(trx, clientId, appointment.id, eventId);
        if (!event) throw eventNotFound();
        const invited = new Set(await inviteesOf(trx, appointment.id));
        const taken = await enrollUsers(trx, { appointment, event, invited, byAdmin: true, actorId: authOf(request).user.id, now: new Date() }, userIds);
        return { enrolled: new Set(userIds).size, qty_participants: taken };
      });
    } catch (error) {
      if (error instanceof EnrollmentRefused) {
        throw new HttpError(409, error.code, error.userId ? `User ${error.userId}: ${error.code}` : error.code, { user_ids: error.code });
      }
      throw error;
    }
  });

  // ---- cancellation requests (spec 3 §4) ----
  app.get(P.cancelEnrollments, { config: { access: ACCESS.cancelEnrollments }, schema: { querystring: ListQuery, response: listResponse(PresentialEnrollment) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const qb = enrollmentListQuery(app.db, clientOf(request)).where('s.status', '=', 'awaiting_cancellation');
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'presential_cancel_enrollments', list, rows.map(toEnrollment), total);
  });

  app.post(P.decideCancellation(':id'), { config: { access: ACCESS.cancelEnrollments }, schema: { params: IdParams, body: DecideCancellationBody, response: { 200: PresentialEnrollment } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await findEnrollment(trx, clientId, id);
      if (!row) throw enrollmentNotFound();
      await lockAppointment(trx, clientId, row.appointment_id);
      const next = decideCancellation(row.status, request.body.approve);
      if (next === 'enrollment_transition_not_allowed' || !(await moveEnrollment(trx, row, next, { decidedBy: authOf(request).user.id, now: new Date() }))) {
        throw new HttpError(409, 'enrollment_transition_not_allowed', 'The enrollment is not awaiting cancellation');
      }
    });
    const row = await enrollmentListQuery(app.db, clientId).where('s.id', '=', id).executeTakeFirstOrThrow();
    return toEnrollment(row);
  });

  // the learner's own enrollment (spec 3 §2 "request enrollment cancellation")
  app.post(LEARNER_PRESENTIAL_PATHS.cancellationRequest(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: Type.Optional(CancellationRequestBody), response: { 200: PresentialEnrollment } } }, async (request) => {
    const { user, clientId } = authOf(request);
    if (clientId == null) throw enrollmentNotFound();
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await findEnrollment(trx, clientId, id);
      if (!row || row.user_id !== user.id) throw enrollmentNotFound();
      const appointment = await findAppointment(trx, clientId, row.appointment_id);
      const now = new Date();
      const limit = appointment?.cancellation_until ?? appointment?.subscription_until ?? null;
      const refusal = cancellationRequestRefusal(row.status, limit ? new Date(limit) : null, now);
      if (refusal) throw new HttpError(409, refusal, refusal === 'enrollment_cancelation_limit_date_expired' ? 'The request deadline has passed' : 'The enrollment cannot be canceled');
      if (!(await moveEnrollment(trx, row, 'awaiting_cancellation', { reason: request.body?.reason?.trim() || null, now }))) {
        throw new HttpError(409, 'enrollment_transition_not_allowed', 'The enrollment changed meanwhile');
      }
    });
    return toEnrollment(await enrollmentListQuery(app.db, clientId).where('s.id', '=', id).executeTakeFirstOrThrow());
  });
};
export default enrollments;
