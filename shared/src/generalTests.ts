/**
 * General test (assessment) rules (spec 3 §3 "General test (assessment)", §4 "General test", §5
 * "General tests", §8, §9 "Games and tests"). A general test owns one test of the test engine of
 * type timed block or timed restart (spec 2 §4.8 types 6 and 7: one attempt within the time limit,
 * one question at a time in random order, confirmed answers final). Days are 'YYYY-MM-DD'.
 */
import type { ErrorCode } from './contract/errors.ts';
import { isApiDate } from './dates/parse.ts';

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/** spec 3 §4: timed block or timed restart — the test engine's slugs (spec 2 §4.8 ids 6 and 7). */
export const GENERAL_TEST_TYPES = ['timed_block_general', 'timed_restart_general'] as const;
export type GeneralTestType = (typeof GENERAL_TEST_TYPES)[number];
export const isGeneralTestType = (value: unknown): value is GeneralTestType =>
  typeof value === 'string' && (GENERAL_TEST_TYPES as readonly string[]).includes(value);
/** group_training_test_types ids of the two types */
export const GENERAL_TEST_TYPE_IDS: Record<GeneralTestType, number> = { timed_block_general: 6, timed_restart_general: 7 };

export const GENERAL_TEST_STATUS = { published: 1, unpublished: 2, deleted: 3 } as const;

export const GENERAL_TEST_LIMITS = { titleMax: 256, maxMinutes: 600, maxRealizations: 100 } as const;

export interface GeneralTestValues {
  title?: string | null;
  test_type?: string | null;
  minimum_score?: number | null;
  /** questions an attempt draws (X of the bank); blank = all */
  quantity_questions?: number | null;
  /** how many times a restart type may be taken in all; blank = unlimited */
  quantity_realizations?: number | null;
  /** minutes */
  time_to_finish?: number | null;
  publish_date?: string | null;
  unpublish_date?: string | null;
  status?: number | null;
  /** points when approved (as a drill's score, spec 3 §3 "Drill"); blank = none */
  score?: number | null;
}

export type GeneralTestFieldErrors = Record<string, ErrorCode>;

const blank = (value: string | null | undefined) => !value || !value.trim();
const isCount = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * spec 3 §3, §5: field → error code (empty when valid). `registered` and `mandatory` are the bank's
 * question counts: the minimum score and the drawn questions are checked against them once published.
 */
export function validateGeneralTest(values: GeneralTestValues, registered: number, mandatory: number): GeneralTestFieldErrors {
  const errors: GeneralTestFieldErrors = {};
  if (blank(values.title)) errors.title = REQUIRED;
  else if (values.title!.trim().length > GENERAL_TEST_LIMITS.titleMax) errors.title = 'title_too_long';
  if (blank(values.test_type)) errors.test_type = REQUIRED;
  else if (!isGeneralTestType(values.test_type)) errors.test_type = 'invalid_field';
  if (values.minimum_score === null || values.minimum_score === undefined) errors.minimum_score = REQUIRED;
  else if (!isCount(values.minimum_score, 1)) errors.minimum_score = 'minimum_score_below_one';
  if (values.quantity_questions !== null && values.quantity_questions !== undefined && !isCount(values.quantity_questions, 1)) errors.quantity_questions = 'invalid_field';
  if (values.quantity_realizations !== null && values.quantity_realizations !== undefined
    && !isCount(values.quantity_realizations, 1, GENERAL_TEST_LIMITS.maxRealizations)) errors.quantity_realizations = 'invalid_field';
  // spec 3 §4 "timed": a time limit is required
  if (values.time_to_finish === null || values.time_to_finish === undefined) errors.time_to_finish = REQUIRED;
  else if (!isCount(values.time_to_finish, 1, GENERAL_TEST_LIMITS.maxMinutes)) errors.time_to_finish = 'invalid_field';
  if (blank(values.publish_date)) errors.publish_date = REQUIRED;
  else if (!isApiDate(values.publish_date)) errors.publish_date = 'invalid_field';
  if (!blank(values.unpublish_date)) {
    if (!isApiDate(values.unpublish_date)) errors.unpublish_date = 'invalid_field';
    else if (isApiDate(values.publish_date) && values.unpublish_date! < values.publish_date!) errors.unpublish_date = 'end_date_before_start_date';
  }
  if (values.score !== null && values.score !== undefined && !isCount(values.score, 0)) errors.score = 'invalid_field';
  if (values.status !== null && values.status !== undefined && values.status !== GENERAL_TEST_STATUS.published && values.status !== GENERAL_TEST_STATUS.unpublished) {
    errors.status = 'invalid_field';
  }
  if (values.status !== GENERAL_TEST_STATUS.published) return errors;
  // published: the bank must hold what an attempt draws and what passing needs
  const drawn = questionsDrawn(registered, mandatory, values.quantity_questions);
  if (registered === 0) errors.quantity_questions = 'invalid_field';
  else if (typeof values.quantity_questions === 'number' && values.quantity_questions > registered) errors.quantity_questions = 'invalid_field';
  if (!errors.minimum_score && typeof values.minimum_score === 'number' && values.minimum_score > drawn) errors.minimum_score = 'minimum_score_above_question_count';
  return errors;
}

/**
 * spec 3 §9 question bank: X questions registered, Y mandatory (always drawn), Z random; an
 * attempt shows `quantity_questions` (blank = all), never fewer than the mandatory ones.
 */
export function questionsDrawn(registered: number, mandatory: number, quantity: number | null | undefined): number {
  if (quantity === null || quantity === undefined || quantity <= 0) return registered;
  return Math.min(registered, Math.max(mandatory, quantity));
}

/** The random part of the bank's draw (Z = drawn − Y). */
export const randomQuestionsDrawn = (registered: number, mandatory: number, quantity: number | null | undefined): number =>
  Math.max(0, questionsDrawn(registered, mandatory, quantity) - mandatory);

/** A published general test is open on `today` from its publish date to its unpublish date (both included). */
export function generalTestOpen(values: { status: number; publish_date: string; unpublish_date: string | null }, today: string): boolean {
  return values.status === GENERAL_TEST_STATUS.published && values.publish_date <= today && (values.unpublish_date === null || values.unpublish_date >= today);
}

/** minutes → the test engine's "HH:mm:ss" time_to_answer (spec 2 §3.4). */
export function minutesToClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

/**
 * spec 3 §4 restart type: below the minimum score everything restarts — while realizations are
 * left (quantity_realizations counts every attempt taken; blank = unlimited).
 */
export const restartAllowed = (taken: number, quantityRealizations: number | null): boolean =>
  quantityRealizations === null || taken < quantityRealizations;
