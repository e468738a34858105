import type { Generated, Insertable, Selectable } from 'kysely';
import type { DefaultBool, DefaultTimestamp, NullableJson, NullableTimestamp, Timestamp } from '../columns.ts';
import type { OwnedEvaluationAnswerTable, OwnedTestAttemptQuestionTable } from '../../content/tables.ts';

/** spec 2 §4.7 progress words the learner side stores. */
export type EnrollmentStatus = 'not_started' | 'ongoing' | 'finished' | 'blocked';

/** A learner in a training (2026_11_23_0006_learning). */
export interface GroupTrainingEnrollmentTable {
  id: Generated<number>;
  user_id: number;
  group_training_id: number;
  status: Generated<EnrollmentStatus>;
  started_at: DefaultTimestamp;
  completed_at: NullableTimestamp;
  blocked_at: NullableTimestamp;
  restart_count: Generated<number>;
  last_activity_at: DefaultTimestamp;
}
export type GroupTrainingEnrollmentRow = Selectable<GroupTrainingEnrollmentTable>;
export type NewGroupTrainingEnrollmentRow = Insertable<GroupTrainingEnrollmentTable>;

export interface GroupTrainingModuleProgressTable {
  id: Generated<number>;
  user_id: number;
  module_id: number;
  group_training_id: number;
  status: Generated<'ongoing' | 'finished'>;
  percent: Generated<number>;
  position_seconds: Generated<number>;
  /** the SCORM runtime data model the package last committed */
  cmi: NullableJson<Record<string, unknown>>;
  finished_at: NullableTimestamp;
  /** the latest opening of the module, on the server's clock (shared learning/completion.ts) */
  opened_at: NullableTimestamp;
  /** media: the server time the played seconds could have been played by, at the fastest */
  play_clock: NullableTimestamp;
  /** media: the union of the ranges played, [start, end] seconds */
  played: NullableJson<[number, number][]>;
  /** media: the duration the watched share is counted on */
  media_duration: number | null;
  /** pdf: its page count as first reported, and the furthest page shown */
  pages: number | null;
  page: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type GroupTrainingModuleProgressRow = Selectable<GroupTrainingModuleProgressTable>;

/** The questions drawn for an attempt (server/src/content/tables.ts). */
export type GroupTrainingTestAttemptQuestionTable = OwnedTestAttemptQuestionTable;

/** presential: a face-to-face appointment whose results were finalized with the holder approved (spec 3 §4) */
export type CertificateContentType = 'training' | 'trail' | 'live_class' | 'presential';

export interface CertificateTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  content_type: CertificateContentType;
  content_id: number;
  code: string;
  title: string;
  holder_name: string;
  workload: Generated<number>;
  percentage: Generated<number>;
  issued_at: Timestamp;
  expires_at: NullableTimestamp;
  pdf_path: string | null;
  superseded_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}
export type CertificateRow = Selectable<CertificateTable>;

export interface ContentReactionTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  content_type: string;
  content_id: number;
  favorite: DefaultBool;
  liked: DefaultBool;
  stars: number | null;
  updated_at: DefaultTimestamp;
}
export type ContentReactionRow = Selectable<ContentReactionTable>;

export interface PointsLedgerTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  points: number;
  reason: string;
  content_type: string;
  content_id: number;
  created_at: DefaultTimestamp;
}
export type PointsLedgerRow = Selectable<PointsLedgerTable>;

/** A learner's reaction-evaluation answer (server/src/content/tables.ts). */
export type GroupTrainingEvaluationAnswerTable = OwnedEvaluationAnswerTable;

export interface TrailEnrollmentTable {
  id: Generated<number>;
  user_id: number;
  trail_id: number;
  status: Generated<'ongoing' | 'finished'>;
  started_at: DefaultTimestamp;
  completed_at: NullableTimestamp;
}
