/**
 * FAQ rules (spec 3 §2 "FAQ (admin)", §3 "FAQ and news", §6 "FAQ questions marked public are
 * visible without login") that the admin forms, the portal and the server share: questions and
 * categories, the "send your question" form and its rate limit, and the learner page's search.
 */
import type { ErrorCode } from './contract/errors.ts';
import { isValidEmail } from './email.ts';
import { htmlToPlainText, plainLength } from './trainings/html.ts';

export const FAQ_LIMITS = {
  questionMax: 500,
  /** plain characters of the answer, once the tags are gone */
  answerMax: 10_000,
  categoryNameMax: 150,
  orderMin: 0,
  orderMax: 999_999,
  senderNameMax: 150,
  /** the question sent through "send your question" */
  askedMax: 2000,
} as const;

/** 1 published, 2 unpublished, as every content status here (spec 3 §4). */
export const FAQ_STATUS = { published: 1, unpublished: 2 } as const;
export const FAQ_STATUSES: readonly number[] = [1, 2];
export const FAQ_DEFAULTS = { status: FAQ_STATUS.published, order: 0, is_public: false } as const;

/**
 * "send your question" is open to visitors: at most this many questions per sender (a
 * visitor's address, or a logged-in user) in the window; the server answers 429 after that.
 */
export const FAQ_ASK_RATE = { max: 3, windowMinutes: 60 } as const;

/** A received question: new until a FAQ manager marks it handled. */
export const FAQ_RECEIVED_STATUS = { new: 1, handled: 2 } as const;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';
export type FaqFieldErrors = Record<string, ErrorCode>;

const isBlankNumber = (n: number | null | undefined): boolean => n === null || n === undefined || Number.isNaN(n);

export interface FaqQuestionValues {
  category?: number | null;
  question?: string | null;
  /** HTML */
  answer?: string | null;
  order?: number | null;
  status?: number | null;
}

/** A question: category, question (≤ 500) and answer (≤ 10 000 plain characters) required; order ≥ 0; status 1 or 2. */
export function validateFaqQuestion(values: FaqQuestionValues): FaqFieldErrors {
  const errors: FaqFieldErrors = {};
  if (isBlankNumber(values.category)) errors.category = REQUIRED;
  const question = values.question?.trim() ?? '';
  if (!question) errors.question = REQUIRED;
  else if (plainLength(question) > FAQ_LIMITS.questionMax) errors.question = 'faq_question_too_long';
  const answer = htmlToPlainText(values.answer);
  if (!answer) errors.answer = REQUIRED;
  else if (plainLength(answer) > FAQ_LIMITS.answerMax) errors.answer = 'faq_answer_too_long';
  const order = values.order;
  if (!isBlankNumber(order) && (!Number.isInteger(order) || order! < FAQ_LIMITS.orderMin || order! > FAQ_LIMITS.orderMax)) {
    errors.order = 'validation_error';
  }
  if (!isBlankNumber(values.status) && !FAQ_STATUSES.includes(values.status!)) errors.status = 'validation_error';
  return errors;
}

/** A category is its name (spec 3 §3: "other fields are not shown"), required, at most 150. */
export function validateFaqCategory(values: { name?: string | null }): FaqFieldErrors {
  const name = values.name?.trim() ?? '';
  if (!name) return { name: REQUIRED };
  if (plainLength(name) > FAQ_LIMITS.categoryNameMax) return { name: 'validation_error' };
  return {};
}

export interface AskedQuestionValues {
  name?: string | null;
  email?: string | null;
  question?: string | null;
}

/**
 * "send your question": the question (≤ 2000) always; a visitor also gives a name and an
 * e-mail to be answered at (a logged-in learner is known already).
 */
export function validateAskedQuestion(values: AskedQuestionValues, { visitor }: { visitor: boolean }): FaqFieldErrors {
  const errors: FaqFieldErrors = {};
  if (visitor) {
    const name = values.name?.trim() ?? '';
    if (!name) errors.name = REQUIRED;
    else if (plainLength(name) > FAQ_LIMITS.senderNameMax) errors.name = 'validation_error';
    const email = values.email?.trim() ?? '';
    if (!email) errors.email = REQUIRED;
    else if (!isValidEmail(email)) errors.email = 'invalid_email';
  }
  const question = values.question?.trim() ?? '';
  if (!question) errors.question = REQUIRED;
  else if (plainLength(question) > FAQ_LIMITS.askedMax) errors.question = 'faq_question_too_long';
  return errors;
}

// ---- the learner page and the public FAQ ----

export interface FaqEntry {
  id: number;
  question: string;
  /** sanitised HTML */
  answer: string;
}

export interface FaqGroup<Q extends FaqEntry = FaqEntry> {
  /** the category's name */
  name: string;
  questions: Q[];
}

/** Lower case, accents gone: "Ação" finds "acao" and the reverse. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * The learner page's search: every word must appear in the question or in the answer's text
 * (accents and case ignored); categories left without questions are dropped.
 */
export function searchFaq<Q extends FaqEntry, G extends FaqGroup<Q>>(groups: readonly G[], term: string): G[] {
  const words = foldForSearch(term).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      questions: group.questions.filter((q) => {
        const text = foldForSearch(`${q.question} ${htmlToPlainText(q.answer)}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.questions.length > 0);
}
