import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  PRESENTIAL_PATHS, PresentialCalendarEvent, PresentialCalendarQuery, PresentialEvent, PresentialEventInput, type ErrorCode,
} from '@lp/shared/contract';
import { appointmentTitle, formErrorCode, isAppointmentEditable, validateCalendarRange, validateEvent } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { PresentialAppointmentRow, PresentialEventRow } from '../../db/tables/presential.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { Id, IdParams } from '../../lib/params.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { courseName, lockAppointment, nonMembers } from '../../repositories/presential/appointments.ts';
import {
  activeEnrollmentsInEvent, calendarEventsQuery, deleteEvent, eventInstructors, eventsQuery, findEvent, insertEvent, linkTargetsExist, toEvents, typeMaximum, updateEvent,
  type EventState,
} from '../../repositories/presential/events.ts';
import { ACCESS, appointmentNotFound, appointmentOr404, appointmentRead, eventNotFound } from './common.ts';

const EventParams = Type.Object({ id: Id(), eventId: Id() });

/** The values an event stores: the request merged into the current values, then spec 3 §3/§5 checked. */
async function resolveEvent(db: Db, appointment: PresentialAppointmentRow, input: PresentialEventInput, current: PresentialEventRow | null): Promise<EventState> {
  const currentInstructors = current ? (await eventInstructors(db, [current.id])).get(current.id) ?? [] : [];
  const state: EventState = {
    event_type: input.event_type ?? current?.event_type ?? ('' as EventState['event_type']),
    date: input.date ?? current?.date ?? '',
    start_hour: input.start_hour ?? current?.start_hour ?? '',
    end_hour: input.end_hour ?? current?.end_hour ?? '',
    intermission_minutes: input.intermission_minutes ?? current?.intermission_minutes ?? 0,
    location: (input.location ?? current?.location ?? '').trim(),
    location_name: (input.location_name ?? current?.location_name ?? '').trim(),
    live_class_id: input.live_class_id !== undefined ? input.live_class_id : current?.live_class_id ?? null,
    webcast_id: input.webcast_id !== undefined ? input.webcast_id : current?.webcast_id ?? null,
    // spec 3 §3 "maximum participants: taken from the class type"
    maximum_participants: input.maximum_participants !== undefined ? input.maximum_participants
      : current ? current.maximum_participants : await typeMaximum(db, appointment.appointment_type_id),
    instructors: [...new Set(input.instructors ?? currentInstructors)],
  };
  const fields: Record<string, ErrorCode> = validateEvent(state);
  if (state.date && !fields.date && Number.isNaN(Date.parse(`${state.date}T00:00:00Z`))) fields.date = 'validation_error';
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The event data is not valid', fields);
  const foreign: Record<string, ErrorCode> = {};
  if ((await nonMembers(db, appointment.client_id, state.instructors)).length) foreign.instructors = 'validation_error';
  const links = await linkTargetsExist(db, appointment.client_id, state.live_class_id, state.webcast_id);
  if (!links.live_class) foreign.live_class_id = 'validation_error';
  if (!links.webcast) foreign.webcast_id = 'validation_error';
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/** spec 3 §2 the appointment screen's Events tab (presential_edit_events), spec 3 §3 "Event". */
const events: FastifyPluginAsyncTypebox = async (app) => {
  const P = PRESENTIAL_PATHS;
  const one = async (clientId: number, appointmentId: number, eventId: number) => {
    const [event] = await toEvents(app.db, await eventsQuery(app.db, clientId, appointmentId).where('presential_events.id', '=', eventId).execute());
    if (!event) throw eventNotFound();
    return event;
  };
  /** The appointment, locked, still open to changes. */
  const editable = async (trx: Db, clientId: number, id: number) => {
    const row = await lockAppointment(trx, clientId, id);
    if (!row) throw appointmentNotFound();
    if (!isAppointmentEditable(row.status)) throw new HttpError(409, 'appointment_not_editable', 'The appointment has ended');
    return row;
  };

  // spec 1 §2.3 presential/calendar: the client's events of a month or week grid, with the appointment each opens
  app.get(P.calendar, { config: { access: appointmentRead }, schema: { querystring: PresentialCalendarQuery, response: { 200: Type.Array(PresentialCalendarEvent) } } }, async (request) => {
    const { from, to } = request.query;
    // the schedule's rule (spec 3 §2 calendar): two days, from first, at most a six-week grid
    const error = validateCalendarRange(from, to);
    if (error) throw new HttpError(400, error, 'from and to are days, from first, at most 62 days apart', { to: error });
    const rows = await calendarEventsQuery(app.db, clientOf(request), from, to).execute();
    return rows.map((r) => ({
      id: r.id, appointment_id: r.appointment_id, title: appointmentTitle(r.title, r.course_name), status: r.status, event_type: r.event_type,
      date: r.date, start_hour: r.start_hour, end_hour: r.end_hour, location_name: r.location_name, qty_participants: Number(r.qty_participants ?? 0),
      maximum_participants: r.maximum_participants,
    }));
  });

  app.get(P.events(':id'), { config: { access: appointmentRead }, schema: { params: IdParams, response: { 200: Type.Array(PresentialEvent) } } }, async (request) => {
    await appointmentOr404(app.db, request, request.params.id, 'any');
    return toEvents(app.db, await eventsQuery(app.db, clientOf(request), request.params.id).execute());
  });

  app.get(P.event(':id', ':eventId'), { config: { access: appointmentRead }, schema: { params: EventParams, response: { 200: PresentialEvent } } }, async (request) =>
    one(clientOf(request), request.params.id, request.params.eventId));

  app.post(P.events(':id'), { config: { access: ACCESS.events }, schema: { params: IdParams, body: PresentialEventInput, response: { 201: PresentialEvent } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const eventId = await app.db.transaction().execute(async (trx) => {
      const row = await editable(trx, clientId, request.params.id);
      const course = await courseName(trx, row.course_id);
      return insertEvent(trx, clientId, row.id, appointmentTitle(row.title, course?.name) || '-', await resolveEvent(trx, row, request.body, null));
    });
    return reply.status(201).send(await one(clientId, request.params.id, eventId));
  });

  app.put(P.event(':id', ':eventId'), { config: { access: ACCESS.events }, schema: { params: EventParams, body: PresentialEventInput, response: { 200: PresentialEvent } } }, async (request) => {
    const clientId = clientOf(request);
    const { id, eventId } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await editable(trx, clientId, id);
      const current = await findEvent(trx, clientId, id, eventId, true);
      if (!current) throw eventNotFound();
      const state = await resolveEvent(trx, row, request.body, current);
      // spec 3 §5 "event users cannot exceed the event maximum" (a lowered maximum)
      if (state.maximum_participants !== null && (await activeEnrollmentsInEvent(trx, eventId)) > state.maximum_participants) {
        throw new HttpError(409, 'there_are_more_users_than_allowed_for_this_event', 'There are more users than allowed for this event', { maximum_participants: 'there_are_more_users_than_allowed_for_this_event' });
      }
      await updateEvent(trx, eventId, state);
    });
    return one(clientId, id, eventId);
  });

  app.delete(P.event(':id', ':eventId'), { config: { access: ACCESS.events }, schema: { params: EventParams, response: { 200: PresentialEvent } } }, async (request) => {
    const clientId = clientOf(request);
    const { id, eventId } = request.params;
    const before = await one(clientId, id, eventId);
    await app.db.transaction().execute(async (trx) => {
      await editable(trx, clientId, id);
      // enrolled users keep their seat: the event is removed only once nobody is in it
      if ((await activeEnrollmentsInEvent(trx, eventId)) > 0) {
        throw new HttpError(409, 'presential_event_has_enrolled_users', 'Users are enrolled in this event');
      }
      await deleteEvent(trx, eventId);
    });
    return before;
  });
};
export default events;
