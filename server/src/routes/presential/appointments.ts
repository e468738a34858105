import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  APPOINTMENT_ACTIONS, Appointment, AppointmentActionBody, AppointmentHistoryEntry, AppointmentInput, AppointmentInputRow, AppointmentInputs,
  AppointmentListItem, AppointmentListQuery, CreatedId, PRESENTIAL_PATHS, type ErrorCode,
} from '@lp/shared/contract';
import {
  APPOINTMENT_TRANSITIONS, appointmentTitle, availableActions, formErrorCode, hasPermission, isAppointmentEditable, isValidTimezone, materialsRefusal,
  parseApiDateTime, transitionRefusal, validateAppointment, type AppointmentAction,
} from '@lp/shared/rules';
import { foreignAudienceIds } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  activeEventCount, appointmentListQuery, appointmentState, applyTransition, duplicateAppointment, findAppointment, foreignMaterials, historyQuery, inputsOf,
  insertAppointment, lockAppointment, nonMembers, replaceInputs, updateAppointment, type AppointmentState,
} from '../../repositories/presential/appointments.ts';
import { clientCourse, clientRowExists } from '../../repositories/presential/reference.ts';
import { noticeAppointmentStep } from '../../presential/appointmentNotices.ts';
import { ACCESS, actionAccess, appointmentNotFound, appointmentOr404, appointmentRead, loadAppointment } from './common.ts';

const T = 'presential_appointments';
const LIST_SPEC: ListSpec = {
  searchColumns: [`${T}.title`, 'c.name', 'c.code', `${T}.training_code`],
  sortable: { id: `${T}.id`, title: `${T}.title`, status: `${T}.status`, training_type: `${T}.training_type`, created_at: `${T}.created_at` },
  defaultOrdering: '-id',
  filters: { status: `${T}.status`, training_type: `${T}.training_type`, appointment_type_id: `${T}.appointment_type_id` },
};

const blankToNull = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

