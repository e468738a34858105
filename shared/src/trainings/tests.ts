/**
 * Tests, questions and alternatives (spec 2 §3.4, §4.3–4.5, §5.3–5.4, §9): the rules the test
 * editor and the question dialog apply, and the server applies again on every write. Pure
 * functions over plain values, so a webcast test (same rules, other wire names) reuses them.
 */
import type { ErrorCode } from '../contract/errors.ts';
import { isApiDate } from '../dates/index.ts';
import { htmlToPlainText, plainLength } from './html.ts';

export const TEST_LIMITS = {
  /** spec 2 §9: tests and questions, max 256 */
  titleMax: 256,
  questionTitleMax: 256,
  /** spec 2 §9: test_score min 0 (the training score range caps it) */
  testScoreMin: 0,
  testScoreMax: 99999,
  /** spec 2 §5.4: saving needs at least 2 alternatives */
  minAlternatives: 2,
  /** no spec limit; a question dialog with more is not a test question any more */
  maxAlternatives: 20,
} as const;

/** spec 2 §4.3 / §9 defaults of a new test and a new question. */
export const TEST_DEFAULTS = {
  status: 2,
  randomize_questions: true,
  randomize_answers: true,
  is_mandatory: true,
  /** spec 2 §5.3: maximum_attempts is 0 when the option is off */
  maximumAttemptsOff: 0,
  testScore: 0,
} as const;

/** spec 2 §4.3: the toggle offers 1 and 2; 3 is for display only. */
export const TEST_EDITABLE_STATUSES = [1, 2] as const;

/** spec 2 §4.8 / §9: type ids 6 and 7 are the timed ones. */
export const TIMED_TEST_TYPE_IDS: readonly number[] = [6, 7];

/** spec 2 §5.11 / §9: autocomplete from 3 characters, at most 25 results. */
export const QUESTION_SEARCH = { minChars: 3, maxResults: 25 } as const;

/** HH:mm:ss (spec 2 §3.4 time_to_answer). */
export const TIME_TO_ANSWER_PATTERN = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/** The behaviour flags of a test type (the group_training_test_types lookup). */
export interface TestTypeRules {
  id: number;
  use_max_attempts: boolean;
  use_minimum_score: boolean;
  use_time: boolean;
}

/** Which optional fields a type shows and sends (spec 2 §5.3, §7.1). */
export interface TestTypeFields {
  maximumAttempts: boolean;
  minimumScore: boolean;
  time: boolean;
}

/**
 * spec 2 §5.3 "time_to_answer: required when the type uses time and is type 6 or 7" (§7.1 words
 * it "uses time and is 6, or is 7": the same types, as both timed types use time).
 */
export function testTypeUsesTime(type: TestTypeRules | null | undefined): boolean {
  return !!type && type.use_time && TIMED_TEST_TYPE_IDS.includes(type.id);
}

export function testTypeFields(type: TestTypeRules | null | undefined): TestTypeFields {
  return {
    maximumAttempts: !!type?.use_max_attempts,
    minimumScore: !!type?.use_minimum_score,
    time: testTypeUsesTime(type),
  };
}

/** The test fields §5.3 validates; `test_type` is the wire's group_training_test_type (or webcast_test_type). */
export interface TestValues {
  title?: string | null;
  test_type?: number | null;
  status?: number | null;
  minimum_score?: number | null;
  maximum_attempts?: number | null;
  time_to_answer?: string | null;
  test_score?: number | null;
  qty_total_questions?: number | null;
  /** YYYY-MM-DD */
  avaliable_in?: string | null;
}

export interface TestContext {
  /** the chosen type's flags; null when none is chosen or it does not exist */
  type: TestTypeRules | null;
  /** questions of the test (0 for a new test) */
  qtyQuestions: number;
  qtyMandatoryQuestions: number;
}

export type TestFieldErrors = Record<string, ErrorCode>;

const blank = (n: number | null | undefined): n is null | undefined => n === null || n === undefined || Number.isNaN(n);
const blankText = (s: string | null | undefined) => !s || !s.trim();

/**
 * spec 2 §5.3 test validation. Returns every failing field (the type under `typeField`);
 * empty when the test may be saved.
 */
