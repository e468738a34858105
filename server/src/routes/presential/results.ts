import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppointmentResults, PRESENTIAL_RESULT_PATHS, ResultsInput, type ErrorCode, type GuestResultRow } from '@lp/shared/contract';
import {
  appointmentTitle, certifiesResult, finalizeRefusal, guestResultErrors, takesResults,
} from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { PresentialAppointmentRow } from '../../db/tables/presential.table.ts';
import { issueCertificate } from '../../learning/certificates.ts';
import { awardPoints } from '../../learning/points.ts';
import { HttpError } from '../../lib/httpError.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { courseName, inviteesOf, lockAppointment, peopleNamed } from '../../repositories/presential/appointments.ts';
import {
  bestAttempts, clientBranchIds, closingOf, findClosing, guestsQuery, markCertified, markFinalized, mergeGuestResult, storedResult, updateClosing, writeGuestResult,
} from '../../repositories/presential/results.ts';
import { appointmentNotFound, appointmentOr404, appointmentRead, appointmentWith } from './common.ts';

/** spec 1 §6.2 presential_save_results: "save and finalize results". */
export const SAVE_RESULTS = appointmentWith('presential_save_results', 'You do not have permission to save the results of appointments');

/** The Results tab's data: every guest, their stored result or the event test's prefill, and whether finalizing is possible. */
export async function loadResults(db: Db, clientId: number, row: PresentialAppointmentRow): Promise<AppointmentResults> {
  const closing = await findClosing(db, row.id);
  const guests = await guestsQuery(db, clientId, row.id).execute();
  const [attempts, invitees, finalizer] = await Promise.all([
    bestAttempts(db, guests), inviteesOf(db, row.id).then((ids) => new Set(ids)), closing?.finalized_by ? peopleNamed(db, [closing.finalized_by]) : [],
  ]);
  const rows: GuestResultRow[] = guests.map((g) => {
    const value = storedResult(g, invitees);
    const attempt = attempts.get(g.id);
    const fromTest = value.score === null && attempt !== undefined;
    return {
      ...value,
      enrollment_id: g.id, event_id: g.event_id,
      user: { id: g.user_id, name: g.full_name, email: g.email, branch: g.branch },
      // spec: "Default score/correct answers prefilled from the event test attempts"
      score: value.score ?? attempt?.score ?? null,
      correct_answers: value.correct_answers ?? (fromTest ? attempt.correct_count : null),
      from_test: fromTest,
      partner_branch: g.partner_branch,
      certified: g.certified_at !== null,
    };
  });
  const finalizedAt = closing?.finalized_at ?? null;
  return {
    appointment_id: row.id, status: row.status, minimum_score: row.minimum_score,
    points: closing?.points ?? 0, points_category: closing?.points_category ?? 'training_non_kpi',
    finalized_at: finalizedAt, finalized_by: finalizer[0] ?? null,
    finalize_refusal: finalizedAt ? null : finalizeRefusal(row.status, guests.map((g) => g.result)),
    rows,
  };
}

/** The appointment, locked, open to results (not a model, approved or later, not canceled or failed). */
async function lockedForResults(trx: Db, clientId: number, id: number): Promise<PresentialAppointmentRow> {
  const row = await lockAppointment(trx, clientId, id);
  if (!row || row.is_template) throw appointmentNotFound();
  if (!takesResults(row.status)) throw new HttpError(409, 'presential_results_not_open', 'Results are recorded once the appointment is approved, and not after it is canceled');
  return row;
}

/**
 * The Results tab (spec 3 §2; §3 "Guest / participant"; §4 "Training results": "Finishing the event
 * releases the results and tests. Results are saved and then finalized"; §5 "All users' results must
 * be filled in"). Finalizing is irreversible and once: it issues the approved guests' certificates
 * (the online trainings' certificates: same PDF, verify link and feed event) and their points
 * (spec 3 §9 category) on the trainings' ledger.
 */
