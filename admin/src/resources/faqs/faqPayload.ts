import { FAQ_DEFAULTS, validateFaqQuestion } from '@lp/shared/rules';
import type { FaqQuestionInput } from '@lp/shared/contract';

/** A new question: published, private, first in its category (shared FAQ_DEFAULTS). */
export const NEW_FAQ_QUESTION = { status: FAQ_DEFAULTS.status, order: FAQ_DEFAULTS.order, is_public: FAQ_DEFAULTS.is_public } as const;

const numberOrNull = (value: unknown) => (value === null || value === undefined || value === '' || Number.isNaN(Number(value)) ? null : Number(value));

/** The form's record → the JSON body of POST /admin_faq/faqs/ and PUT …/{id}/ (read-only fields dropped). */
export function faqQuestionBody(values: Record<string, unknown>): FaqQuestionInput {
  return {
    category: numberOrNull(values.category),
    question: String(values.question ?? '').trim(),
    answer: String(values.answer ?? ''),
    is_public: values.is_public === true,
    order: numberOrNull(values.order),
    status: numberOrNull(values.status) ?? FAQ_DEFAULTS.status,
  };
}

/** The shared rules in the form, as `errors.{code}` keys. */
export function validateFaqForm(values: Record<string, unknown>): Record<string, string> {
  const body = faqQuestionBody(values);
  return Object.fromEntries(Object.entries(validateFaqQuestion(body)).map(([field, code]) => [field, `errors.${code}`]));
}
