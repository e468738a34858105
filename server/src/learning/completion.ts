/**
 * What follows from a learner's progress (spec 2 §4.6, §4.9). On every progress
 * event — a module, a test, a restart, or the admin closing an open training — the learner's
 * standing is judged again from the published activities:
 * - the enrollment is finished (completed_at) when every published activity is done, and open
 *   again when it no longer is (a restart);
 * - a closed training then certifies: one certificate per completion (a retake renews it) and the
 *   training's points once, when the client and the training type use the score. Open trainings
 *   never certify;
 * - every published trail holding the training records the learner's standing, and grants its
 *   certificate, through `syncTrailsHolding`, the code the admin's synchronisation runs too.
 * Closing a training judges its enrolled learners again in the background (job
 * 'learning.certify_closed'), in batches, so the admin's request does not wait for thousands.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONTENT_STATUS } from '@lp/shared/contract';
import { FINISHED_ATTEMPT_STATUSES, certifies, isTrainingComplete, trainingScoreIsUsed } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import type { EnrollmentStatus } from '../db/tables/learning.table.ts';
import type { ProgressChange } from '../plugins/app/learning.ts';
import { doneActivities } from '../repositories/learner/activities.ts';
import { hasGameActivity } from '../repositories/learner/games.ts';
import { clientTrainingFlags, findTrainingType } from '../repositories/trainings.ts';
import { syncTrailsHolding } from '../trails/certificateSync.ts';
import { issueCertificate, type CertificateIssuer } from './certificates.ts';
import { awardPoints } from './points.ts';

export const CERTIFY_CLOSED_JOB = 'learning.certify_closed';
/** learners judged per transaction when a training closes */

export interface CertifyClosedPayload { client_id: number; training_id: number }

/** The learner has module progress, a counted attempt, or a game played or skipped in the training (this round). */
async function hasStarted(db: Db, userId: number, trainingId: number): Promise<boolean> {
  const module = await db.selectFrom('group_training_module_progress').select('id')
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).executeTakeFirst();
  if (module) return true;
  const attempt = await db.selectFrom('group_training_test_results as r').innerJoin('group_training_tests as t', 't.id', 'r.test_id')
    .select('r.id').where('r.user_id', '=', userId).where('t.owner_id', '=', trainingId)
    .where('r.status', 'in', ['in_progress', ...FINISHED_ATTEMPT_STATUSES]).executeTakeFirst();
  return attempt !== undefined || hasGameActivity(db, userId, trainingId);
}

/** Judges one learner's standing in one training again and records what follows. Idempotent. */
export async function recordCompletion(issuer: CertificateIssuer, change: ProgressChange): Promise<void> {
  const { db, clientId, userId, trainingId, cause } = change;
  const training = await db.selectFrom('group_trainings')
    .select(['id', 'title', 'score', 'workload', 'is_open', 'group_training_type_id', 'qty_certificate_expiration_days'])
    .where('id', '=', trainingId).where('client_id', '=', clientId).where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
  if (!training) return;
  // the catalogue's own reading of "done" (cards and completion never disagree)
  const activities = (await doneActivities(db, userId, [trainingId])).get(trainingId) ?? [];
  const started = await hasStarted(db, userId, trainingId);
  const now = new Date();

  const findEnrollment = () => db.selectFrom('group_training_enrollments').select(['id', 'status', 'completed_at'])
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).executeTakeFirst();
  let enrollment = await findEnrollment();
  if (!enrollment) {
    if (!started) return;
    await db.insertInto('group_training_enrollments')
      .values({ user_id: userId, group_training_id: trainingId, status: 'ongoing', started_at: now, last_activity_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'group_training_id']).doNothing()).execute();
    enrollment = (await findEnrollment())!;
  }

  const blocked = enrollment.status === 'blocked';
  const complete = isTrainingComplete(activities) && !blocked;
  const wasFinished = enrollment.status === 'finished' && enrollment.completed_at !== null;
  const completedAt = complete ? (wasFinished ? new Date(enrollment.completed_at!) : now) : null;
  let status: EnrollmentStatus = enrollment.status as EnrollmentStatus;
  if (complete) status = 'finished';
  else if (!blocked && (status === 'finished' || started)) status = 'ongoing';
  // writing the row first also holds it: two events of one learner do not both issue
  await db.updateTable('group_training_enrollments')
    .set({ status, completed_at: completedAt, ...(cause === 'closed' ? {} : { last_activity_at: now }) })
    .where('id', '=', enrollment.id).execute();

  if (completedAt && certifies(training.is_open, true)) {
    const flags = await clientTrainingFlags(db, clientId);
    await issueCertificate(db, issuer, {
      clientId, userId, contentType: 'training', contentId: trainingId, title: training.title, workload: Number(training.workload),
      expirationDays: flags.use_group_trainings_certificate_expiration ? training.qty_certificate_expiration_days : null,
      completedAt,
    });
    const type = await findTrainingType(db, training.group_training_type_id);
    if (trainingScoreIsUsed({ flags, typeUsesScore: type?.use_score ?? false })) {
      await awardPoints(db, { clientId, userId, points: Number(training.score), reason: 'training_completed', contentType: 'training', contentId: trainingId, title: training.title });
    }
  }

  await syncTrailsHolding(db, issuer, { clientId, kind: 'training', itemId: trainingId, userId });
}

/**
 * spec 2 §4.6 "Switching from open to closed grants certificates to users who have already
 * completed everything": queued by the admin's change_is_open once the training is closed.
 */
export async function queueCertifyClosed(app: FastifyInstance, clientId: number, trainingId: number): Promise<void> {
  await app.jobs.enqueue(CERTIFY_CLOSED_JOB, { client_id: clientId, training_id: trainingId } satisfies CertifyClosedPayload);
}

export default fp(async (app) => {
  app.learning.onProgress((change) => recordCompletion(app.config, change));
}, { name: 'learning-completion', dependencies: ['learning'] });
