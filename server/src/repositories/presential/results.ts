/**
 * Attendance and results of an appointment's guests (spec 3 §3 "Guest / participant", §4
 * "Training results"), the appointment's closing row (finalization, points) and the prefill from
 * the event's test attempts. Every query is scoped to the selected client.
 */
import { FINISHED_ATTEMPT_STATUSES, bestAttempt, type GuestResult } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { PresentialAppointmentClosingRow } from '../../db/tables/presentialResults.table.ts';
import { ACTIVE_STATUSES } from './appointments.ts';
import { EVENT_STATUS } from './events.ts';

/** The closing row as stored, if any (reads never create it). */
export function findClosing(db: Db, appointmentId: number) {
  return db.selectFrom('presential_appointment_closings').selectAll().where('appointment_id', '=', appointmentId).executeTakeFirst();
}

/** The client's name (the printed lists' header). */
export async function clientName(db: Db, clientId: number): Promise<string> {
  return (await db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirstOrThrow()).name;
}

/** The closing row of an appointment, made on first need (one per appointment: the primary key). */
export async function closingOf(db: Db, clientId: number, appointmentId: number): Promise<PresentialAppointmentClosingRow> {
  await db.insertInto('presential_appointment_closings').values({ appointment_id: appointmentId, client_id: clientId })
    .onConflict((oc) => oc.column('appointment_id').doNothing()).execute();
  return db.selectFrom('presential_appointment_closings').selectAll().where('appointment_id', '=', appointmentId).executeTakeFirstOrThrow();
}

/** The guests: the enrollments that hold a seat, in event and name order. */
export function guestsQuery(db: Db, clientId: number, appointmentId: number) {
  return db.selectFrom('presential_enrollments as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('presential_events as e', 'e.id', 's.event_id')
    .leftJoin('branches as b', (j) => j.onRef('b.id', '=', 'u.branch_id').on('b.client_id', '=', clientId))
    .leftJoin('branches as pb', (j) => j.onRef('pb.id', '=', 's.partner_branch_id').on('pb.client_id', '=', clientId))
    .select([
      's.id', 's.event_id', 's.user_id', 's.invited', 's.presence', 's.result', 's.score', 's.correct_answers', 's.signature', 's.observation', 's.motive',
      's.partner_branch_id', 's.certified_at', 'u.full_name', 'u.email', 'u.document', 'b.name as branch', 'pb.name as partner_branch',
      'e.date', 'e.start_hour',
    ])
    .where('s.client_id', '=', clientId).where('s.appointment_id', '=', appointmentId)
    .where('s.status', 'in', ACTIVE_STATUSES).where('e.status', '=', EVENT_STATUS.active)
    .orderBy('e.date').orderBy('e.start_hour').orderBy('u.full_name').orderBy('s.id');
}
export type GuestRow = Awaited<ReturnType<ReturnType<typeof guestsQuery>['execute']>>[number];

/** Each guest's best finished attempt at their event's tests (owned-content core), by enrollment id. */
export async function bestAttempts(db: Db, guests: readonly Pick<GuestRow, 'id' | 'event_id' | 'user_id'>[]) {
  const found = new Map<number, { score: number; correct_count: number; passed: boolean }>();
  if (!guests.length) return found;
  const attempts = await db.selectFrom('presential_event_test_results as r')
    .innerJoin('presential_event_tests as t', 't.id', 'r.test_id')
    .select(['t.owner_id as event_id', 'r.user_id', 'r.score', 'r.correct_count', 'r.passed', 'r.finished_at'])
    .where('t.owner_id', 'in', [...new Set(guests.map((g) => g.event_id))])
    .where('r.user_id', 'in', [...new Set(guests.map((g) => g.user_id))])
    .where('r.status', 'in', [...FINISHED_ATTEMPT_STATUSES])
    .execute();
  for (const g of guests) {
    const best = bestAttempt(attempts.filter((a) => a.event_id === g.event_id && a.user_id === g.user_id).map((a) => ({ ...a, score: Number(a.score) })));
    if (best) found.set(g.id, { score: best.score, correct_count: best.correct_count, passed: best.passed });
  }
  return found;
}

/** A guest's stored values as the rules read them (`invited` null: the invitee list decides). */
export const storedResult = (g: GuestRow, invitees: ReadonlySet<number>): GuestResult => ({
  invited: g.invited ?? invitees.has(g.user_id), presence: g.presence, result: g.result, score: g.score === null ? null : Number(g.score),
  correct_answers: g.correct_answers, signature: g.signature, observation: g.observation, motive: g.motive, partner_branch_id: g.partner_branch_id,
});

/** One guest's changes as the Results tab (PUT) and the results import send them: an omitted field keeps its value. */
export type GuestResultChanges = { [K in keyof GuestResult]?: GuestResult[K] };

/** The guest's next values: the changes over the stored ones, texts trimmed (checked by the caller with guestResultErrors). */
export function mergeGuestResult(current: GuestResult, input: GuestResultChanges): GuestResult {
  return {
    invited: input.invited ?? current.invited,
    presence: input.presence !== undefined ? input.presence : current.presence,
    result: input.result !== undefined ? input.result : current.result,
    score: input.score !== undefined ? input.score : current.score,
    correct_answers: input.correct_answers !== undefined ? input.correct_answers : current.correct_answers,
    signature: input.signature ?? current.signature,
    observation: (input.observation ?? current.observation).trim(),
    motive: (input.motive ?? current.motive).trim(),
    partner_branch_id: input.partner_branch_id !== undefined ? input.partner_branch_id : current.partner_branch_id,
  };
}

/** Whether saving `next` over `current` changes anything (a re-run import changes nothing). */
export const sameResult = (current: GuestResult, next: GuestResult): boolean =>
  (Object.keys(next) as Array<keyof GuestResult>).every((k) => current[k] === next[k]);

/** Writes one guest's row (the caller merged the request into it and checked it). */
export async function writeGuestResult(db: Db, enrollmentId: number, r: GuestResult, now: Date): Promise<void> {
  await db.updateTable('presential_enrollments').set({
    invited: r.invited, presence: r.presence, result: r.result, score: r.score, correct_answers: r.correct_answers, signature: r.signature,
    observation: r.observation, motive: r.motive, partner_branch_id: r.partner_branch_id, updated_at: now,
  }).where('id', '=', enrollmentId).execute();
}

export async function updateClosing(
  db: Db, appointmentId: number, values: { points?: number; points_category?: PresentialAppointmentClosingRow['points_category']; expected_cost_per_participant?: number }, now: Date,
) {
  await db.updateTable('presential_appointment_closings').set({ ...values, updated_at: now }).where('appointment_id', '=', appointmentId).execute();
}

/** Marks the appointment finalized unless it already is; answers whether this call did it. */
export async function markFinalized(db: Db, appointmentId: number, userId: number, now: Date): Promise<boolean> {
  const res = await db.updateTable('presential_appointment_closings').set({ finalized_at: now, finalized_by: userId, updated_at: now })
    .where('appointment_id', '=', appointmentId).where('finalized_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks one approved guest certified unless already; answers whether this call did it (so only one issues). */
export async function markCertified(db: Db, enrollmentId: number, now: Date): Promise<boolean> {
  const res = await db.updateTable('presential_enrollments').set({ certified_at: now })
    .where('id', '=', enrollmentId).where('certified_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The client's branches among `ids` (a partner branch must be one). */
export async function clientBranchIds(db: Db, clientId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('branches').select('id').where('client_id', '=', clientId).where('id', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((r) => r.id));
}