export function validateTest(values: TestValues, ctx: TestContext, typeField = 'group_training_test_type'): TestFieldErrors {
  const errors: TestFieldErrors = {};
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > TEST_LIMITS.titleMax) errors.title = 'title_too_long';

  if (blank(values.test_type)) errors[typeField] = REQUIRED;
  else if (!ctx.type) errors[typeField] = 'validation_error';

  if (!blank(values.status) && !(TEST_EDITABLE_STATUSES as readonly number[]).includes(values.status)) errors.status = 'validation_error';

  const fields = testTypeFields(ctx.type);
  if (fields.minimumScore) {
    const score = values.minimum_score;
    if (blank(score)) {
      if (values.status === 1) errors.minimum_score = REQUIRED;
    } else if (!Number.isInteger(score) || score < 0) {
      errors.minimum_score = 'validation_error';
    } else if (score > ctx.qtyQuestions) {
      errors.minimum_score = 'minimum_score_above_question_count';
    } else if (ctx.qtyQuestions > 0 && score < 1) {
      errors.minimum_score = 'minimum_score_below_one';
    }
  }

  if (fields.maximumAttempts) {
    const attempts = values.maximum_attempts;
    if (blank(attempts)) errors.maximum_attempts = REQUIRED;
    else if (!Number.isInteger(attempts) || attempts < 1) errors.maximum_attempts = 'maximum_attempts_below_one';
  }

  if (fields.time) {
    const time = values.time_to_answer?.trim() ?? '';
    if (!time) errors.time_to_answer = REQUIRED;
    else if (!TIME_TO_ANSWER_PATTERN.test(time) || time === '00:00:00') errors.time_to_answer = 'time_to_answer_invalid';
  }

  const score = values.test_score;
  if (!blank(score)) {
    if (!Number.isInteger(score)) errors.test_score = 'validation_error';
    else if (score < TEST_LIMITS.testScoreMin || score > TEST_LIMITS.testScoreMax) errors.test_score = 'score_out_of_range';
  }

  const shown = values.qty_total_questions;
  if (!blank(shown)) {
    if (!Number.isInteger(shown) || shown < 1) errors.qty_total_questions = 'validation_error';
    else if (shown < ctx.qtyMandatoryQuestions) errors.qty_total_questions = 'qty_total_questions_below_mandatory';
    else if (shown > ctx.qtyQuestions) errors.qty_total_questions = 'qty_total_questions_above_total';
  }

  if (!blankText(values.avaliable_in) && !isApiDate(values.avaliable_in!.trim())) errors.avaliable_in = 'validation_error';
  return errors;
}

/** What a test stores (and locks) once its type has been applied. */
export interface TestSettings {
  test_type: number;
  minimum_score: number | null;
  maximum_attempts: number;
  time_to_answer: string | null;
  qty_total_questions: number | null;
}

/**
 * The stored values of §5.3/§7.1: minimum_score only when the type uses it, maximum_attempts
 * 0 when off, time_to_answer only for the timed types, blank qty_total_questions = all.
 */
export function normalizeTestSettings(values: TestValues, type: TestTypeRules): TestSettings {
  const fields = testTypeFields(type);
  return {
    test_type: type.id,
    minimum_score: fields.minimumScore && !blank(values.minimum_score) ? values.minimum_score : null,
    maximum_attempts: fields.maximumAttempts && !blank(values.maximum_attempts) ? values.maximum_attempts : TEST_DEFAULTS.maximumAttemptsOff,
    time_to_answer: fields.time && !blankText(values.time_to_answer) ? values.time_to_answer!.trim() : null,
    qty_total_questions: blank(values.qty_total_questions) ? null : values.qty_total_questions,
  };
}

// ---- spec 2 §4.4 a test with results ----

/** The test fields locked while qty_user_results > 0, in TestSettings' names. */
export const TEST_FIELDS_LOCKED_WITH_RESULTS = ['test_type', 'maximum_attempts', 'time_to_answer', 'qty_total_questions', 'minimum_score'] as const;
export type LockedTestField = (typeof TEST_FIELDS_LOCKED_WITH_RESULTS)[number];

export interface TestLocks {
  /** the warning 'test_has_user_results' is shown */
  hasResults: boolean;
  fields: readonly LockedTestField[];
  import: boolean;
  addQuestions: boolean;
  deleteQuestions: boolean;
  /** adding or deleting alternatives, and changing the correct one */
  changeAlternatives: boolean;
}

export function testLocks(qtyUserResults: number | null | undefined): TestLocks {
  const locked = (qtyUserResults ?? 0) > 0;
  return {
    hasResults: locked,
    fields: locked ? TEST_FIELDS_LOCKED_WITH_RESULTS : [],
    import: locked,
    addQuestions: locked,
    deleteQuestions: locked,
    changeAlternatives: locked,
  };
}

/** The locked fields whose stored value `next` would change. */
export function changedLockedFields(stored: TestSettings, next: TestSettings): LockedTestField[] {
  return TEST_FIELDS_LOCKED_WITH_RESULTS.filter((field) => stored[field] !== next[field]);
}

// ---- spec 2 §5.4 question and alternatives ----

export interface Alternative {
  id?: number;
  /** HTML */
  title: string;
  is_correct: boolean;
}

