import type { Generated, Selectable } from 'kysely';
import type { DefaultTimestamp } from '../columns.ts';
import type {
  OwnedTestAttemptQuestionTable, OwnedTestQuestionAnswerTable, OwnedTestQuestionTable, OwnedTestResultTable, OwnedTestTable,
} from '../../content/tables.ts';

/** spec 3 §3 general test (2026_11_27_0410_general_tests); its test row carries the engine's settings. */
export interface GeneralTestTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  quantity_realizations: number | null;
  /** minutes */
  time_to_finish: number;
  publish_date: string;
  unpublish_date: string | null;
  /** 1 published, 2 unpublished, 3 deleted (shared GENERAL_TEST_STATUS) */
  status: Generated<number>;
  /** points when approved; null = none (2026_11_28_0200_learner_notices) */
  score: number | null;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type GeneralTestRow = Selectable<GeneralTestTable>;

export type GeneralTestTestTable = OwnedTestTable;
export type GeneralTestTestQuestionTable = OwnedTestQuestionTable;
export type GeneralTestTestQuestionAnswerTable = OwnedTestQuestionAnswerTable;
export type GeneralTestTestResultTable = OwnedTestResultTable;
export type GeneralTestTestAttemptQuestionTable = OwnedTestAttemptQuestionTable;
