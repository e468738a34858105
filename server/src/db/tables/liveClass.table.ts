import type { Generated, Selectable } from 'kysely';
import type { LiveClassPlatform, LiveClassType } from '@lp/shared/contract';
import type { DbBool, DefaultTimestamp, NullableTimestamp, Timestamp } from '../columns.ts';
import type {
  OwnedEvaluationAnswerTable, OwnedEvaluationQuestionTable, OwnedEvaluationTable, OwnedMaterialTable, OwnedTestAttemptQuestionTable,
  OwnedTestQuestionAnswerTable, OwnedTestQuestionTable, OwnedTestResultTable, OwnedTestTable,
} from '../../content/tables.ts';

/** spec 1 §3.8 live_class_platform_types: 1 external link, 2 Jitsi Meet. */
export interface LiveClassPlatformTypeTable { id: number; slug: LiveClassPlatform; uses_url: DbBool }

/** spec 3 §3 live class (2026_11_27_0020_live_classes). */
export interface LiveClassTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  live_class_type: LiveClassType;
  live_class_date: Timestamp;
  timezone: Generated<string>;
  stream_type_id: Generated<number>;
  transmission_url: string | null;
  maximum_participants: number | null;
  score: number | null;
  workload: Generated<number>;
  date_to_unpublish: string | null;
  /** 1 published, 2 unpublished, 3 deleted, 4 finished (shared LIVE_CLASS_STATUS) */
  status: Generated<number>;
  room_key: string;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type LiveClassRow = Selectable<LiveClassTable>;

export interface LiveClassInstructorTable { live_class_id: number; user_id: number }

/** A subscriber (open class) or an invitee (closed class). */
export interface LiveClassParticipantTable {
  id: Generated<number>;
  live_class_id: number;
  user_id: number;
  created_at: DefaultTimestamp;
  entered_at: NullableTimestamp;
  completed_at: NullableTimestamp;
}

/** What hangs from a live class: its owned-content tables (server/src/content/tables.ts). */
export type LiveClassTestTable = OwnedTestTable;
export type LiveClassTestQuestionTable = OwnedTestQuestionTable;
export type LiveClassTestQuestionAnswerTable = OwnedTestQuestionAnswerTable;
export type LiveClassTestResultTable = OwnedTestResultTable;
export type LiveClassTestAttemptQuestionTable = OwnedTestAttemptQuestionTable;
export type LiveClassEvaluationTable = OwnedEvaluationTable;
export type LiveClassEvaluationQuestionTable = OwnedEvaluationQuestionTable;
export type LiveClassEvaluationAnswerTable = OwnedEvaluationAnswerTable;
export type LiveClassMaterialTable = OwnedMaterialTable;