const results: FastifyPluginAsyncTypebox = async (app) => {
  const P = PRESENTIAL_RESULT_PATHS;

  app.get(P.results(':id'), { config: { access: appointmentRead }, schema: { params: IdParams, response: { 200: AppointmentResults } } }, async (request) => {
    const row = await appointmentOr404(app.db, request, request.params.id);
    return loadResults(app.db, clientOf(request), row);
  });

  app.put(P.results(':id'), { config: { access: SAVE_RESULTS }, schema: { params: IdParams, body: ResultsInput, response: { 200: AppointmentResults } } }, async (request) => {
    const clientId = clientOf(request);
    const { points, points_category: category, rows } = request.body;
    const row = await app.db.transaction().execute(async (trx) => {
      const appointment = await lockedForResults(trx, clientId, request.params.id);
      const closing = await closingOf(trx, clientId, appointment.id);
      if (closing.finalized_at) throw new HttpError(409, 'presential_results_already_finalized', 'The results are finalized and can no longer change');
      const guests = new Map((await guestsQuery(trx, clientId, appointment.id).execute()).map((g) => [g.id, g]));
      if (rows.some((r) => !guests.has(r.enrollment_id))) throw new HttpError(400, 'validation_error', 'Unknown participant', { rows: 'validation_error' });
      const branches = await clientBranchIds(trx, clientId, rows.flatMap((r) => (r.partner_branch_id ? [r.partner_branch_id] : [])));
      if (rows.some((r) => r.partner_branch_id && !branches.has(r.partner_branch_id))) throw new HttpError(400, 'validation_error', 'Unknown branch', { partner_branch_id: 'validation_error' });
      const invitees = new Set(await inviteesOf(trx, appointment.id));
      const now = new Date();
      for (const input of rows) {
        const { enrollment_id: _enrollment, ...changes } = input;
        const next = mergeGuestResult(storedResult(guests.get(input.enrollment_id)!, invitees), changes);
        const errors = guestResultErrors(next);
        const code = Object.values(errors)[0];
        if (code) throw new HttpError(400, code as ErrorCode, `Participant ${input.enrollment_id}: ${code}`, { [`rows.${input.enrollment_id}`]: code, ...errors });
        await writeGuestResult(trx, input.enrollment_id, next, now);
      }
      if (points !== undefined || category !== undefined) await updateClosing(trx, appointment.id, { points, points_category: category }, now);
      return appointment;
    });
    return loadResults(app.db, clientId, row);
  });

  app.post(P.finalize(':id'), { config: { access: SAVE_RESULTS }, schema: { params: IdParams, response: { 200: AppointmentResults } } }, async (request) => {
    const clientId = clientOf(request);
    const userId = authOf(request).user.id;
    const row = await app.db.transaction().execute(async (trx) => {
      const appointment = await lockedForResults(trx, clientId, request.params.id);
      const closing = await closingOf(trx, clientId, appointment.id);
      // finalizing twice (or two admins at once) issues nothing more: the second answers the finalized results
      if (closing.finalized_at) return appointment;
      const guests = await guestsQuery(trx, clientId, appointment.id).execute();
      const refusal = finalizeRefusal(appointment.status, guests.map((g) => g.result));
      if (refusal === 'event_not_finished') throw new HttpError(409, refusal, 'Training not completed by the instructor, please wait');
      if (refusal) throw new HttpError(409, refusal, "All users' results must be filled in");
      const now = new Date();
      if (!(await markFinalized(trx, appointment.id, userId, now))) return appointment;
      const title = appointmentTitle(appointment.title, (await courseName(trx, appointment.course_id))?.name) || '-';
      for (const g of guests) {
        if (!certifiesResult(g.result) || !(await markCertified(trx, g.id, now))) continue;
        await issueCertificate(trx, app.config, {
          clientId, userId: g.user_id, contentType: 'presential', contentId: appointment.id, title, workload: Number(appointment.workload),
          expirationDays: null, completedAt: now,
        });
        await awardPoints(trx, { clientId, userId: g.user_id, points: closing.points, reason: closing.points_category, contentType: 'presential', contentId: appointment.id, title });
      }
      return appointment;
    });
    return loadResults(app.db, clientId, row);
  });
};
export default results;
