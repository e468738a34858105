/**
 * Attendance and results of a face-to-face training (spec 3 §3 "Guest / participant", §4 "Training
 * results", "Appointment / face-to-face training": "Finishing the event releases the results and
 * tests. Results are saved and then finalized."; §5 "All users' results must be filled in."; §9
 * "Points categories"). Pure: the server, the admin and the portal read the same answers.
 */
import type { AppointmentStatus } from './lists.ts';

/** spec 3 §3 "presence: present / absent". */
export const PRESENCE_VALUES = ['present', 'absent'] as const;
export type Presence = (typeof PRESENCE_VALUES)[number];

/** spec 3 §4 "Training results": approved, reproved/fail, awaiting results, restarted, forfeit, expired. */
export const TRAINING_RESULTS = ['approved', 'reproved', 'awaiting_results', 'restarted', 'forfeit', 'expired'] as const;
export type TrainingResult = (typeof TRAINING_RESULTS)[number];

/** spec 3 §9 "Points categories: training KPI, training non-KPI, webinar, special training." */
export const PRESENTIAL_POINTS_CATEGORIES = ['training_kpi', 'training_non_kpi', 'webinar', 'special_training'] as const;
export type PresentialPointsCategory = (typeof PRESENTIAL_POINTS_CATEGORIES)[number];

/** One guest's attendance and result as the Results tab edits it. */
export interface GuestResult {
  invited: boolean;
  presence: Presence | null;
  result: TrainingResult | null;
  /** 0–100 */
  score: number | null;
  correct_answers: number | null;
  /** the guest signed the attendance list */
  signature: boolean;
  observation: string;
  motive: string;
  partner_branch_id: number | null;
}

export type ResultRowError = 'validation_error' | 'an_absent_participant_cannot_be_approved';

/** What is wrong with one guest's row, per field (empty: nothing). */
export function guestResultErrors(row: Pick<GuestResult, 'presence' | 'result' | 'score' | 'correct_answers'>): Partial<Record<'score' | 'correct_answers' | 'result', ResultRowError>> {
  const errors: Partial<Record<'score' | 'correct_answers' | 'result', ResultRowError>> = {};
  if (row.score !== null && !(Number.isFinite(row.score) && row.score >= 0 && row.score <= 100)) errors.score = 'validation_error';
  if (row.correct_answers !== null && !(Number.isInteger(row.correct_answers) && row.correct_answers >= 0)) errors.correct_answers = 'validation_error';
  // approval certifies: whoever was marked absent did not attend the training
  if (row.presence === 'absent' && row.result === 'approved') errors.result = 'an_absent_participant_cannot_be_approved';
  return errors;
}

/**
 * "All users' results must be filled in": a guest's result is filled when it is a final word —
 * "awaiting results" is what finalizing ends, so it does not count.
 */
export const isResultFilled = (result: TrainingResult | null): result is Exclude<TrainingResult, 'awaiting_results'> =>
  result !== null && result !== 'awaiting_results';

export type FinalizeRefusal = 'event_not_finished' | 'all_users_results_must_be_filled_in';

/**
 * Why the results may not be finalized now, or null. The events end when the instructor finishes
 * the appointment (spec 3 §4 "Finishing the event releases the results"): before that,
 * `event_not_finished`. Then every participant needs a result.
 */
export function finalizeRefusal(status: AppointmentStatus, results: readonly (TrainingResult | null)[]): FinalizeRefusal | null {
  if (status !== 'finished') return 'event_not_finished';
  return results.every(isResultFilled) ? null : 'all_users_results_must_be_filled_in';
}

/** Results are recorded while the training runs or has ended, never on a canceled, failed or unapproved one. */
export const takesResults = (status: AppointmentStatus): boolean => status === 'approved' || status === 'in_progress' || status === 'finished';

/** Only an approved participant is certified and scores (spec 3 §4; "as for online trainings"). */
export const certifiesResult = (result: TrainingResult | null): boolean => result === 'approved';

/** The best finished attempt of a guest among the event's test attempts (highest score, then most correct answers, then the latest). */
export function bestAttempt<T extends { score: number; correct_count: number; finished_at: string | Date | null }>(attempts: readonly T[]): T | null {
  let best: T | null = null;
  for (const a of attempts) {
    if (a.finished_at === null) continue;
    if (!best || a.score > best.score || (a.score === best.score && (a.correct_count > best.correct_count
      || (a.correct_count === best.correct_count && new Date(a.finished_at).getTime() > new Date(best.finished_at!).getTime())))) best = a;
  }
  return best;
}
