/**
 * What the test engine does to a learner's enrollment in a training (spec 2 §4.8): the
 * enrollment on the first attempt, the last activity, blocking the learner, and the restart
 * that wipes their progress. The attempts themselves are the owned-content core's
 * (server/src/content/repository/attempts.ts). Also the batches of enrollments that the
 * closed-training certification job judges again (plugins/app/jobs/certifyClosed.ts).
 */
import { sql } from 'kysely';
import { COUNTED_ATTEMPT_STATUSES } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { reusableQuery } from '../../db/reusableQuery.ts';
import type { EnrollmentStatus } from '../../db/tables/learning.table.ts';
import { wipeGameProgress } from './games.ts';

/** Compiled once (db/reusableQuery.ts): every learner test request asks it. */
const statusRow = reusableQuery((db, userId: number, trainingId: number) => db.selectFrom('group_training_enrollments').select('status')
  .where('user_id', '=', userId).where('group_training_id', '=', trainingId), [-9301, -9302] as [number, number]);

export async function enrollmentStatus(db: Db, userId: number, trainingId: number): Promise<EnrollmentStatus | null> {
  const [row] = await statusRow(db, userId, trainingId);
  return row?.status ?? null;
}

/** Enrolls the learner on their first attempt; a learner not started becomes ongoing. Safe under concurrency. */
export async function ensureEnrollment(db: Db, userId: number, trainingId: number, now: Date): Promise<void> {
  const status = sql.ref<string>('group_training_enrollments.status');
  await db.insertInto('group_training_enrollments')
    .values({ user_id: userId, group_training_id: trainingId, status: 'ongoing', started_at: now, last_activity_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'group_training_id']).doUpdateSet({
      last_activity_at: now,
      status: sql<EnrollmentStatus>`case when ${status} = 'not_started' then 'ongoing' else ${status} end`,
    }))
    .execute();
}

/** The learner touched the training (the home's "next steps" put recent ones first). */
export async function touchEnrollment(db: Db, userId: number, trainingId: number, now: Date): Promise<void> {
  await db.updateTable('group_training_enrollments').set({ last_activity_at: now })
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
}

/** spec 2 §4.8 block types: the learner opens nothing more in the training and gets no certificate. */
export async function blockEnrollment(db: Db, userId: number, trainingId: number, now: Date): Promise<void> {
  await db.updateTable('group_training_enrollments').set({ status: 'blocked', blocked_at: now, last_activity_at: now })
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
}

/**
 * spec 2 §4.8 restart types ("failing the last attempt resets all training activities"): the
 * learner's module progress (SCORM data included) and reaction-evaluation answers in the
 * training are deleted; their test attempts are kept with status 'restarted' — they no longer
 * count for the learner, but the administrator still sees that the tests were taken
 * (qty_user_results, the §4.4 locks); game plays are set aside the same way and skips forgotten;
 * the enrollment is ongoing again, restart_count + 1.
 * Certificates already issued stay. Run in a transaction.
 */
export async function wipeTrainingProgress(db: Db, userId: number, trainingId: number, now: Date): Promise<void> {
  await db.deleteFrom('group_training_module_progress').where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
  await db.updateTable('group_training_test_results')
    .set({ status: 'restarted', finished_at: sql<Date>`coalesce(finished_at, ${now})` })
    .where('user_id', '=', userId)
    .where('status', 'in', [...COUNTED_ATTEMPT_STATUSES])
    .where('test_id', 'in', (eb) => eb.selectFrom('group_training_tests').select('id').where('owner_id', '=', trainingId))
    .execute();
  await db.deleteFrom('group_training_evaluation_answers')
    .where('user_id', '=', userId)
    .where('evaluation_id', 'in', (eb) => eb.selectFrom('group_training_evaluations').select('id').where('owner_id', '=', trainingId))
    .execute();
  await wipeGameProgress(db, userId, trainingId, now);
  await db.updateTable('group_training_enrollments').set((eb) => ({
    status: 'ongoing', completed_at: null, blocked_at: null, restart_count: eb('restart_count', '+', 1), last_activity_at: now,
  })).where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
}

/** A training's enrollments after `afterId`, in id order: a batch of the closed-training certification job. */
export async function enrollmentsAfter(db: Db, trainingId: number, afterId: number, limit: number): Promise<Array<{ id: number; user_id: number }>> {
  return db.selectFrom('group_training_enrollments').select(['id', 'user_id'])
    .where('group_training_id', '=', trainingId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}
