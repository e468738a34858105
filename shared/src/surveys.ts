/**
 * Survey rules (spec 3 §3 "Survey", §4 "Surveys…" published/unpublished, §5 "Surveys", §8) that the
 * admin editor, the portal's answering page and the server all apply. A survey's questions are the
 * test engine's questions (docs/architecture/owned-content.md) with a `question_type`; a learner's
 * answer is one attempt whose question rows keep several choices (`answer_ids`) and a free text
 * (`answer_text`). Dates are days (YYYY-MM-DD), both ends included (docs/dates.md).
 */
import type { ErrorCode } from './contract/errors.ts';
import { isApiDate } from './dates/index.ts';
import { htmlToPlainText, plainLength } from './trainings/html.ts';
import { isBlankHtml } from './trainings/tests.ts';

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/** spec 3 §3 survey question types (spec 1 §3.8 survey_question_types, ids 1–5 in this order). */
export const SURVEY_QUESTION_TYPES = [
  'single_choice', 'multiple_choices', 'multiple_choices_justification', 'alternatives_justification', 'dissertative',
] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];
export const isSurveyQuestionType = (value: unknown): value is SurveyQuestionType =>
  typeof value === 'string' && (SURVEY_QUESTION_TYPES as readonly string[]).includes(value);

/**
 * spec 1 §3.8 survey_types, read as whether the survey is mandatory (spec 3 §1 "Surveys (some
 * mandatory)"): the spec names the list and no values, and mandatory is the one distinction it draws.
 */
export const SURVEY_TYPES = ['optional', 'mandatory'] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];
export const isSurveyType = (value: unknown): value is SurveyType =>
  typeof value === 'string' && (SURVEY_TYPES as readonly string[]).includes(value);

/** spec 3 §4: published / unpublished (3: deleted, kept for its answers). */
/**
 * The test engine's test type of a survey's one test (group_training_test_types row 8, unscored):
 * a survey's own, never offered to nor accepted from the tests of trainings, webcasts and the rest.
 */
export const SURVEY_TEST_TYPE_ID = 8;

export const SURVEY_STATUS = { published: 1, unpublished: 2, deleted: 3 } as const;

export const SURVEY_LIMITS = { titleMax: 256, questionTitleMax: 2000, optionMax: 500, minOptions: 2, maxOptions: 20, textMax: 5000 } as const;

/** The question shows alternatives (every type but dissertative). */
export const hasOptions = (type: SurveyQuestionType): boolean => type !== 'dissertative';
/** More than one alternative may be chosen. */
export const allowsManyOptions = (type: SurveyQuestionType): boolean => type === 'multiple_choices' || type === 'multiple_choices_justification';
/** The learner writes a text: the justification of the choice, or the whole answer. */
export const takesText = (type: SurveyQuestionType): boolean =>
  type === 'multiple_choices_justification' || type === 'alternatives_justification' || type === 'dissertative';

export type SurveyFieldErrors = Record<string, ErrorCode>;

export interface SurveyValues {
  title?: string | null;
  survey_type?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  score?: number | null;
  status?: number | null;
}

const blank = (value: string | null | undefined) => !value || !value.trim();

/** spec 3 §3, §5: field → error code (empty when valid). */
export function validateSurvey(values: SurveyValues): SurveyFieldErrors {
  const errors: SurveyFieldErrors = {};
  if (blank(values.title)) errors.title = REQUIRED;
  else if (values.title!.trim().length > SURVEY_LIMITS.titleMax) errors.title = 'title_too_long';
  if (blank(values.survey_type)) errors.survey_type = REQUIRED;
  else if (!isSurveyType(values.survey_type)) errors.survey_type = 'validation_error';
  if (blank(values.start_date)) errors.start_date = REQUIRED;
  else if (!isApiDate(values.start_date)) errors.start_date = 'validation_error';
  if (!blank(values.end_date)) {
    if (!isApiDate(values.end_date)) errors.end_date = 'validation_error';
    else if (isApiDate(values.start_date) && values.end_date! < values.start_date!) errors.end_date = 'end_date_before_start_date';
  }
  if (values.score !== undefined && values.score !== null && (!Number.isInteger(values.score) || values.score < 0)) errors.score = 'validation_error';
  if (values.status !== undefined && values.status !== null && values.status !== SURVEY_STATUS.published && values.status !== SURVEY_STATUS.unpublished) {
    errors.status = 'validation_error';
  }
  return errors;
}

