/**
 * Drill rules (spec 3 §3 "Drill", §4 published/unpublished, §5 "Drills", §8, §9 "Drills"): which
 * days are drill days, and every check of the drill form. The admin form, the server and the
 * portal apply these. Days are 'YYYY-MM-DD', both ends included (docs/dates.md).
 *
 * Readings chosen where the spec gives two (documented in docs/api.md "Drills"):
 * - minimum score vs registered questions: the minimum score cannot exceed the registered questions;
 * - qty_questions_frequency × dates must be AT LEAST the minimum score (the spec's example: 2 dates
 *   and 4 required → at least 2 a day);
 * - "The end date must be after the start date": on or after (a one-day drill is allowed, as in
 *   every other form of the product);
 * - the checks that count registered questions apply when the drill is published: a drill is
 *   created first and its questions added after (an unpublished drill may have none yet).
 */
import type { ErrorCode } from './contract/errors.ts';
import { addDays, daysBetween } from './dates/days.ts';
import { isApiDate } from './dates/parse.ts';

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/** spec 3 §9: range, weekdays, days of the month, custom. */
export const DRILL_DATE_TYPES = ['range', 'weekdays', 'days_of_the_month', 'custom'] as const;
export type DrillDateType = (typeof DRILL_DATE_TYPES)[number];
export const isDrillDateType = (value: unknown): value is DrillDateType =>
  typeof value === 'string' && (DRILL_DATE_TYPES as readonly string[]).includes(value);

/** spec 3 §4: published / unpublished (3: deleted, kept for its answers). */
export const DRILL_STATUS = { published: 1, unpublished: 2, deleted: 3 } as const;

/** The test engine's test type of a drill's one test (group_training_test_types row 9): the drills' own. */
export const DRILL_TEST_TYPE_ID = 9;

export const DRILL_LIMITS = {
  titleMax: 256,
  /** a drill spans at most two years: its days are computed on every read */
  maxSpanDays: 731,
  maxCustomDates: 366,
  /** spec 3 §9 "example 30" seconds; one hour at most */
  maxTimeToAnswer: 3600,
  maxPerDay: 100,
} as const;

export interface DrillSchedule {
  start_date: string;
  end_date: string;
  date_type: DrillDateType;
  /** 0 Sunday … 6 Saturday (spec 3 §9 "Weekdays Sunday–Saturday") */
  weekdays?: readonly number[] | null;
  /** 1 … 31 */
  days_of_the_month?: readonly number[] | null;
  /** 1 January … 12 December: the months the weekdays or days of the month apply in (both or neither) */
  start_month?: number | null;
  end_month?: number | null;
  custom_dates?: readonly string[] | null;
}

/** 0 Sunday … 6 Saturday of a day, independent of the machine's zone. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();
const monthOf = (day: string): number => Number(day.slice(5, 7));
const dayOfMonthOf = (day: string): number => Number(day.slice(8, 10));

/** The month is within start_month … end_month (a span may wrap the year: November to February). */
function inMonths(month: number, start: number | null | undefined, end: number | null | undefined): boolean {
  if (!start || !end) return true;
  return start <= end ? month >= start && month <= end : month >= start || month <= end;
}

/** Whether `day` is a drill day of the schedule (within its dates and of its date type). */
export function isDrillDay(schedule: DrillSchedule, day: string): boolean {
  if (!isApiDate(day) || day < schedule.start_date || day > schedule.end_date) return false;
  switch (schedule.date_type) {
    case 'range': return true;
    case 'weekdays':
      return (schedule.weekdays ?? []).includes(weekdayOf(day)) && inMonths(monthOf(day), schedule.start_month, schedule.end_month);
    case 'days_of_the_month':
      return (schedule.days_of_the_month ?? []).includes(dayOfMonthOf(day)) && inMonths(monthOf(day), schedule.start_month, schedule.end_month);
    case 'custom': return (schedule.custom_dates ?? []).includes(day);
  }
}

