import type { SurveyInput, SurveyQuestionInput } from '@lp/shared/contract';
import { SURVEY_STATUS, hasOptions, isSurveyQuestionType, todayApiDate, validateSurvey, validateSurveyQuestion } from '@lp/shared/rules';
import { translatedErrors } from '../../common/editor/index.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

/** The values of a new survey's form. */
export const NEW_SURVEY = {
  title: '', description: '', survey_type: 'optional', start_date: todayApiDate(), end_date: null, show_feedback: false, score: null,
  status: SURVEY_STATUS.unpublished, areas: [], profiles: [], user_groups: [],
};

/** Form values → the JSON body of POST / PUT …/surveys/ (only the contract's input fields). */
export function surveyPayload(values: Record<string, unknown>): SurveyInput {
  const score = values.score === '' || values.score === null || values.score === undefined ? null : Number(values.score);
  return {
    title: String(values.title ?? '').trim(),
    description: String(values.description ?? ''),
    survey_type: String(values.survey_type ?? ''),
    start_date: blankToNull(values.start_date),
    end_date: blankToNull(values.end_date),
    show_feedback: values.show_feedback === true,
    score: score === null || Number.isNaN(score) ? null : score,
    status: Number(values.status ?? SURVEY_STATUS.unpublished),
    areas: ids(values.areas),
    profiles: ids(values.profiles),
    user_groups: ids(values.user_groups),
  };
}

/** spec 3 §3, §5 in the form (the server checks the same rules). */
export function validateSurveyForm(values: Record<string, unknown>): Record<string, string> {
  return translatedErrors(validateSurvey(surveyPayload(values)));
}

export interface QuestionFormValues {
  title: string;
  question_type: string;
  is_mandatory: boolean;
  options: Array<{ id?: number; title: string }>;
}

/** The question dialog's values → the question body (a dissertative question sends no options). */
export function questionPayload(values: QuestionFormValues): SurveyQuestionInput {
  const withOptions = isSurveyQuestionType(values.question_type) && hasOptions(values.question_type);
  return {
    title: values.title.trim(),
    question_type: values.question_type,
    is_mandatory: values.is_mandatory,
    options: withOptions ? values.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), title: o.title.trim() })) : [],
  };
}

export function validateQuestionForm(values: QuestionFormValues): Record<string, string> {
  return translatedErrors(validateSurveyQuestion(questionPayload(values)));
}