/** The values a create or update stores: the request merged into the current values, then spec 3 §3/§5 checked. */
async function resolveState(db: Db, clientId: number, input: AppointmentInput, current: AppointmentState | null): Promise<AppointmentState> {
  const fields: Record<string, ErrorCode> = {};
  const pick = <K extends keyof AppointmentInput & keyof AppointmentState>(k: K, fallback: AppointmentState[K]): AppointmentState[K] =>
    (input[k] !== undefined ? input[k] : current ? current[k] : fallback) as AppointmentState[K];
  const instant = (k: 'subscription_until' | 'cancellation_until'): Date | null => {
    if (input[k] === undefined) return current?.[k] ?? null;
    const text = input[k]?.trim() ?? '';
    if (!text) return null;
    const at = parseApiDateTime(text);
    if (!at) fields[k] = 'validation_error';
    return at;
  };
  const state: AppointmentState = {
    title: (input.title ?? current?.title ?? '').trim(),
    training_code: input.training_code !== undefined ? blankToNull(input.training_code) : current?.training_code ?? null,
    course_id: pick('course_id', null),
    appointment_type_id: pick('appointment_type_id', null),
    product_category_id: pick('product_category_id', null),
    product_id: pick('product_id', null),
    training_type: pick('training_type', 'open'),
    listed: pick('listed', true),
    participating_audience: pick('participating_audience', ''),
    workload: pick('workload', 0),
    minimum_participants: pick('minimum_participants', null),
    maximum_participants: pick('maximum_participants', null),
    expected_participants: pick('expected_participants', null),
    minimum_score: pick('minimum_score', null),
    subscription_until: instant('subscription_until'),
    cancellation_until: instant('cancellation_until'),
    timezone: pick('timezone', 'America/Sao_Paulo'),
    owner_id: pick('owner_id', null),
    owner_email: input.owner_email !== undefined ? blankToNull(input.owner_email) : current?.owner_email ?? null,
    receive_emails: pick('receive_emails', true),
    has_tests: pick('has_tests', false),
    comments: pick('comments', ''),
    instructors: [...new Set(pick('instructors', []))],
    invitees: [...new Set(pick('invitees', []))],
    areas: pick('areas', []),
    profiles: pick('profiles', []),
    user_groups: pick('user_groups', []),
  };
  if (!isValidTimezone(state.timezone)) fields.timezone = 'invalid_timezone';
  // spec 3 §3 "title: blank uses the training title"
  const course = await clientCourse(db, clientId, state.course_id);
  if (state.course_id !== null && !course) fields.course_id = 'validation_error';
  Object.assign(fields, validateAppointment({ ...state, title: appointmentTitle(state.title, course?.name) }), { ...fields });
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The appointment data is not valid', fields);

  const foreign = await foreignAudienceIds(db, clientId, state);
  if (state.appointment_type_id !== null && !(await clientRowExists(db, 'presential_appointment_types', clientId, state.appointment_type_id))) foreign.appointment_type_id = 'validation_error';
  if (state.product_category_id !== null && !(await clientRowExists(db, 'presential_product_categories', clientId, state.product_category_id))) foreign.product_category_id = 'validation_error';
  if (state.product_id !== null && !(await clientRowExists(db, 'presential_products', clientId, state.product_id))) foreign.product_id = 'validation_error';
  if ((await nonMembers(db, clientId, state.instructors)).length) foreign.instructors = 'validation_error';
  if ((await nonMembers(db, clientId, state.invitees)).length) foreign.invitees = 'validation_error';
  if (state.owner_id !== null && (await nonMembers(db, clientId, [state.owner_id])).length) foreign.owner_id = 'validation_error';
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/**
 * spec 3 §2 "appointment list with request, approve, reprove, cancel and finish actions", the
 * appointment screen's Basic data and Inputs, duplicates and models (spec 1 §6.2 manage_models),
 * and the workflow of spec 3 §4 with its history.
 */
const appointments: FastifyPluginAsyncTypebox = async (app) => {
  const P = PRESENTIAL_PATHS;
  const answer = async (request: FastifyRequest, id: number) => {
    const row = await findAppointment(app.db, clientOf(request), id);
    if (!row) throw appointmentNotFound();
    return loadAppointment(app.db, request, row);
  };

  const listRoute = (path: string, templates: boolean) =>
    app.get(path, { config: { access: appointmentRead }, schema: { querystring: AppointmentListQuery, response: listResponse(AppointmentListItem) } }, async (request, reply) => {
      const { status, training_type: trainingType, appointment_type_id: typeId, ...query } = request.query;
      const parsed = parseListQuery(query, LIST_SPEC);
      const { rows, total } = await runList(appointmentListQuery(app.db, clientOf(request), { templates, status, trainingType, typeId }), parsed, LIST_SPEC);
      const { subject } = authOf(request);
      const items = rows.map((r) => ({
        id: r.id, display_title: appointmentTitle(r.title, r.course_name), course_code: r.course_code, appointment_type: r.appointment_type,
        training_type: r.training_type, status: r.status, first_date: (r.first_date as string | null) ?? null, events_count: Number(r.events_count ?? 0),
        qty_participants: Number(r.qty_participants ?? 0), maximum_participants: r.maximum_participants, created_at: r.created_at,
        actions: templates ? [] : availableActions(r.status, (slug) => hasPermission(subject, slug)),
      }));
      return sendList(reply, templates ? 'appointment_templates' : 'appointments', parsed, items, total);
    });
  listRoute(P.appointments, false);
  listRoute(P.templates, true);

  app.get(P.appointment(':id'), { config: { access: appointmentRead }, schema: { params: IdParams, response: { 200: Appointment } } }, async (request) => {
    const row = await findAppointment(app.db, clientOf(request), request.params.id);
    if (!row) throw appointmentNotFound();
    return loadAppointment(app.db, request, row);
  });

  // spec 1 §6.2 request_events: "create and duplicate appointments for superior approval"
  app.post(P.appointments, { config: { access: ACCESS.request }, schema: { body: AppointmentInput, response: { 201: Appointment } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) =>
      insertAppointment(trx, clientId, authOf(request).user.id, await resolveState(trx, clientId, request.body, null)));
    return reply.status(201).send(await answer(request, id));
  });

  app.put(P.appointment(':id'), { config: { access: ACCESS.basicData }, schema: { params: IdParams, body: AppointmentInput, response: { 200: Appointment } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await lockAppointment(trx, clientId, id);
      if (!row) throw appointmentNotFound();
      if (!isAppointmentEditable(row.status)) throw new HttpError(409, 'appointment_not_editable', 'The appointment has ended');
      await updateAppointment(trx, clientId, id, await resolveState(trx, clientId, request.body, await appointmentState(trx, row)));
    });
    return answer(request, id);
  });

  // ---- the workflow (spec 3 §4): one route per action, each behind its own key ----
  for (const action of APPOINTMENT_ACTIONS) {
    app.post(P.action(':id', action), {
      config: { access: actionAccess(action) }, schema: { params: IdParams, body: Type.Optional(AppointmentActionBody), response: { 200: Appointment } },
    }, async (request) => {
      const clientId = clientOf(request);
      const { id } = request.params;
      const actorId = authOf(request).user.id;
      const note = request.body?.note?.trim() || null;
      await app.db.transaction().execute(async (trx) => {
        const row = await lockAppointment(trx, clientId, id);
        if (!row || row.is_template) throw appointmentNotFound();
        await transition(trx, row, action, actorId, note);
      });
      await noticeAppointmentStep(app, request.log, { clientId, appointmentId: id, action, actorId, note });
      return answer(request, id);
    });
  }

  async function transition(trx: Db, row: NonNullable<Awaited<ReturnType<typeof lockAppointment>>>, action: AppointmentAction, userId: number, note: string | null) {
    const refusal = transitionRefusal(row.status, action, await activeEventCount(trx, row.id));
    if (refusal) throw new HttpError(409, refusal, `Cannot ${action} an appointment that is ${row.status}`);
    if (!(await applyTransition(trx, row, { action, to: APPOINTMENT_TRANSITIONS[action].to, userId, note }))) {
      throw new HttpError(409, 'appointment_transition_not_allowed', 'The appointment changed meanwhile');
    }
  }

  app.get(P.history(':id'), { config: { access: appointmentRead }, schema: { params: IdParams, response: { 200: Type.Array(AppointmentHistoryEntry) } } }, async (request) => {
    await appointmentOr404(app.db, request, request.params.id);
    return (await historyQuery(app.db, request.params.id).execute()).map((h) => ({
      id: h.id, action: h.action, from_status: h.from_status, to_status: h.to_status, note: h.note, created_at: h.created_at,
      user: h.user_id !== null ? { id: h.user_id, full_name: h.full_name ?? '' } : null,
    }));
  });

  // ---- duplicates and models ----
  const copy = (template: boolean, fromTemplate: boolean) => async (request: FastifyRequest<{ Params: IdParams }>) => {
    const clientId = clientOf(request);
    await appointmentOr404(app.db, request, request.params.id, fromTemplate);
    const id = await app.db.transaction().execute((trx) => duplicateAppointment(trx, clientId, request.params.id, authOf(request).user.id, template));
    if (id === null) throw appointmentNotFound();
    return { id };
  };
  app.post(P.duplicate(':id'), { config: { access: ACCESS.request }, schema: { params: IdParams, response: { 200: CreatedId } } }, copy(false, false));
  app.post(P.saveAsTemplate(':id'), { config: { access: ACCESS.models }, schema: { params: IdParams, response: { 200: CreatedId } } }, copy(true, false));
  app.post(P.fromTemplate(':id'), { config: { access: ACCESS.request }, schema: { params: IdParams, response: { 200: CreatedId } } }, copy(false, true));

  // ---- Inputs tab (spec 3 §2; §5 "A quantity is required for every selected material") ----
  const inputRows = async (id: number) => (await inputsOf(app.db, id)).map((r) => ({ ...r, value: Number(r.value), total: r.quantity * Number(r.value) }));
  app.get(P.inputs(':id'), { config: { access: appointmentRead }, schema: { params: IdParams, response: { 200: Type.Array(AppointmentInputRow) } } }, async (request) => {
    await appointmentOr404(app.db, request, request.params.id, 'any');
    return inputRows(request.params.id);
  });
  app.put(P.inputs(':id'), { config: { access: ACCESS.basicData }, schema: { params: IdParams, body: AppointmentInputs, response: { 200: Type.Array(AppointmentInputRow) } } }, async (request) => {
    const clientId = clientOf(request);
    const row = await appointmentOr404(app.db, request, request.params.id, 'any');
    if (!isAppointmentEditable(row.status)) throw new HttpError(409, 'appointment_not_editable', 'The appointment has ended');
    const refusal = materialsRefusal(request.body);
    if (refusal) throw new HttpError(400, refusal, 'A quantity is required for every selected material', { inputs: refusal });
    const ids = [...new Set(request.body.map((l) => l.material_id))];
    if ((await foreignMaterials(app.db, clientId, ids)).length) throw new HttpError(400, 'validation_error', 'Unknown material', { inputs: 'validation_error' });
    const lines = ids.map((material_id) => ({ material_id, quantity: request.body.find((l) => l.material_id === material_id)!.quantity! }));
    await app.db.transaction().execute((trx) => replaceInputs(trx, row.id, lines));
    return inputRows(row.id);
  });
};
export default appointments;
