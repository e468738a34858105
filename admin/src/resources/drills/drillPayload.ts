import type { DrillInput } from '@lp/shared/contract';
import { DRILL_STATUS, addDays, todayApiDate, validateDrill } from '@lp/shared/rules';
import { translatedErrors } from '../../common/editor/index.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const intOrNull = (value: unknown): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const ints = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n)) : []);
/** custom dates are typed as "YYYY-MM-DD, YYYY-MM-DD" or kept as a list */
export const datesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[\s,;]+/)).map((d) => d.trim()).filter(Boolean);

/** A new drill's form: this week, one question a day, unpublished until its questions are in. */
export const NEW_DRILL = {
  title: '', description: '', start_date: todayApiDate(), end_date: addDays(todayApiDate(), 6), date_type: 'range', weekdays: [], days_of_the_month: [],
  start_month: null, end_month: null, custom_dates: [], minimum_score: 1, qty_questions_frequency: 1, time_to_answer: 30,
  allow_approved_to_answer: false, show_feedback: true, randomize_answers: true, score: null, status: DRILL_STATUS.unpublished,
};

/** Form values → the JSON body of POST / PUT …/drills/ (only the contract's input fields). */
export function drillPayload(values: Record<string, unknown>): DrillInput {
  return {
    title: String(values.title ?? '').trim(),
    description: String(values.description ?? ''),
    start_date: blankToNull(values.start_date),
    end_date: blankToNull(values.end_date),
    date_type: String(values.date_type ?? ''),
    weekdays: ints(values.weekdays),
    days_of_the_month: ints(values.days_of_the_month),
    start_month: intOrNull(values.start_month),
    end_month: intOrNull(values.end_month),
    custom_dates: datesOf(values.custom_dates),
    minimum_score: intOrNull(values.minimum_score),
    qty_questions_frequency: intOrNull(values.qty_questions_frequency),
    time_to_answer: intOrNull(values.time_to_answer),
    allow_approved_to_answer: values.allow_approved_to_answer === true,
    show_feedback: values.show_feedback === true,
    randomize_answers: values.randomize_answers === true,
    score: intOrNull(values.score),
    status: Number(values.status ?? DRILL_STATUS.unpublished),
  };
}

/** spec 3 §5 "Drills" in the form, with the drill's registered questions (the server checks the same rules). */
export function validateDrillForm(values: Record<string, unknown>): Record<string, string> {
  return translatedErrors(validateDrill(drillPayload(values), Number(values.qty_questions ?? 0)));
}
