import type { ErrorCode } from '../contract/errors.ts';

/**
 * spec 2 §5.6 reaction evaluations, as the evaluation editor and the server both check them
 * (training and webcast evaluations alike). Each validator returns field → error code, empty
 * when the form is valid.
 */
export const EVALUATION_LIMITS = {
  /** spec 2 §9: title max 256 for evaluations and questions */
  titleMax: 256,
} as const;

/** spec 2 §4.3: a new evaluation is unpublished (2); the toggle offers 1 and 2, 3 is display only. */
export const EVALUATION_STATUS = { published: 1, unpublished: 2, deleted: 3 } as const;
export const EVALUATION_EDITABLE_STATUSES: readonly number[] = [EVALUATION_STATUS.published, EVALUATION_STATUS.unpublished];
export const EVALUATION_DEFAULT_STATUS = EVALUATION_STATUS.unpublished;

/** spec 2 §3.5 question types (evaluation_question_types ids): a grade 0 to 10, stars, or free text. */
export const EVALUATION_QUESTION_TYPES = { grade_0_10: 1, stars: 2, text: 3 } as const;

export type EvaluationFieldErrors = Record<string, ErrorCode>;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

function checkTitle(title: string | null | undefined): ErrorCode | null {
  const text = title?.trim() ?? '';
  if (!text) return REQUIRED;
  if (Array.from(text).length > EVALUATION_LIMITS.titleMax) return 'title_too_long';
  return null;
}

/** spec 2 §5.6 "title: required, max 256"; the status, when sent, is 1 or 2 (§4.3). */
export function validateEvaluation(values: { title?: string | null; status?: number | null }): EvaluationFieldErrors {
  const errors: EvaluationFieldErrors = {};
  const title = checkTitle(values.title);
  if (title) errors.title = title;
  if (values.status != null && !EVALUATION_EDITABLE_STATUSES.includes(values.status)) errors.status = 'validation_error';
  return errors;
}

/**
 * spec 2 §5.6 "Question: title required, max 256; type required". `typeField` is the wire name
 * of the type (group_training_evaluation_question_type, or webcast_evaluation_question_type).
 */
export function validateEvaluationQuestion(
  values: { title?: string | null; question_type?: number | null },
  typeField = 'group_training_evaluation_question_type',
): EvaluationFieldErrors {
  const errors: EvaluationFieldErrors = {};
  const title = checkTitle(values.title);
  if (title) errors.title = title;
  if (values.question_type == null || !Number.isInteger(values.question_type) || values.question_type < 1) errors[typeField] = REQUIRED;
  return errors;
}

/** spec 2 §5.6 "A model needs a base evaluation to be chosen". */
export function validateEvaluationModel(values: { base_evaluation_id?: number | null }): EvaluationFieldErrors {
  const id = values.base_evaluation_id;
  return id == null || !Number.isInteger(id) || id < 1 ? { base_evaluation_id: REQUIRED } : {};
}
