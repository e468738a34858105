import type { FieldQuestionType, QuestionnaireInput, StepType } from '@lp/shared/contract';
import { isChoiceType, validateQuestionnaire } from '@lp/shared/rules';
import { nestErrors, translatedErrors } from '../../common/editor/index.ts';

interface FormQuestion { id?: number; text?: string; question_type?: FieldQuestionType; required?: boolean; options?: Array<string | { label?: string }> }
interface FormStep { id?: number; title?: string; step_type?: StepType; questions?: FormQuestion[] }
export interface QuestionnaireFormValues { title?: string; description?: string; steps?: FormStep[] }

export const NEW_QUESTIONNAIRE: QuestionnaireFormValues = {
  title: '', description: '', steps: [{ title: '', step_type: 'questions', questions: [{ text: '', question_type: 'single_choice', required: true, options: [{ label: '' }, { label: '' }] }] }],
};

/** The form keeps a choice's options as {label} rows (react-admin's ArrayInput edits objects); the API, as labels. */
const label = (o: string | { label?: string }) => (typeof o === 'string' ? o : o.label ?? '');

/** The contract body of the form's values: the order on screen is the order saved. */
export function questionnairePayload(values: QuestionnaireFormValues): QuestionnaireInput {
  return {
    title: values.title ?? '',
    description: values.description ?? '',
    steps: (values.steps ?? []).map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      title: s.title ?? '',
      step_type: s.step_type ?? 'questions',
      questions: (s.questions ?? []).map((q) => {
        const type = q.question_type ?? 'text';
        return {
          ...(q.id ? { id: q.id } : {}), text: q.text ?? '', question_type: type, required: q.required ?? false,
          options: isChoiceType(type) ? (q.options ?? []).map(label) : [],
        };
      }),
    })),
  };
}

/** The record as the form edits it (options as {label} rows). */
export function questionnaireForm(record: QuestionnaireInput): QuestionnaireFormValues {
  return { ...record, steps: record.steps.map((s) => ({ ...s, questions: s.questions.map((q) => ({ ...q, options: (q.options ?? []).map((l) => ({ label: l })) })) })) };
}

/** The shared rules (validateQuestionnaire), on the form's nested fields. */
export function validateQuestionnaireForm(values: QuestionnaireFormValues): Record<string, unknown> {
  const body = questionnairePayload(values);
  return nestErrors(translatedErrors(validateQuestionnaire({
    title: body.title, steps: body.steps.map((s) => ({ ...s, questions: s.questions.map((q) => ({ ...q, required: q.required ?? false, options: q.options ?? [] })) })),
  })));
}
