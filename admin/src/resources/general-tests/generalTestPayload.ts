import type { GeneralTestInput } from '@lp/shared/contract';
import { GENERAL_TEST_STATUS, todayApiDate, validateGeneralTest } from '@lp/shared/rules';
import { translatedErrors } from '../../common/editor/index.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const intOrNull = (value: unknown): number | null => {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

export const NEW_GENERAL_TEST = {
  title: '', description: '', test_type: 'timed_block_general', minimum_score: 1, quantity_questions: null, quantity_realizations: null,
  time_to_finish: 30, publish_date: todayApiDate(), unpublish_date: null, status: GENERAL_TEST_STATUS.unpublished, score: null, areas: [], profiles: [], user_groups: [],
};

/** Form values → the JSON body of POST / PUT …/general_tests/ (only the contract's input fields). */
export function generalTestPayload(values: Record<string, unknown>): GeneralTestInput {
  return {
    title: String(values.title ?? '').trim(),
    description: String(values.description ?? ''),
    test_type: String(values.test_type ?? ''),
    minimum_score: intOrNull(values.minimum_score),
    quantity_questions: intOrNull(values.quantity_questions),
    quantity_realizations: intOrNull(values.quantity_realizations),
    time_to_finish: intOrNull(values.time_to_finish),
    publish_date: blankToNull(values.publish_date),
    unpublish_date: blankToNull(values.unpublish_date),
    status: Number(values.status ?? GENERAL_TEST_STATUS.unpublished),
    score: intOrNull(values.score),
    areas: ids(values.areas),
    profiles: ids(values.profiles),
    user_groups: ids(values.user_groups),
  };
}

/** spec 3 §3, §5 in the form, with the bank's counts (the server checks the same rules). */
export function validateGeneralTestForm(values: Record<string, unknown>): Record<string, string> {
  return translatedErrors(validateGeneralTest(generalTestPayload(values), Number(values.qty_questions ?? 0), Number(values.qty_mandatory ?? 0)));
}
