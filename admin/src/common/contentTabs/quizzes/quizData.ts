import { TEST_DEFAULTS, htmlToPlainText, testTypeFields, type Alternative, type TestTypeRules, type TestValues } from '@lp/shared/rules';
import { ADMIN_RESOURCES, type TestOwnerContract } from '@lp/shared/contract';
import type { FormFields } from '../../../dataProvider.ts';
import { nestedResource } from '../../nested/nestedResources.ts';

/** Translation keys of the tests tab. */
export const TESTS_KEY = 'resources.trainings.tests';

/** A test type option of the lookup (spec 2 §3.4). */
export interface TestTypeOption extends TestTypeRules {
  slug: string;
}

/** A test as the screens use it; `test_type` is the owner's type field. */
export interface TestData {
  id: number;
  title: string;
  test_type: number;
  qty_questions: number;
  qty_total_questions: number | null;
  qty_user_results: number;
  qty_mandatory_questions: number;
  status: number;
  avaliable_in: string | null;
  test_score: number;
  randomize_questions: boolean;
  randomize_answers: boolean;
  minimum_score: number | null;
  maximum_attempts: number;
  time_to_answer: string | null;
}

export interface QuestionData {
  id: number;
  /** HTML */
  title: string;
  is_mandatory: boolean;
  answers: Array<Alternative & { id: number }>;
}

type Wire = Record<string, unknown>;

/** the editor resource that owns the tests: their list is its nested resource `{parent}/{id}/tests` */
const TESTS_PARENT: Record<TestOwnerContract['ownerKind'], string> = {
  training: ADMIN_RESOURCES.trainings.name,
  webcast: ADMIN_RESOURCES.webcasts.name,
  live_class: ADMIN_RESOURCES.live_classes.name,
  // a face-to-face event's tests: `presential-events/{eventId}/tests` (the comments' parent name too)
  presential_event: 'presential-events',
};

/** The owner's tests as a nested resource (`trainings/7/tests`). */
export const testsResource = (owner: TestOwnerContract, ownerId: number): string =>
  nestedResource(TESTS_PARENT[owner.ownerKind], ownerId, 'tests');

/** A test's questions as a nested resource two levels deep (`trainings/7/tests/31/questions`). */
export const questionsResource = (owner: TestOwnerContract, ownerId: number, testId: number): string =>
  nestedResource(TESTS_PARENT[owner.ownerKind], ownerId, 'tests', testId, 'questions');

/** A question row as the server lists it (answers under the owner's wire name). */
export type WireQuestion = { id: number } & Wire;

export function readTest(owner: TestOwnerContract, wire: Wire): TestData {
  return { ...(wire as unknown as TestData), test_type: Number(wire[owner.typeField]) };
}

export function readQuestion(owner: TestOwnerContract, wire: Wire): QuestionData {
  return {
    id: Number(wire.id),
    title: String(wire.title ?? ''),
    is_mandatory: wire.is_mandatory !== false,
    answers: (wire[owner.answersField] as QuestionData['answers'] | undefined) ?? [],
  };
}

/** The editor's fields as typed (numbers as text, '' = empty). */
export interface TestForm {
  title: string;
  test_type: string;
  status: number;
  randomize_questions: boolean;
  randomize_answers: boolean;
  qty_total_questions: string;
  avaliable_in: string;
  test_score: string;
  minimum_score: string;
  maximum_attempts: string;
  time_to_answer: string;
}

/** spec 2 §4.3 / §9: a new test is unpublished, with random questions and answers. */
export const NEW_TEST_FORM: TestForm = {
  title: '',
  test_type: '',
  status: TEST_DEFAULTS.status,
  randomize_questions: TEST_DEFAULTS.randomize_questions,
  randomize_answers: TEST_DEFAULTS.randomize_answers,
  qty_total_questions: '',
  avaliable_in: '',
  test_score: '',
  minimum_score: '',
  maximum_attempts: '',
  time_to_answer: '',
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function testForm(test: TestData): TestForm {
  return {
    title: test.title,
    test_type: String(test.test_type),
    status: test.status,
    randomize_questions: test.randomize_questions,
    randomize_answers: test.randomize_answers,
    qty_total_questions: text(test.qty_total_questions),
    avaliable_in: test.avaliable_in ?? '',
    // spec 2 §3.4: 0 is shown blank
    test_score: test.test_score ? String(test.test_score) : '',
    minimum_score: text(test.minimum_score),
    maximum_attempts: test.maximum_attempts ? String(test.maximum_attempts) : '',
    time_to_answer: test.time_to_answer ?? '',
  };
}

const number = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** The editor's fields as §5.3 reads them. */
export function testValues(form: TestForm): TestValues {
  return {
    title: form.title,
    test_type: number(form.test_type),
    status: form.status,
    minimum_score: number(form.minimum_score),
    maximum_attempts: number(form.maximum_attempts),
    time_to_answer: form.time_to_answer ? normalizeTime(form.time_to_answer) : null,
    test_score: number(form.test_score),
    qty_total_questions: number(form.qty_total_questions),
    avaliable_in: form.avaliable_in || null,
  };
}

/**
 * spec 2 §7.1 test form: title, type, status, randomize flags; qty_total_questions empty if
 * unset; avaliable_in only if set; test_score 0 if empty; minimum_score only when enabled and
 * filled; maximum_attempts only when enabled; time_to_answer when the type uses time.
 */
export function testFormFields(owner: TestOwnerContract, form: TestForm, type: TestTypeRules | null): FormFields {
  const uses = testTypeFields(type);
  const fields: FormFields = {
    title: form.title.trim(),
    [owner.typeField]: form.test_type,
    status: form.status,
    randomize_questions: form.randomize_questions,
    randomize_answers: form.randomize_answers,
    qty_total_questions: form.qty_total_questions.trim(),
    test_score: form.test_score.trim() || '0',
  };
  if (form.avaliable_in) fields.avaliable_in = form.avaliable_in;
  if (uses.minimumScore && form.minimum_score.trim() !== '') fields.minimum_score = form.minimum_score.trim();
  if (uses.maximumAttempts) fields.maximum_attempts = form.maximum_attempts.trim();
  if (uses.time) fields.time_to_answer = normalizeTime(form.time_to_answer);
  return fields;
}

/** A time input may give HH:mm; the contract is HH:mm:ss. */
export function normalizeTime(value: string): string {
  return /^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}

/** spec 2 §9: question titles in tables: 100 characters, tags stripped. */
export function questionSnippet(html: string, max = 100): string {
  return Array.from(htmlToPlainText(html)).slice(0, max).join('');
}

/** spec 2 §9: alternatives longer than 50 characters show the first 47 plus '...'. */
export function alternativeSnippet(html: string): string {
  const chars = Array.from(htmlToPlainText(html) || (/<img\b/i.test(html) ? '[img]' : ''));
  return chars.length > 50 ? `${chars.slice(0, 47).join('')}...` : chars.join('');
}
