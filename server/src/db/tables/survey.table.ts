import type { Generated, Selectable } from 'kysely';
import type { SurveyQuestionType, SurveyType } from '@lp/shared/rules';
import type { DefaultBool, DefaultTimestamp } from '../columns.ts';
import type {
  OwnedTestAttemptQuestionTable, OwnedTestQuestionAnswerTable, OwnedTestQuestionTable, OwnedTestResultTable, OwnedTestTable,
} from '../../content/tables.ts';

/** spec 1 §3.8 survey_types: 1 optional, 2 mandatory (shared SURVEY_TYPES). */
export interface SurveyTypeTable { id: number; slug: SurveyType }
/** spec 1 §3.8 survey_question_types (shared SURVEY_QUESTION_TYPES, ids 1–5). */
export interface SurveyQuestionTypeTable { id: number; slug: SurveyQuestionType }

/** spec 3 §3 survey (2026_11_27_0100_surveys). */
export interface SurveyTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  survey_type_id: Generated<number>;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string | null;
  show_feedback: DefaultBool;
  score: number | null;
  /** 1 published, 2 unpublished, 3 deleted (shared SURVEY_STATUS) */
  status: Generated<number>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type SurveyRow = Selectable<SurveyTable>;

export interface SurveyOwnerTable { survey_id: number; user_id: number }

/** A survey's test, questions and answers: the owned-content core's test tables (question-only owner). */
export type SurveyTestTable = OwnedTestTable;
export type SurveyTestQuestionTable = OwnedTestQuestionTable;
export type SurveyTestQuestionAnswerTable = OwnedTestQuestionAnswerTable;
export type SurveyTestResultTable = OwnedTestResultTable;
export type SurveyTestAttemptQuestionTable = OwnedTestAttemptQuestionTable;
