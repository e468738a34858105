/**
 * The owned-content tables, declared once (docs/architecture/owned-content.md). Every owner kind
 * (group training, webcast, …) has its own copy of each table, named `${prefix}_${suffix}`
 * (group_training_tests, webcast_tests …) with these columns; `owner_id` points at the owner's
 * row with ON DELETE CASCADE. Queries are written against the virtual names below
 * (`owned_tests` …) and the owner's RenameTablesPlugin (db/renameTables.ts) rewrites them to the real ones.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { SurveyQuestionType } from '@lp/shared/rules';
import type { DefaultBool, DefaultTimestamp, Json, NullableTimestamp, Timestamp } from '../db/columns.ts';

/** What the core reads of the owner's own row (group_trainings, webcasts …). */
export interface OwnerRowTable {
  id: number;
  client_id: number;
  title: string;
  status: number;
}

/** spec 2 §3.4 test. */
export interface OwnedTestTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  test_type_id: Generated<number>;
  status: Generated<number>;
  avaliable_in: string | null;
  test_score: Generated<number>;
  randomize_questions: DefaultBool;
  randomize_answers: DefaultBool;
  qty_total_questions: number | null;
  minimum_score: number | null;
  maximum_attempts: Generated<number>;
  /** HH:mm:ss */
  time_to_answer: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type OwnedTestRow = Selectable<OwnedTestTable>;
export type NewOwnedTestRow = Insertable<OwnedTestTable>;

export interface OwnedTestQuestionTable {
  id: Generated<number>;
  test_id: number;
  /** HTML */
  title: string;
  is_mandatory: DefaultBool;
  position: Generated<number>;
  status: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** shared SURVEY_QUESTION_TYPES; a test's questions are single choice (2026_11_27_0100_surveys) */
  question_type: ColumnType<SurveyQuestionType, SurveyQuestionType | undefined, SurveyQuestionType>;
}

export interface OwnedTestQuestionAnswerTable {
  id: Generated<number>;
  question_id: number;
  /** HTML */
  title: string;
  is_correct: DefaultBool;
  position: Generated<number>;
}

/** 'restarted': wiped by a training restart; kept for qty_user_results (spec 2 §4.8). */
export type TestResultStatus = 'in_progress' | 'finished' | 'expired' | 'restarted';

/** One learner attempt at a test. */
export interface OwnedTestResultTable {
  id: Generated<number>;
  test_id: number;
  user_id: number;
  attempt_number: number;
  status: Generated<TestResultStatus>;
  started_at: Timestamp;
  deadline_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  correct_count: Generated<number>;
  total_questions: Generated<number>;
  score: Generated<number>;
  passed: DefaultBool;
  created_at: DefaultTimestamp;
  /** what finishing did: none | blocked | restarted */
  consequence: ColumnType<string | null, string | null | undefined, string | null>;
}
export type OwnedTestResultRow = Selectable<OwnedTestResultTable>;

/** One question drawn for an attempt, with the order its alternatives are shown in. */
export interface OwnedTestAttemptQuestionTable {
  id: Generated<number>;
  result_id: number;
  question_id: number;
  position: number;
  /** answer ids, in the order they are shown */
  answer_order: Json<number[]>;
  answer_id: number | null;
  confirmed_at: NullableTimestamp;
  is_correct: boolean | null;
  /** several choices (survey multiple-choice types); null for a test's single `answer_id` */
  answer_ids: ColumnType<number[] | null, string | null | undefined, string | null>;
  /** a justification or a dissertative answer */
  answer_text: ColumnType<string | null, string | null | undefined, string | null>;
}

/** spec 2 §3.5 reaction evaluation. */
export interface OwnedEvaluationTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  status: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OwnedEvaluationQuestionTable {
  id: Generated<number>;
  evaluation_id: number;
  title: string;
  question_type_id: number;
  position: Generated<number>;
  created_at: Timestamp;
}

/** A learner's answer to one evaluation question (answered once). */
export interface OwnedEvaluationAnswerTable {
  id: Generated<number>;
  evaluation_id: number;
  question_id: number;
  user_id: number;
  grade: number | null;
  stars: number | null;
  text: string | null;
  created_at: DefaultTimestamp;
}

/** spec 2 §3.6 support material. */
export interface OwnedMaterialTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  status: Generated<number>;
  resource: string | null;
  resource_name: string | null;
  extension: string | null;
  size: number | string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type OwnedMaterialRow = Selectable<OwnedMaterialTable>;

/**
 * The virtual tables (docs/architecture/owned-content.md): `db.withTables<OwnedTables>()`
 * types them, the owner's RenameTablesPlugin (db/renameTables.ts) names the real tables.
 */
export type OwnedTables = {
  owned_owners: OwnerRowTable;
  owned_tests: OwnedTestTable;
  owned_test_questions: OwnedTestQuestionTable;
  owned_test_question_answers: OwnedTestQuestionAnswerTable;
  owned_test_results: OwnedTestResultTable;
  owned_test_attempt_questions: OwnedTestAttemptQuestionTable;
  owned_evaluations: OwnedEvaluationTable;
  owned_evaluation_questions: OwnedEvaluationQuestionTable;
  owned_evaluation_answers: OwnedEvaluationAnswerTable;
  owned_materials: OwnedMaterialTable;
};
export type OwnedTableName = keyof OwnedTables;

/** The virtual prefix: `owned_tests` is `${owner prefix}_tests`. */
export const VIRTUAL_PREFIX = 'owned';

/** Per-owner tables, in creation order (each references only earlier ones). */
export const OWNED_TABLE_SUFFIXES = [
  'tests', 'test_questions', 'test_question_answers', 'test_results', 'test_attempt_questions',
  'evaluations', 'evaluation_questions', 'evaluation_answers', 'materials',
] as const;
export type OwnedTableSuffix = (typeof OWNED_TABLE_SUFFIXES)[number];

/** Where an owner kind keeps its rows: its own table and the prefix of its owned tables. */
export interface OwnedTablesOf {
  /** the owner's table (id, client_id, title, status) */
  ownerTable: string;
  /** `${tablePrefix}_tests` … */
  tablePrefix: string;
}

/** The real name of every virtual table for one owner kind. */
export function realTableNames(owner: OwnedTablesOf): Readonly<Record<OwnedTableName, string>> {
  const names = { owned_owners: owner.ownerTable } as Record<OwnedTableName, string>;
  for (const suffix of OWNED_TABLE_SUFFIXES) names[`${VIRTUAL_PREFIX}_${suffix}`] = `${owner.tablePrefix}_${suffix}`;
  return names;
}