export interface SurveyQuestionValues {
  title: string;
  question_type: string;
  options: ReadonlyArray<{ title: string }>;
}

/** A survey question: its text, its type, and two to twenty alternatives unless it is dissertative. */
export function validateSurveyQuestion(values: SurveyQuestionValues): SurveyFieldErrors {
  const errors: SurveyFieldErrors = {};
  if (isBlankHtml(values.title)) errors.title = REQUIRED;
  else if (plainLength(htmlToPlainText(values.title)) > SURVEY_LIMITS.questionTitleMax) errors.title = 'title_too_long';
  if (!isSurveyQuestionType(values.question_type)) {
    errors.question_type = 'validation_error';
    return errors;
  }
  if (!hasOptions(values.question_type)) {
    if (values.options.length) errors.options = 'validation_error';
    return errors;
  }
  values.options.forEach((o, i) => {
    if (isBlankHtml(o.title)) errors[`options.${i}`] = REQUIRED;
    else if (plainLength(htmlToPlainText(o.title)) > SURVEY_LIMITS.optionMax) errors[`options.${i}`] = 'title_too_long';
  });
  if (values.options.length < SURVEY_LIMITS.minOptions) errors.options = 'question_needs_two_alternatives';
  else if (values.options.length > SURVEY_LIMITS.maxOptions) errors.options = 'validation_error';
  return errors;
}

export interface SurveyQuestionShape {
  id: number;
  question_type: SurveyQuestionType;
  is_mandatory: boolean;
  option_ids: readonly number[];
}

export interface SurveyAnswerValue {
  question_id: number;
  answer_ids: readonly number[];
  answer_text: string | null;
}

/**
 * spec 3 §5 "Select at least one option; mandatory questions must be answered": the answers as a
 * draft (`final` false: only what is given must fit its question) or as the submission (`final`:
 * every mandatory question answered). Keys are `questions.{id}`.
 */
export function validateSurveyAnswers(
  questions: readonly SurveyQuestionShape[], answers: readonly SurveyAnswerValue[], final: boolean,
): SurveyFieldErrors {
  const errors: SurveyFieldErrors = {};
  const byId = new Map(answers.map((a) => [a.question_id, a]));
  const known = new Set(questions.map((q) => q.id));
  for (const a of answers) if (!known.has(a.question_id)) errors[`questions.${a.question_id}`] = 'validation_error';
  for (const q of questions) {
    const key = `questions.${q.id}`;
    const a = byId.get(q.id);
    const ids = a?.answer_ids ?? [];
    const text = a?.answer_text?.trim() ?? '';
    if (ids.some((id) => !q.option_ids.includes(id)) || new Set(ids).size !== ids.length) { errors[key] = 'validation_error'; continue; }
    if (!hasOptions(q.question_type) && ids.length) { errors[key] = 'validation_error'; continue; }
    if (hasOptions(q.question_type) && !allowsManyOptions(q.question_type) && ids.length > 1) { errors[key] = 'validation_error'; continue; }
    if (!takesText(q.question_type) && text) { errors[key] = 'validation_error'; continue; }
    if (text.length > SURVEY_LIMITS.textMax) { errors[key] = 'validation_error'; continue; }
    if (!final || !q.is_mandatory) continue;
    if (hasOptions(q.question_type) && ids.length === 0) errors[key] = 'select_at_least_one_option';
    else if (q.question_type === 'dissertative' && !text) errors[key] = 'answer_mandatory_questions';
    else if (takesText(q.question_type) && !text) errors[key] = 'survey_justification_required';
  }
  return errors;
}

/** The survey takes answers today: published and within its dates. */
export function surveyIsOpen(survey: { status: number; start_date: string; end_date: string | null }, today: string): boolean {
  return survey.status === SURVEY_STATUS.published && survey.start_date <= today && (survey.end_date === null || survey.end_date >= today);
}
