import type { Generated, Selectable } from 'kysely';
import type { DrillDateType } from '@lp/shared/rules';
import type { DefaultBool, DefaultJson, DefaultTimestamp } from '../columns.ts';
import type {
  OwnedTestAttemptQuestionTable, OwnedTestQuestionAnswerTable, OwnedTestQuestionTable, OwnedTestResultTable, OwnedTestTable,
} from '../../content/tables.ts';

/** spec 3 §3 drill (2026_11_27_0400_drills). */
export interface DrillTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  start_date: string;
  end_date: string;
  date_type: DrillDateType;
  weekdays: DefaultJson<number[]>;
  days_of_the_month: DefaultJson<number[]>;
  start_month: number | null;
  end_month: number | null;
  custom_dates: DefaultJson<string[]>;
  minimum_score: number;
  qty_questions_frequency: number;
  time_to_answer: number | null;
  allow_approved_to_answer: DefaultBool;
  show_feedback: DefaultBool;
  randomize_answers: DefaultBool;
  score: number | null;
  /** 1 published, 2 unpublished, 3 deleted (shared DRILL_STATUS) */
  status: Generated<number>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type DrillRow = Selectable<DrillTable>;

/** A drill's test, questions and learners' days: the owned-content core's test tables (question-only owner). */
export type DrillTestTable = OwnedTestTable;
export type DrillTestQuestionTable = OwnedTestQuestionTable;
export type DrillTestQuestionAnswerTable = OwnedTestQuestionAnswerTable;
export type DrillTestResultTable = OwnedTestResultTable;
export type DrillTestAttemptQuestionTable = OwnedTestAttemptQuestionTable;
