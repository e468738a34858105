import type { Generated, Selectable } from 'kysely';
import type { DefaultTimestamp } from '../columns.ts';
import type {
  OwnedTestAttemptQuestionTable, OwnedTestQuestionAnswerTable, OwnedTestQuestionTable, OwnedTestResultTable, OwnedTestTable,
} from '../../content/tables.ts';

/** A face-to-face test template (2026_11_28_0100_presential_test_templates); its one test holds the questions. */
export interface PresentialTestTemplateTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  /** 1 active, 3 deleted */
  status: Generated<number>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type PresentialTestTemplateRow = Selectable<PresentialTestTemplateTable>;

export type PresentialTestTemplateTestTable = OwnedTestTable;
export type PresentialTestTemplateTestQuestionTable = OwnedTestQuestionTable;
export type PresentialTestTemplateTestQuestionAnswerTable = OwnedTestQuestionAnswerTable;
export type PresentialTestTemplateTestResultTable = OwnedTestResultTable;
export type PresentialTestTemplateTestAttemptQuestionTable = OwnedTestAttemptQuestionTable;
