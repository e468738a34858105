import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TRAININGS_PATH } from './collections.ts';

/**
 * spec 2 §3.4 tests, questions, the question bank and the test import; §7.1 "Tests",
 * "Questions", "Test import". Wire names are the contract's (avaliable_in included).
 *
 * The same screens and routes serve webcast tests (webcast_test, webcast_test_type,
 * webcast_test_question_answers; shared/src/contract/webcasts.ts): everything that differs is
 * in a `TestOwnerContract`.
 */

/** What a test owner (group training or webcast) changes: paths and wire names. */
export interface TestOwnerContract {
  /** labels ('question_bank.training' …) and the editor images' directory (spec 2 §7.5) */
  ownerKind: 'training' | 'webcast' | 'live_class' | 'presential_event';
  /** 'group_training' | 'webcast': the prefix of the question bank hit fields (§3.4) */
  hitPrefix: string;
  /** the type field of a test: group_training_test_type / webcast_test_type */
  typeField: string;
  /** the alternatives of a question: group_training_test_question_answers / webcast_test_question_answers */
  answersField: string;
  /** tus upload kind of the import spreadsheet */
  uploadKind: string;
  /** the test types lookup (preloaded reference list) */
  testTypes: string;
  tests(ownerId: number | string): string;
  test(ownerId: number | string, testId: number | string): string;
  questions(ownerId: number | string, testId: number | string): string;
  question(ownerId: number | string, testId: number | string, questionId: number | string): string;
  /** POST {search_question} → {questions[]} */
  searchQuestions: string;
  /** GET ?import_type=… → {path_url} */
  importTemplate(testId: number | string): string;
  /** POST multipart {file_url} → the validated questions */
  validateArchive(testId: number | string): string;
  /** POST the validated array → 200 */
  startImport(testId: number | string): string;
  /** spec 2 §9 "Import template: import_type=1 for trainings"; null: the call takes none (webcasts) */
  importType: number | null;
  /** the template answer's URL field: path_url (trainings) / template_download_url (webcasts, §7.3) */
  templateUrlField: 'path_url' | 'template_download_url';
}

const TESTS_IMPORT = '/admin_import/group_training_tests_import/';

/** spec 2 §7.1, P = /admin_group_trainings/group_trainings/{training_id}. */
export const GROUP_TRAINING_TESTS: TestOwnerContract = {
  ownerKind: 'training',
  hitPrefix: 'group_training',
  typeField: 'group_training_test_type',
  answersField: 'group_training_test_question_answers',
  uploadKind: 'training_test_import',
  testTypes: '/admin_group_trainings/group_training_test_types/',
  tests: (id) => `${TRAININGS_PATH}${id}/group_training_tests/`,
  test: (id, testId) => `${TRAININGS_PATH}${id}/group_training_tests/${testId}/`,
  questions: (id, testId) => `${TRAININGS_PATH}${id}/group_training_tests/${testId}/group_training_test_questions/`,
  question: (id, testId, questionId) => `${TRAININGS_PATH}${id}/group_training_tests/${testId}/group_training_test_questions/${questionId}/`,
  searchQuestions: `${TRAININGS_PATH}group_training_tests/search_group_training_questions/`,
  importTemplate: (testId) => `${TESTS_IMPORT}${testId}/generate_template/`,
  validateArchive: (testId) => `${TESTS_IMPORT}${testId}/validate_archive/`,
  startImport: (testId) => `${TESTS_IMPORT}${testId}/start_import/`,
  importType: 1,
  templateUrlField: 'path_url',
};

/** The generated template, downloaded with the admin's bearer token (owner-checked, short-lived). */
export const TEST_TEMPLATE_FILES_PATH = '/files/test_import_templates/';
export const testTemplateFilePath = (name: string) => `${TEST_TEMPLATE_FILES_PATH}${name}/`;
/** How long a generated template can be downloaded. */
export const TEST_TEMPLATE_TTL_MS = 60 * 60 * 1000;
/** The import spreadsheet: a template has a few hundred questions at most. */
export const TEST_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const TEST_IMPORT_MAX_ROWS = 2000;
/** Alternative columns of the template (spec 2 §3.4 questions are single-correct). */
export const TEST_IMPORT_ALTERNATIVES = 6;

