/**
 * Appointments (spec 3 §3 "Face-to-face training (appointment)", §4): the row with its
 * instructors, invitees, inputs, target audience and status history; the workflow's one
 * conditional update; duplicates and models. Every query is scoped to the selected client.
 */
import { ACTIVE_ENROLLMENT_STATUSES, appointmentTitle, type AppointmentAction, type AppointmentStatus, type AppointmentTrainingType } from '@lp/shared/rules';
import { audienceMember, copyAudience, inAudience, readAudience, writeAudience } from '../../content/audience/index.ts';
import { PRESENTIAL_EVENT_OWNER } from '../../content/owners.ts';
import { ownedDb } from '../../content/ownedDb.ts';
import { copyOwnedContent } from '../../content/repository/copy.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { PresentialAppointmentRow } from '../../db/tables/presential.table.ts';

/** Enrollments that hold a seat (kysely's `in` wants a mutable list). */
export const ACTIVE_STATUSES = [...ACTIVE_ENROLLMENT_STATUSES];

/** What a create or update stores (the route merges the request into the current values). */
export interface AppointmentState {
  title: string;
  training_code: string | null;
  course_id: number | null;
  appointment_type_id: number | null;
  product_category_id: number | null;
  product_id: number | null;
  training_type: AppointmentTrainingType;
  listed: boolean;
  participating_audience: string;
  workload: number;
  minimum_participants: number | null;
  maximum_participants: number | null;
  expected_participants: number | null;
  minimum_score: number | null;
  subscription_until: Date | null;
  cancellation_until: Date | null;
  timezone: string;
  owner_id: number | null;
  owner_email: string | null;
  receive_emails: boolean;
  has_tests: boolean;
  comments: string;
  instructors: number[];
  invitees: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

const ROW_FIELDS = [
  'title', 'training_code', 'course_id', 'appointment_type_id', 'product_category_id', 'product_id', 'training_type', 'listed', 'participating_audience',
  'workload', 'minimum_participants', 'maximum_participants', 'expected_participants', 'minimum_score', 'subscription_until', 'cancellation_until',
  'timezone', 'owner_id', 'owner_email', 'receive_emails', 'has_tests', 'comments',
] as const;
const rowValues = (s: AppointmentState) => Object.fromEntries(ROW_FIELDS.map((f) => [f, s[f]])) as Pick<AppointmentState, (typeof ROW_FIELDS)[number]>;

export async function findAppointment(db: Db, clientId: number, id: number): Promise<PresentialAppointmentRow | undefined> {
  return db.selectFrom('presential_appointments').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

/** The row, locked until the transaction ends on Postgres (SQLite's one writer is already alone). */
export async function lockAppointment(trx: Db, clientId: number, id: number): Promise<PresentialAppointmentRow | undefined> {
  let q = trx.selectFrom('presential_appointments').selectAll().where('id', '=', id).where('client_id', '=', clientId);
  if (dialectOf(trx) === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

const userIdsOf = async (db: Db, table: 'presential_appointment_instructors' | 'presential_appointment_invitees', id: number) =>
  (await db.selectFrom(table).select('user_id').where('appointment_id', '=', id).orderBy('user_id').execute()).map((r) => r.user_id);

/** The stored values in the shape a save merges into. */
export async function appointmentState(db: Db, row: PresentialAppointmentRow): Promise<AppointmentState> {
  const [instructors, invitees, audience] = await Promise.all([
    userIdsOf(db, 'presential_appointment_instructors', row.id), userIdsOf(db, 'presential_appointment_invitees', row.id),
    readAudience(db, 'presential_appointment', row.id),
  ]);
  return {
    ...rowValues({ ...row, workload: Number(row.workload) } as unknown as AppointmentState),
    subscription_until: row.subscription_until ? new Date(row.subscription_until) : null,
    cancellation_until: row.cancellation_until ? new Date(row.cancellation_until) : null,
    instructors, invitees, areas: audience.areas, profiles: audience.profiles, user_groups: audience.user_groups,
  };
}

async function writeLinks(db: Db, id: number, s: AppointmentState): Promise<void> {
  for (const [table, ids] of [['presential_appointment_instructors', s.instructors], ['presential_appointment_invitees', s.invitees]] as const) {
    await db.deleteFrom(table).where('appointment_id', '=', id).execute();
    if (ids.length) await db.insertInto(table).values([...new Set(ids)].map((user_id) => ({ appointment_id: id, user_id }))).execute();
  }
  await writeAudience(db, 'presential_appointment', id, { areas: s.areas, profiles: s.profiles, user_groups: s.user_groups });
}

export async function addHistory(
  db: Db, appointmentId: number, e: { action: string; from: AppointmentStatus | null; to: AppointmentStatus; userId: number; note?: string | null },
): Promise<void> {
  await db.insertInto('presential_appointment_history').values({
    appointment_id: appointmentId, action: e.action, from_status: e.from, to_status: e.to, user_id: e.userId, note: e.note ?? null, created_at: new Date(),
  }).execute();
}

/** A new appointment is pre-scheduled, its requester the creator (spec 3 §4 "A request creates … an appointment"). */
export async function insertAppointment(db: Db, clientId: number, userId: number, s: AppointmentState, isTemplate = false): Promise<number> {
  const now = new Date();
  const { id } = await db.insertInto('presential_appointments').values({
    ...rowValues(s), client_id: clientId, status: 'pre_scheduled', requester_id: userId, is_template: isTemplate, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await writeLinks(db, id, s);
  await addHistory(db, id, { action: 'create', from: null, to: 'pre_scheduled', userId });
  return id;
}

export async function updateAppointment(db: Db, clientId: number, id: number, s: AppointmentState): Promise<boolean> {
  const res = await db.updateTable('presential_appointments').set({ ...rowValues(s), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await writeLinks(db, id, s);
  // the events carry the owner title the owned-content core shows
  const course = s.course_id ? await db.selectFrom('presential_courses').select('name').where('id', '=', s.course_id).executeTakeFirst() : undefined;
  await db.updateTable('presential_events').set({ title: appointmentTitle(s.title, course?.name) || '-' }).where('appointment_id', '=', id).execute();
  return true;
}

/**
 * Moves the appointment from `from` to `to` only if it is still in `from` (two approvers
 * clicking at once: one wins, the other is refused), and records the step in the history.
 */
export async function applyTransition(
  db: Db, row: PresentialAppointmentRow, e: { action: AppointmentAction; to: AppointmentStatus; userId: number; note: string | null },
): Promise<boolean> {
  const set: { status: AppointmentStatus; updated_at: Date; cancellation_reason?: string | null } = { status: e.to, updated_at: new Date() };
  if (e.action === 'cancel' || e.action === 'fail' || e.action === 'reprove') set.cancellation_reason = e.note;
  const res = await db.updateTable('presential_appointments').set(set)
    .where('id', '=', row.id).where('client_id', '=', row.client_id).where('status', '=', row.status).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await addHistory(db, row.id, { action: e.action, from: row.status, to: e.to, userId: e.userId, note: e.note });
  return true;
}

export async function activeEventCount(db: Db, appointmentId: number): Promise<number> {
  const r = await db.selectFrom('presential_events').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('appointment_id', '=', appointmentId).where('status', '=', 1).executeTakeFirstOrThrow();
  return Number(r.n);
}

export function historyQuery(db: Db, appointmentId: number) {
  return db.selectFrom('presential_appointment_history as h').leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.action', 'h.from_status', 'h.to_status', 'h.note', 'h.created_at', 'u.id as user_id', 'u.full_name'])
    .where('h.appointment_id', '=', appointmentId).orderBy('h.id');
}

/** The list: the client's appointments (or models), with their first day, type and seat figures. */
export function appointmentListQuery(db: Db, clientId: number, f: { templates: boolean; status?: AppointmentStatus; trainingType?: AppointmentTrainingType; typeId?: number }) {
  let q = db.selectFrom('presential_appointments')
    .leftJoin('presential_courses as c', 'c.id', 'presential_appointments.course_id')
    .leftJoin('presential_appointment_types as t', 't.id', 'presential_appointments.appointment_type_id')
    .select((eb) => [
      'presential_appointments.id', 'presential_appointments.title', 'presential_appointments.status', 'presential_appointments.training_type',
      'presential_appointments.maximum_participants', 'presential_appointments.created_at', 'c.code as course_code', 'c.name as course_name', 't.label as appointment_type',
      eb.selectFrom('presential_events as e').select((e) => e.fn.min('e.date').as('d')).whereRef('e.appointment_id', '=', 'presential_appointments.id').where('e.status', '=', 1).as('first_date'),
      eb.selectFrom('presential_events as e').select((e) => e.fn.countAll<number>().as('n')).whereRef('e.appointment_id', '=', 'presential_appointments.id').where('e.status', '=', 1).as('events_count'),
      eb.selectFrom('presential_enrollments as s').select((e) => e.fn.countAll<number>().as('n')).whereRef('s.appointment_id', '=', 'presential_appointments.id')
        .where('s.status', 'in', ACTIVE_STATUSES).as('qty_participants'),
    ])
    .where('presential_appointments.client_id', '=', clientId).where('presential_appointments.is_template', '=', f.templates);
  if (f.status) q = q.where('presential_appointments.status', '=', f.status);
  if (f.trainingType) q = q.where('presential_appointments.training_type', '=', f.trainingType);
  if (f.typeId) q = q.where('presential_appointments.appointment_type_id', '=', f.typeId);
  return q;
}

export async function courseName(db: Db, courseId: number | null): Promise<{ code: string; name: string } | undefined> {
  if (courseId === null) return undefined;
  return db.selectFrom('presential_courses').select(['code', 'name']).where('id', '=', courseId).executeTakeFirst();
}

export async function peopleNamed(db: Db, ids: readonly number[]): Promise<{ id: number; full_name: string }[]> {
  if (!ids.length) return [];
  return db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', [...ids]).orderBy('full_name').execute();
}

export async function activeEnrollmentCount(db: Db, appointmentId: number): Promise<number> {
  const r = await db.selectFrom('presential_enrollments').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('appointment_id', '=', appointmentId).where('status', 'in', ACTIVE_STATUSES).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * A copy of the appointment with its instructors, invitees, inputs, audience, planned costs and
 * events (each with its owned tests, evaluations and materials): a new pre-scheduled request (spec 3 §4
 * "creates or duplicates an appointment for superior approval"), or a model (`template`).
 * Enrollments and history are not copied.
 */
export async function duplicateAppointment(db: Db, clientId: number, sourceId: number, userId: number, template: boolean): Promise<number | null> {
  const source = await findAppointment(db, clientId, sourceId);
  if (!source) return null;
  const id = await insertAppointment(db, clientId, userId, await appointmentState(db, source), template);
  const materials = await db.selectFrom('presential_appointment_materials').select(['material_id', 'quantity']).where('appointment_id', '=', sourceId).execute();
  if (materials.length) await db.insertInto('presential_appointment_materials').values(materials.map((m) => ({ ...m, appointment_id: id }))).execute();
  const events = await db.selectFrom('presential_events').selectAll().where('appointment_id', '=', sourceId).where('status', '=', 1).orderBy('id').execute();
  const now = new Date();
  for (const { id: eventId, created_at: _c, updated_at: _u, ...event } of events) {
    const { id: copyId } = await db.insertInto('presential_events').values({ ...event, appointment_id: id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const instructors = await db.selectFrom('presential_event_instructors').select('user_id').where('event_id', '=', eventId).execute();
    if (instructors.length) await db.insertInto('presential_event_instructors').values(instructors.map((r) => ({ event_id: copyId, user_id: r.user_id }))).execute();
    await copyOwnedContent(ownedDb(db, PRESENTIAL_EVENT_OWNER), eventId, copyId);
    const cost = await db.selectFrom('presential_event_costs').select('cost').where('event_id', '=', eventId).executeTakeFirst();
    if (cost) await db.insertInto('presential_event_costs').values({ event_id: copyId, client_id: clientId, cost: cost.cost, actual_cost: null }).execute();
  }
  await copyAudience(db, 'presential_appointment', sourceId, id);
  await copyPlannedCosts(db, clientId, sourceId, id);
  return id;
}

/**
 * spec 3 §3 "Costs" of a copy: what was planned (the expected cost per participant, each event's
 * cost, the additional cost lines) comes along; what was spent (actual values) belongs to the
 * training that took place and starts empty.
 */
async function copyPlannedCosts(db: Db, clientId: number, sourceId: number, copyId: number): Promise<void> {
  const closing = await db.selectFrom('presential_appointment_closings').select('expected_cost_per_participant').where('appointment_id', '=', sourceId).executeTakeFirst();
  if (closing?.expected_cost_per_participant) {
    await db.insertInto('presential_appointment_closings')
      .values({ appointment_id: copyId, client_id: clientId, expected_cost_per_participant: closing.expected_cost_per_participant }).execute();
  }
  const lines = await db.selectFrom('presential_additional_costs').select(['description', 'quantity', 'unit_value', 'installments', 'position'])
    .where('client_id', '=', clientId).where('appointment_id', '=', sourceId).orderBy('position').orderBy('id').execute();
  if (lines.length) {
    await db.insertInto('presential_additional_costs')
      .values(lines.map((l) => ({ ...l, client_id: clientId, appointment_id: copyId, actual_value: null }))).execute();
  }
}

// ---- inputs (support materials with quantities) ----

export function inputsOf(db: Db, appointmentId: number) {
  return db.selectFrom('presential_appointment_materials as am').innerJoin('presential_support_materials as m', 'm.id', 'am.material_id')
    .select(['am.material_id', 'm.name', 'am.quantity', 'm.value']).where('am.appointment_id', '=', appointmentId).orderBy('m.name').execute();
}

/** Material ids among `ids` that are not the client's. */
export async function foreignMaterials(db: Db, clientId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const mine = new Set((await db.selectFrom('presential_support_materials').select('id').where('client_id', '=', clientId).where('id', 'in', [...ids]).execute()).map((r) => r.id));
  return ids.filter((id) => !mine.has(id));
}

export async function replaceInputs(db: Db, appointmentId: number, lines: readonly { material_id: number; quantity: number }[]): Promise<void> {
  await db.deleteFrom('presential_appointment_materials').where('appointment_id', '=', appointmentId).execute();
  if (lines.length) await db.insertInto('presential_appointment_materials').values(lines.map((l) => ({ appointment_id: appointmentId, ...l }))).execute();
}

/** Users among `userIds` who are not members of the client. */
export async function nonMembers(db: Db, clientId: number, userIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const members = new Set((await db.selectFrom('user_clients').select('user_id').where('client_id', '=', clientId).where('user_id', 'in', ids).execute()).map((r) => r.user_id));
  return ids.filter((id) => !members.has(id));
}

/** spec 3 §4 "Listed: visible to the target audience": whether the appointment's audience holds the user. */
export async function isInAppointmentAudience(db: Db, clientId: number, appointmentId: number, userId: number): Promise<boolean> {
  const member = await audienceMember(db, clientId, userId);
  if (!member) return false;
  return !!(await db.selectFrom('presential_appointments').select('presential_appointments.id')
    .where('presential_appointments.id', '=', appointmentId).where('presential_appointments.client_id', '=', clientId)
    .where(inAudience('presential_appointment', member)).executeTakeFirst());
}

export const inviteesOf = (db: Db, appointmentId: number) => userIdsOf(db, 'presential_appointment_invitees', appointmentId);
