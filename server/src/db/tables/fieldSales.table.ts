import type { ColumnType, Generated, Selectable } from 'kysely';
import type { FieldAnswerValue, FieldQuestionType, StepType, TaskStatus } from '@lp/shared/rules';
import type { DbBool, DefaultTimestamp, Json, NullableTimestamp } from '../columns.ts';

/** Field-sales tasks (migration 2026_11_27_0300_field_sales; spec 3 §3 "Task (field sales)"). */

export interface FieldQuestionnaireTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type FieldQuestionnaireRow = Selectable<FieldQuestionnaireTable>;

export interface FieldQuestionnaireStepTable {
  id: Generated<number>;
  questionnaire_id: number;
  title: string;
  step_type: StepType;
  position: number;
}
export type FieldQuestionnaireStepRow = Selectable<FieldQuestionnaireStepTable>;

export interface FieldQuestionTable {
  id: Generated<number>;
  questionnaire_id: number;
  step_id: number;
  text: string;
  question_type: FieldQuestionType;
  required: DbBool;
  /** the option labels of a choice question */
  options: Json<string[]>;
  position: number;
}
export type FieldQuestionRow = Selectable<FieldQuestionTable>;

/** The rule as the contract's RecurrenceInput. */
export interface StoredRecurrence {
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom';
  count: number;
  interval?: number;
  unit?: 'days' | 'weeks' | 'months' | 'years';
  weekdays?: number[];
}

export interface FieldTaskSeriesTable {
  id: Generated<number>;
  client_id: number;
  rule: Json<StoredRecurrence>;
  created_at: DefaultTimestamp;
}

type Real = ColumnType<number | null, number | null | undefined, number | null>;
type Text = ColumnType<string | null, string | null | undefined, string | null>;
type Int = ColumnType<number | null, number | null | undefined, number | null>;

export interface FieldTaskTable {
  id: Generated<number>;
  client_id: number;
  series_id: Int;
  occurrence: Int;
  title: Generated<string>;
  task_date: string;
  start_time: string;
  end_time: string;
  timezone: string;
  starts_at: ColumnType<string, Date | string, Date | string>;
  ends_at: ColumnType<string, Date | string, Date | string>;
  representative_id: number;
  questionnaire_id: Int;
  postal_code: Text;
  address: Text;
  number: Text;
  complement: Text;
  neighborhood: Text;
  city: Text;
  state: Text;
  latitude: Real;
  longitude: Real;
  place_ref: Text;
  observation: Generated<string>;
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>;
  cancel_motive: Text;
  not_realized_reason: Text;
  check_in_at: NullableTimestamp;
  check_in_latitude: Real;
  check_in_longitude: Real;
  check_in_distance_m: Int;
  check_out_at: NullableTimestamp;
  check_out_latitude: Real;
  check_out_longitude: Real;
  check_out_distance_m: Int;
  day_key: Text;
  created_by: Int;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type FieldTaskRow = Selectable<FieldTaskTable>;

export interface FieldTaskAnswerTable {
  id: Generated<number>;
  task_id: number;
  question_id: number | null;
  step_title: string;
  question_text: string;
  question_type: FieldQuestionType;
  value: Json<FieldAnswerValue>;
  display: string;
  answered_at: DefaultTimestamp;
  /** a photo answer: the tus upload it came from (a resent answer is recognised) */
  upload_id: string | null;
}
export type FieldTaskAnswerRow = Selectable<FieldTaskAnswerTable>;
