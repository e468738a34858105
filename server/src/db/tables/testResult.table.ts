import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../dialect.ts';
import type { DefaultBool, NullableTimestamp } from './training.table.ts';
import type { DefaultTimestamp } from './learning.table.ts';

/** 'restarted': wiped by a restart; kept for qty_user_results (2026_11_23_0008_test_engine) */
export type TestResultStatus = 'in_progress' | 'finished' | 'expired' | 'restarted';

/** One learner attempt at a group-training test (2026_11_23_0002_test_results). */
export interface GroupTrainingTestResultTable {
  id: Generated<number>;
  test_id: number;
  user_id: number;
  attempt_number: number;
  status: Generated<TestResultStatus>;
  started_at: Timestamp;
  deadline_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  correct_count: Generated<number>;
  total_questions: Generated<number>;
  score: Generated<number>;
  passed: DefaultBool;
  created_at: DefaultTimestamp;
  /** what finishing did: none | blocked | restarted (2026_11_23_0008_test_engine) */
  consequence: ColumnType<string | null, string | null | undefined, string | null>;
}
export type GroupTrainingTestResultRow = Selectable<GroupTrainingTestResultTable>;
export type NewGroupTrainingTestResultRow = Insertable<GroupTrainingTestResultTable>;