const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** spec 2 §7.1 GET P/group_training_tests/ results[]. */
export const TrainingTestListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  group_training_test_type: Type.Integer(),
  qty_questions: Type.Integer(),
  /** questions shown to the learner; null = all (lists then show qty_questions) */
  qty_total_questions: NullableInteger,
  /** realizations */
  qty_user_results: Type.Integer(),
  status: Type.Integer(),
  /** YYYY-MM-DD */
  avaliable_in: NullableString,
  /** 0 = the training score is used (shown blank) */
  test_score: Type.Integer(),
});
export type TrainingTestListItem = Static<typeof TrainingTestListItem>;

/** spec 2 §7.1 GET P/group_training_tests/{testId}/ (and the answer of POST and PUT). */
export const TrainingTest = Type.Composite([TrainingTestListItem, Type.Object({
  randomize_questions: Type.Boolean(),
  randomize_answers: Type.Boolean(),
  /** a number of correct answers; null when the type does not use it or it is unset */
  minimum_score: NullableInteger,
  /** 0 when the type does not use attempts */
  maximum_attempts: Type.Integer(),
  /** HH:mm:ss, timed types only */
  time_to_answer: NullableString,
  /** for §5.3 qty_total_questions ≥ mandatory questions */
  qty_mandatory_questions: Type.Integer(),
})]);
export type TrainingTest = Static<typeof TrainingTest>;

/**
 * spec 2 §7.1 POST P/group_training_tests/ and PUT …/{testId}/ (form data). Every value arrives
 * as text and is read by the server (`''` = unset); §5.3 decides what is required. Omissions:
 * qty_total_questions empty = all, avaliable_in only if set, test_score 0 if empty,
 * minimum_score only when enabled and filled, maximum_attempts only when enabled,
 * time_to_answer only for the timed types.
 */
const FormText = (maxLength = 20) => Type.Optional(Type.String({ maxLength }));
export const TrainingTestForm = Type.Object({
  title: FormText(2000),
  group_training_test_type: FormText(),
  status: FormText(),
  randomize_questions: FormText(),
  randomize_answers: FormText(),
  qty_total_questions: FormText(),
  avaliable_in: FormText(),
  test_score: FormText(),
  minimum_score: FormText(),
  maximum_attempts: FormText(),
  time_to_answer: FormText(),
});
export type TrainingTestForm = Static<typeof TrainingTestForm>;

/** spec 2 §3.4 alternative: id, title (HTML), is_correct. */
export const TestAnswer = Type.Object({ id: Type.Integer(), title: Type.String(), is_correct: Type.Boolean() });
export type TestAnswer = Static<typeof TestAnswer>;

/** spec 2 §7.1 question read (list rows and GET …/group_training_test_questions/{id}/). */
export const TrainingTestQuestion = Type.Object({
  id: Type.Integer(),
  /** HTML, sanitised by the server */
  title: Type.String(),
  is_mandatory: Type.Boolean(),
  qty_answers: Type.Integer(),
  /** spec 2 §4.3: questions in a list are always shown as 1 */
  status: Type.Integer(),
  group_training_test_question_answers: Type.Array(TestAnswer),
});
export type TrainingTestQuestion = Static<typeof TrainingTestQuestion>;

/** spec 2 §7.1 question write (JSON). */
export const TrainingTestQuestionInput = Type.Object({
  title: Type.String({ maxLength: 100_000 }),
  /** default true */
  is_mandatory: Type.Optional(Type.Boolean()),
  group_training_test_question_answers: Type.Array(Type.Object({
    /** when it exists */
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    title: Type.String({ maxLength: 50_000 }),
    is_correct: Type.Boolean(),
  }), { maxItems: 50 }),
});
export type TrainingTestQuestionInput = Static<typeof TrainingTestQuestionInput>;

/** spec 2 §7.1 POST …/search_group_training_questions/ {search_question}. */
export const QuestionSearchRequest = Type.Object({ search_question: Type.String({ maxLength: 200 }) });
export type QuestionSearchRequest = Static<typeof QuestionSearchRequest>;

export const HitAlternative = Type.Object({ title: Type.String(), is_correct: Type.Boolean() });
export type HitAlternative = Static<typeof HitAlternative>;

/** spec 2 §3.4 question database search hit (trainings). */
export const TrainingQuestionHit = Type.Object({
  id: Type.Integer(),
  group_training_title: Type.String(),
  group_training_test_title: Type.String(),
  /** HTML */
  group_training_test_question_title: Type.String(),
  group_training_test_question_alternatives_qty: Type.Integer(),
  alternatives: Type.Array(HitAlternative),
});
export type TrainingQuestionHit = Static<typeof TrainingQuestionHit>;

