import type { Generated, Selectable } from 'kysely';
import type { AppointmentStatus, AppointmentTrainingType as AppointmentType, EnrollmentStatus, EventTestType } from '@lp/shared/rules';
import type { DefaultBool, DefaultTimestamp, NullableTimestamp } from '../columns.ts';
import type {
  OwnedEvaluationAnswerTable, OwnedEvaluationQuestionTable, OwnedEvaluationTable, OwnedMaterialTable, OwnedTestAttemptQuestionTable,
  OwnedTestQuestionAnswerTable, OwnedTestQuestionTable, OwnedTestResultTable, OwnedTestTable,
} from '../../content/tables.ts';
import type { PresentialGuestColumns } from './presentialResults.table.ts';

/** Face-to-face trainings (2026_11_27_0130_presential; spec 3 §3). */

export interface PresentialAppointmentTypeTable {
  id: Generated<number>;
  client_id: number;
  label: string;
  /** the class type's maximum participants: events of this type take it (spec 3 §3, §5) */
  maximum_participants: number | null;
  created_at: DefaultTimestamp;
}

/** product categories (categories/modules) and courses' shared shape: a named row of one client */
export interface PresentialNamedTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  created_at: DefaultTimestamp;
}

export interface PresentialProductTable extends PresentialNamedTable {
  category_id: number | null;
}

export interface PresentialSupportMaterialTable extends PresentialNamedTable {
  quantity: Generated<number>;
  value: Generated<number>;
}

export interface PresentialCourseTable extends PresentialNamedTable {
  code: string;
}

export interface PresentialAppointmentTable {
  id: Generated<number>;
  client_id: number;
  title: Generated<string>;
  training_code: string | null;
  course_id: number | null;
  appointment_type_id: number | null;
  product_category_id: number | null;
  product_id: number | null;
  training_type: AppointmentType;
  listed: DefaultBool;
  participating_audience: Generated<string>;
  workload: Generated<number>;
  minimum_participants: number | null;
  maximum_participants: number | null;
  expected_participants: number | null;
  minimum_score: number | null;
  subscription_until: NullableTimestamp;
  cancellation_until: NullableTimestamp;
  timezone: Generated<string>;
  owner_id: number | null;
  owner_email: string | null;
  receive_emails: DefaultBool;
  has_tests: DefaultBool;
  status: Generated<AppointmentStatus>;
  cancellation_reason: string | null;
  requester_id: number | null;
  comments: Generated<string>;
  is_template: DefaultBool;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type PresentialAppointmentRow = Selectable<PresentialAppointmentTable>;

export interface PresentialAppointmentUserTable { appointment_id: number; user_id: number }
export interface PresentialAppointmentMaterialTable { appointment_id: number; material_id: number; quantity: number }

export interface PresentialAppointmentHistoryTable {
  id: Generated<number>;
  appointment_id: number;
  action: string;
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus;
  user_id: number | null;
  note: string | null;
  created_at: DefaultTimestamp;
}

export interface PresentialEventTable {
  id: Generated<number>;
  client_id: number;
  appointment_id: number;
  title: string;
  /** 1 active, 3 deleted */
  status: Generated<number>;
  event_type: EventTestType;
  date: string;
  start_hour: string;
  end_hour: string;
  intermission_minutes: Generated<number>;
  location: Generated<string>;
  location_name: Generated<string>;
  live_class_id: number | null;
  webcast_id: number | null;
  maximum_participants: number | null;
  /** the presential test's window (2026_11_27_0610): its QR token while open or after, null before the first opening */
  test_window_token: string | null;
  test_window_opened_at: NullableTimestamp;
  /** null while the window is open */
  test_window_closed_at: NullableTimestamp;
  test_window_opened_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type PresentialEventRow = Selectable<PresentialEventTable>;

export interface PresentialEventInstructorTable { event_id: number; user_id: number }

export interface PresentialPlannedVacancyTable {
  id: Generated<number>;
  client_id: number;
  branch_id: number;
  course_id: number;
  quarter: number;
  year: number;
  total: Generated<number>;
  planned: number;
  filled: Generated<number>;
  canceled: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type PresentialPlannedVacancyRow = Selectable<PresentialPlannedVacancyTable>;

/** with the guest's attendance and result (presentialResults.table.ts) */
export interface PresentialEnrollmentTable extends PresentialGuestColumns {
  id: Generated<number>;
  client_id: number;
  appointment_id: number;
  event_id: number;
  user_id: number;
  planned_vacancy_id: number | null;
  status: Generated<EnrollmentStatus>;
  active_key: string | null;
  enrolled_by: number | null;
  cancellation_reason: string | null;
  cancellation_requested_at: NullableTimestamp;
  cancellation_decided_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type PresentialEnrollmentRow = Selectable<PresentialEnrollmentTable>;

/** What hangs from an event: its owned-content tables (server/src/content/tables.ts). */
export type PresentialEventTestTable = OwnedTestTable;
export type PresentialEventTestQuestionTable = OwnedTestQuestionTable;
export type PresentialEventTestQuestionAnswerTable = OwnedTestQuestionAnswerTable;
export type PresentialEventTestResultTable = OwnedTestResultTable;
export type PresentialEventTestAttemptQuestionTable = OwnedTestAttemptQuestionTable;
export type PresentialEventEvaluationTable = OwnedEvaluationTable;
export type PresentialEventEvaluationQuestionTable = OwnedEvaluationQuestionTable;
export type PresentialEventEvaluationAnswerTable = OwnedEvaluationAnswerTable;
export type PresentialEventMaterialTable = OwnedMaterialTable;
