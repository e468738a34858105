import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NotificationPayload } from '@lp/shared/contract';
import type { DefaultTimestamp, Json, Timestamp } from '../columns.ts';

/** The in-process queue's storage when REDIS_URL is not set (DESIGN "Jobs and mail"). */
export interface JobTable {
  id: Generated<number>;
  name: string;
  /** the job's data, handed to its handler */
  payload: Json<object>;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  /** a job with the same key is not queued twice while one is waiting or running */
  dedupe_key: string | null;
  run_at: Timestamp;
  /** a running job whose lease ran out belongs to a dead worker and is queued again */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}
export type JobRow = Selectable<JobTable>;

/** In-app notifications (spec 1 §4.3: a notification when an import or report ends). */
export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  client_id: number | null;
  /** message key in locales (notifications.*) */
  kind: string;
  /** parameters of the message and, when there is one, a `link` */
  payload: Json<NotificationPayload>;
  read_at: Timestamp | null;
  created_at: Timestamp;
}
export type NotificationRow = Selectable<NotificationTable>;

/** One announcement made to learners (2026_11_28_0200_learner_notices): a content and its occasion. */
export interface LearnerNoticeTable {
  id: Generated<number>;
  client_id: number;
  content_type: 'survey' | 'drill' | 'general_test';
  content_id: number;
  /** `open`, or the drill day YYYY-MM-DD */
  occasion: string;
  recipients: Generated<number>;
  created_at: DefaultTimestamp;
}