/** Every drill day of the schedule, in order (empty when its dates are not valid). */
export function drillDates(schedule: DrillSchedule): string[] {
  if (!isApiDate(schedule.start_date) || !isApiDate(schedule.end_date) || schedule.end_date < schedule.start_date) return [];
  if (schedule.date_type === 'custom') {
    return [...new Set(schedule.custom_dates ?? [])].filter((d) => isDrillDay(schedule, d)).sort();
  }
  const span = Math.min(daysBetween(schedule.start_date, schedule.end_date), DRILL_LIMITS.maxSpanDays);
  const days: string[] = [];
  for (let i = 0; i <= span; i += 1) {
    const day = addDays(schedule.start_date, i);
    if (isDrillDay(schedule, day)) days.push(day);
  }
  return days;
}

/** The 1-based number of `day` among the drill days, or null when it is not one. */
export function drillDayNumber(schedule: DrillSchedule, day: string): number | null {
  if (!isDrillDay(schedule, day)) return null;
  const index = drillDates(schedule).indexOf(day);
  return index < 0 ? null : index + 1;
}

export interface DrillValues {
  title?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  date_type?: string | null;
  weekdays?: readonly number[] | null;
  days_of_the_month?: readonly number[] | null;
  start_month?: number | null;
  end_month?: number | null;
  custom_dates?: readonly string[] | null;
  /** minimum correct answers over the whole drill to be approved */
  minimum_score?: number | null;
  /** questions per drill day */
  qty_questions_frequency?: number | null;
  /** seconds per question; null = no limit */
  time_to_answer?: number | null;
  score?: number | null;
  status?: number | null;
}

export type DrillFieldErrors = Record<string, ErrorCode>;

const blank = (value: string | null | undefined) => !value || !value.trim();
const isCount = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function checkSchedule(values: DrillValues, errors: DrillFieldErrors): void {
  if (blank(values.start_date)) errors.start_date = REQUIRED;
  else if (!isApiDate(values.start_date)) errors.start_date = 'invalid_field';
  if (blank(values.end_date)) errors.end_date = REQUIRED;
  else if (!isApiDate(values.end_date)) errors.end_date = 'invalid_field';
  else if (isApiDate(values.start_date)) {
    // spec 3 §8 "End date must be after start date"
    if (values.end_date! < values.start_date!) errors.end_date = 'drill_end_date_error';
    else if (daysBetween(values.start_date!, values.end_date!) > DRILL_LIMITS.maxSpanDays) errors.end_date = 'invalid_field';
  }
  if (blank(values.date_type)) { errors.date_type = REQUIRED; return; }
  if (!isDrillDateType(values.date_type)) { errors.date_type = 'invalid_field'; return; }
  const months = [values.start_month, values.end_month];
  const given = months.filter((m) => m !== null && m !== undefined);
  if (given.some((m) => !isCount(m, 1, 12))) {
    if (!isCount(values.start_month ?? 1, 1, 12)) errors.start_month = 'invalid_field';
    if (!isCount(values.end_month ?? 1, 1, 12)) errors.end_month = 'invalid_field';
  } else if (given.length === 1) {
    errors[values.start_month ? 'end_month' : 'start_month'] = REQUIRED;
  }
  switch (values.date_type) {
    case 'weekdays': {
      const list = values.weekdays ?? [];
      if (!list.length) errors.weekdays = REQUIRED;
      else if (list.some((d) => !isCount(d, 0, 6))) errors.weekdays = 'invalid_field';
      break;
    }
    case 'days_of_the_month': {
      const list = values.days_of_the_month ?? [];
      if (!list.length) errors.days_of_the_month = REQUIRED;
      else if (list.some((d) => !isCount(d, 1, 31))) errors.days_of_the_month = 'invalid_field';
      break;
    }
    case 'custom': {
      const list = values.custom_dates ?? [];
      if (!list.length) errors.custom_dates = REQUIRED;
      else if (list.length > DRILL_LIMITS.maxCustomDates || list.some((d) => !isApiDate(d))) errors.custom_dates = 'invalid_field';
      else if (isApiDate(values.start_date) && isApiDate(values.end_date) && list.some((d) => d < values.start_date! || d > values.end_date!)) {
        // a custom date outside the drill's dates would never be a drill day
        errors.custom_dates = 'invalid_field';
      }
      break;
    }
    default: break;
  }
}

