import { Type, type Static } from '@sinclair/typebox';
import { GENERAL_TEST_TYPES } from '../generalTests.ts';
import { literalUnion } from './common.ts';
import { GENERAL_TESTS_PATH } from './collections.ts';

/**
 * General tests, assessments not tied to a training (spec 3 §2 "General test (assessment) list and
 * editor", §3, §4, §5, §8, §9; spec 1 §2.3 admin `general-tests`). The spec shows no call of this
 * module: the admin paths follow the other modules under admin_general_tests, the learner's attempt
 * paths are the test engine's (spec 2 §5.12) under /general_tests/{id}/tests/{testId}/.
 */
type Id = number | string;

export const GENERAL_TEST_PATHS = {
  collection: GENERAL_TESTS_PATH,
  item: (id: Id) => `${GENERAL_TESTS_PATH}${id}/`,
  questions: (id: Id) => `${GENERAL_TESTS_PATH}${id}/questions/`,
  question: (id: Id, questionId: Id) => `${GENERAL_TESTS_PATH}${id}/questions/${questionId}/`,
  /** GET → GeneralTestResult[]: every attempt */
  results: (id: Id) => `${GENERAL_TESTS_PATH}${id}/results/`,
  /** POST GeneralTestsReportRequest → 202 ReportAccepted: the attempts at the listed general tests as xlsx, e-mailed */
  report: `${GENERAL_TESTS_PATH}report/`,
} as const;

const LEARNER = '/general_tests/';
export const LEARNER_GENERAL_TEST_PATHS = {
  list: LEARNER,
  item: (id: Id) => `${LEARNER}${id}/`,
  /** POST: start the one attempt (a second call ends an attempt in progress: a reload ends it) */
  attempts: (id: Id, testId: Id) => `${LEARNER}${id}/tests/${testId}/attempts/`,
  /** GET: reading an attempt in progress again ends it (spec 3 §4 "without reloading") */
  attempt: (id: Id, testId: Id, attemptId: Id) => `${LEARNER}${id}/tests/${testId}/attempts/${attemptId}/`,
  answer: (id: Id, testId: Id, attemptId: Id, questionId: Id) => `${LEARNER}${id}/tests/${testId}/attempts/${attemptId}/questions/${questionId}/`,
  submit: (id: Id, testId: Id, attemptId: Id) => `${LEARNER}${id}/tests/${testId}/attempts/${attemptId}/submit/`,
  /** general tests have no reaction evaluation: the engine's paths object names it, nothing mounts it */
  evaluation: (id: Id) => `${LEARNER}${id}/evaluation/`,
} as const;

const TestType = literalUnion(GENERAL_TEST_TYPES);
const OptionalDay = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 10 });
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
/** an input's integer or null: one JSON type list, so the request coercion keeps null as null (an anyOf would make it 0) */
const IntOrNull = Type.Unsafe<number | null>({ type: ['integer', 'null'] });
const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });

export const GeneralTest = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** timed block or timed restart */
  test_type: TestType,
  minimum_score: Type.Integer(),
  /** questions an attempt draws; null = all */
  quantity_questions: NullableInt,
  /** attempts in all (restart type); null = unlimited */
  quantity_realizations: NullableInt,
  /** minutes */
  time_to_finish: Type.Integer(),
  publish_date: Type.String(),
  unpublish_date: Type.Union([Type.String(), Type.Null()]),
  status: Type.Integer(),
  /** points when approved; null = none */
  score: NullableInt,
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  /** the bank: X registered, Y mandatory (spec 3 §9) */
  qty_questions: Type.Integer(),
  qty_mandatory: Type.Integer(),
  qty_results: Type.Integer(),
  /** with results it cannot be edited (spec 3 §4) */
  has_results: Type.Boolean(),
  test_id: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type GeneralTest = Static<typeof GeneralTest>;

export const GeneralTestListItem = Type.Pick(GeneralTest, ['id', 'title', 'test_type', 'publish_date', 'unpublish_date', 'status', 'qty_questions', 'qty_results', 'created_at']);
export type GeneralTestListItem = Static<typeof GeneralTestListItem>;

export const GeneralTestInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  test_type: Type.Optional(Type.String({ maxLength: 40 })),
  minimum_score: Type.Optional(IntOrNull),
  quantity_questions: Type.Optional(IntOrNull),
  quantity_realizations: Type.Optional(IntOrNull),
  time_to_finish: Type.Optional(IntOrNull),
  publish_date: Type.Optional(OptionalDay),
  unpublish_date: Type.Optional(OptionalDay),
  status: Type.Optional(Type.Integer()),
  score: Type.Optional(IntOrNull),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
});
export type GeneralTestInput = Static<typeof GeneralTestInput>;

/** The general tests list's filters (search on the title, status). */
export const GeneralTestsReportRequest = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })), status: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
}, { additionalProperties: false });
export type GeneralTestsReportRequest = Static<typeof GeneralTestsReportRequest>;

export const GeneralTestResult = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  user_name: Type.String(),
  attempt_number: Type.Integer(),
  status: Type.String(),
  correct_count: Type.Integer(),
  total_questions: Type.Integer(),
  passed: Type.Boolean(),
  started_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type GeneralTestResult = Static<typeof GeneralTestResult>;

export const LearnerGeneralTestCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  test_type: TestType,
  test_id: Type.Integer(),
  minimum_score: Type.Integer(),
  questions: Type.Integer(),
  time_to_finish: Type.Integer(),
  unpublish_date: Type.Union([Type.String(), Type.Null()]),
  /** not_started, in_progress, passed, failed (blocked or waiting for a restart), restart */
  standing: literalUnion(['not_started', 'in_progress', 'passed', 'blocked', 'can_restart'] as const),
});
export type LearnerGeneralTestCard = Static<typeof LearnerGeneralTestCard>;