export const TrainingQuestionSearchResult = Type.Object({ questions: Type.Array(TrainingQuestionHit) });
export type TrainingQuestionSearchResult = Static<typeof TrainingQuestionSearchResult>;

export const TestTemplateQuery = Type.Object({ import_type: Type.Optional(Type.Integer()) });
/** GET …/generate_template/ → the file to download (relative to the site: /api/files/…). */
export const TestTemplateAnswer = Type.Object({ path_url: Type.String() });
export type TestTemplateAnswer = Static<typeof TestTemplateAnswer>;

/** POST …/validate_archive/ multipart: the tus upload (its URL or id). */
export const ValidateArchiveForm = Type.Object({ file_url: Type.String({ minLength: 1, maxLength: 2000 }) });
export type ValidateArchiveForm = Static<typeof ValidateArchiveForm>;

/**
 * spec 2 §3.4 "Import validation result, per question: id, title, the list of answers
 * [{title, is_correct}], error (flag)". Titles are the cells' plain text. Added: the sheet
 * line, is_mandatory, and the error codes the details dialog explains.
 */
export const TrainingTestImportRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  group_training_test_question_answers: Type.Array(HitAlternative),
  error: Type.Boolean(),
  is_mandatory: Type.Boolean(),
  line: Type.Integer(),
  errors: Type.Array(Type.String()),
});
export type TrainingTestImportRow = Static<typeof TrainingTestImportRow>;

/** POST …/start_import/: the validated array (re-validated by the server). */
export const TrainingTestImportRequest = Type.Array(Type.Object({
  id: Type.Optional(Type.Integer()),
  title: Type.String({ maxLength: 5000 }),
  is_mandatory: Type.Optional(Type.Boolean()),
  group_training_test_question_answers: Type.Array(Type.Object({
    title: Type.String({ maxLength: 5000 }),
    is_correct: Type.Boolean(),
  }), { maxItems: 50 }),
  error: Type.Optional(Type.Boolean()),
}), { maxItems: TEST_IMPORT_MAX_ROWS });
export type TrainingTestImportRequest = Static<typeof TrainingTestImportRequest>;

export const TrainingTestImportResult = Type.Object({ created: Type.Integer(), skipped: Type.Integer() });
export type TrainingTestImportResult = Static<typeof TrainingTestImportResult>;

/**
 * The same shapes in another owner's wire names (spec 2 §3.4 "for webcasts: webcast_test_type,
 * webcast_test_question_answers"): list row, test, question read and write, bank hit, and the
 * import's validated rows and request. Typed loosely: the names are only known at run time.
 */
export function testOwnerSchemas(contract: Pick<TestOwnerContract, 'typeField' | 'answersField' | 'hitPrefix'>) {
  const { typeField, answersField, hitPrefix: p } = contract;
  const rename = (props: Record<string, TSchema>, from: string, to: string) =>
    Object.fromEntries(Object.entries(props).map(([k, v]) => [k === from ? to : k, v]));
  const listItem = Type.Object(rename(TrainingTestListItem.properties, 'group_training_test_type', typeField));
  const test = Type.Object(rename(TrainingTest.properties, 'group_training_test_type', typeField));
  const question = Type.Object(rename(TrainingTestQuestion.properties, 'group_training_test_question_answers', answersField));
  const questionInput = Type.Object(rename(TrainingTestQuestionInput.properties, 'group_training_test_question_answers', answersField));
  const hit = Type.Object({
    id: Type.Integer(),
    [`${p}_title`]: Type.String(),
    [`${p}_test_title`]: Type.String(),
    [`${p}_test_question_title`]: Type.String(),
    [`${p}_test_question_alternatives_qty`]: Type.Integer(),
    alternatives: Type.Array(HitAlternative),
  });
  const importRow = Type.Object(rename(TrainingTestImportRow.properties, 'group_training_test_question_answers', answersField));
  const importRequest = Type.Array(
    Type.Object(rename(TrainingTestImportRequest.items.properties, 'group_training_test_question_answers', answersField)),
    { maxItems: TEST_IMPORT_MAX_ROWS },
  );
  return { listItem, test, question, questionInput, hit, importRow, importRequest } as Record<
    'listItem' | 'test' | 'question' | 'questionInput' | 'hit' | 'importRow' | 'importRequest', TSchema
  >;
}