/** The schedule of valid values (null when the values do not make one). */
export function drillScheduleOf(values: DrillValues): DrillSchedule | null {
  if (!isApiDate(values.start_date) || !isApiDate(values.end_date) || !isDrillDateType(values.date_type)) return null;
  return {
    start_date: values.start_date!, end_date: values.end_date!, date_type: values.date_type,
    weekdays: values.weekdays ?? [], days_of_the_month: values.days_of_the_month ?? [],
    start_month: values.start_month ?? null, end_month: values.end_month ?? null, custom_dates: values.custom_dates ?? [],
  };
}

/** spec 3 §5 "Drills": the most questions a day may ask — registered questions divided by the dates (6 over 2 → 3). */
export const maxQuestionsPerDay = (registered: number, dates: number): number => (dates > 0 ? Math.floor(registered / dates) : 0);

/** spec 3 §5 "Drills": the fewest questions a day must ask to reach the minimum score (2 dates, 4 required → 2). */
export const minQuestionsPerDay = (minimumScore: number, dates: number): number => (dates > 0 ? Math.ceil(minimumScore / dates) : 0);

/**
 * spec 3 §3, §5 "Drills": field → error code (empty when valid). `registeredQuestions` is the
 * drill's question count; the checks that count them apply to a published drill.
 */
export function validateDrill(values: DrillValues, registeredQuestions: number): DrillFieldErrors {
  const errors: DrillFieldErrors = {};
  if (blank(values.title)) errors.title = REQUIRED;
  else if (values.title!.trim().length > DRILL_LIMITS.titleMax) errors.title = 'title_too_long';
  checkSchedule(values, errors);

  if (values.minimum_score === null || values.minimum_score === undefined) errors.minimum_score = REQUIRED;
  else if (!isCount(values.minimum_score, 1)) errors.minimum_score = 'invalid_field';
  if (values.qty_questions_frequency === null || values.qty_questions_frequency === undefined) errors.qty_questions_frequency = REQUIRED;
  else if (!isCount(values.qty_questions_frequency, 1, DRILL_LIMITS.maxPerDay)) errors.qty_questions_frequency = 'invalid_field';
  // spec 3 §9: seconds; blank = no limit
  if (values.time_to_answer !== null && values.time_to_answer !== undefined && !isCount(values.time_to_answer, 1, DRILL_LIMITS.maxTimeToAnswer)) {
    errors.time_to_answer = 'invalid_field';
  }
  if (values.score !== null && values.score !== undefined && !isCount(values.score, 0)) errors.score = 'invalid_field';
  if (values.status !== null && values.status !== undefined && values.status !== DRILL_STATUS.published && values.status !== DRILL_STATUS.unpublished) {
    errors.status = 'invalid_field';
  }

  const schedule = Object.keys(errors).some((k) => ['start_date', 'end_date', 'date_type', 'weekdays', 'days_of_the_month', 'custom_dates', 'start_month', 'end_month'].includes(k))
    ? null : drillScheduleOf(values);
  const dates = schedule ? drillDates(schedule).length : 0;
  // a schedule that selects no day at all (weekdays that never fall within the dates …)
  if (schedule && dates === 0) errors.date_type = 'drill_no_dates';

  if (values.status !== DRILL_STATUS.published || !schedule || dates === 0) return errors;
  const perDay = values.qty_questions_frequency;
  const minimum = values.minimum_score;
  if (!errors.minimum_score && typeof minimum === 'number' && minimum > registeredQuestions) errors.minimum_score = 'drill_minimum_score_error';
  if (!errors.qty_questions_frequency && typeof perDay === 'number') {
    if (perDay > registeredQuestions || perDay > maxQuestionsPerDay(registeredQuestions, dates)) errors.qty_questions_frequency = 'drill_questions_frequency_error';
    else if (typeof minimum === 'number' && !errors.minimum_score && perDay * dates < minimum) errors.qty_questions_frequency = 'drill_questions_frequency_error';
  }
  return errors;
}

/** spec 3 §3: approved when the correct answers over every drill day reach the minimum score. */
export const drillApproved = (correctAnswers: number, minimumScore: number): boolean => correctAnswers >= minimumScore;

/** A question's deadline is over on the server's clock (spec 3 §3 time_to_answer). */
export const questionTimeOver = (deadline: string | Date | null, now: Date): boolean =>
  deadline !== null && now.getTime() >= new Date(deadline).getTime();
