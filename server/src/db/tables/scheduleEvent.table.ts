import type { Generated, Selectable } from 'kysely';
import type { DefaultTimestamp, Timestamp } from '../columns.ts';

/** spec 1 §2.3 schedule/{id}: a calendar item an administrator wrote (2026_11_29_0100_schedule_events). */
export interface ScheduleEventTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  starts_at: Timestamp;
  /** the IANA zone it was written in: the admin form shows and edits the time there */
  time_zone: string;
  /** '' when none */
  link: Generated<string>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type ScheduleEventRow = Selectable<ScheduleEventTable>;