/** Empty once the tags are stripped; an image alone is content. */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  return htmlToPlainText(html) === '' && !/<img\b/i.test(html);
}

/** Text as two alternatives are compared: plain, spaces collapsed, case ignored. */
export function comparableText(plain: string): string {
  return plain.replace(/\s+/g, ' ').trim().toLocaleLowerCase();
}

const htmlKey = (html: string) => {
  const text = comparableText(htmlToPlainText(html));
  // image-only alternatives compare by their markup
  return text || html.trim();
};

/** Whether `title` repeats the text of another alternative than the one at `except`. */
export function isDuplicateAlternative(list: readonly Alternative[], title: string, except = -1): boolean {
  const key = htmlKey(title);
  return list.some((a, i) => i !== except && htmlKey(a.title) === key);
}

/**
 * Adds an alternative: an empty one is not added, one equal to an existing one is ignored (the
 * same list comes back), and the first added becomes the correct one.
 */
export function addAlternative<T extends Alternative>(list: readonly T[], title: string): readonly (T | Alternative)[] {
  if (isBlankHtml(title) || isDuplicateAlternative(list, title)) return list;
  const hasCorrect = list.some((a) => a.is_correct);
  return [...list, { title, is_correct: !hasCorrect }];
}

/** Changes one alternative's title: required, and not equal to another one (else unchanged). */
export function editAlternative<T extends Alternative>(list: readonly T[], index: number, title: string): readonly T[] {
  if (index < 0 || index >= list.length || isBlankHtml(title) || isDuplicateAlternative(list, title, index)) return list;
  return list.map((a, i) => (i === index ? { ...a, title } : a));
}

/** Exactly one alternative is correct: choosing one clears the others. */
export function chooseCorrectAlternative<T extends Alternative>(list: readonly T[], index: number): readonly T[] {
  if (index < 0 || index >= list.length) return list;
  return list.map((a, i) => ({ ...a, is_correct: i === index }));
}

/** Removing the correct alternative makes the first remaining one correct. */
export function removeAlternative<T extends Alternative>(list: readonly T[], index: number): readonly T[] {
  if (index < 0 || index >= list.length) return list;
  const removedCorrect = list[index]!.is_correct;
  const rest = list.filter((_, i) => i !== index);
  if (!removedCorrect || rest.length === 0) return rest;
  return rest.map((a, i) => ({ ...a, is_correct: i === 0 }));
}

export interface QuestionValues {
  /** HTML */
  title: string | null | undefined;
  answers: readonly Alternative[];
}

/**
 * spec 2 §5.4 question: title required (≤ 256 plain characters), at least 2 alternatives, none
 * empty, none repeated, exactly one correct. Field keys: title, answers, answers.{i}.
 */
export function validateQuestion(values: QuestionValues): TestFieldErrors {
  const errors: TestFieldErrors = {};
  if (isBlankHtml(values.title)) errors.title = REQUIRED;
  else if (plainLength(htmlToPlainText(values.title)) > TEST_LIMITS.questionTitleMax) errors.title = 'title_too_long';
  const answers = values.answers;
  answers.forEach((a, i) => {
    if (isBlankHtml(a.title)) errors[`answers.${i}`] = REQUIRED;
    else if (isDuplicateAlternative(answers.slice(0, i), a.title)) errors[`answers.${i}`] = 'duplicate_alternative';
  });
  if (answers.length < TEST_LIMITS.minAlternatives) errors.answers = 'question_needs_two_alternatives';
  else if (answers.length > TEST_LIMITS.maxAlternatives) errors.answers = 'validation_error';
  else if (answers.filter((a) => a.is_correct).length !== 1) errors.answers = 'question_needs_one_correct_alternative';
  return errors;
}

/** spec 2 §5.4: Save does nothing (and says nothing) until this holds. */
export function canSaveQuestion(values: QuestionValues): boolean {
  return Object.keys(validateQuestion(values)).length === 0;
}

/**
 * spec 2 §4.4 on a question of a test with results: the same alternatives (no added, no removed)
 * and the same correct one. `next` items carry the id of the alternative they edit.
 */
export function alternativesChangeLocked(current: readonly Alternative[], next: readonly Alternative[]): boolean {
  const ids = (list: readonly Alternative[]) => list.map((a) => a.id ?? null);
  const before = ids(current);
  const after = ids(next);
  if (after.some((id) => id === null) || before.length !== after.length) return true;
  if (new Set(after).size !== after.length || after.some((id) => !before.includes(id))) return true;
  const correct = (list: readonly Alternative[]) => list.find((a) => a.is_correct)?.id ?? null;
  return correct(current) !== correct(next);
}
