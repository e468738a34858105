/**
 * spec 2 §2.4 / §4.9 certificate synchronisation of a trail, running or idle. Starting it marks
 * the trail as running (one run at a time; a second start answers 409) and queues job
 * 'trails.sync_certificates', which does the work below and marks the trail idle again,
 * recording when the run ended and whether it failed after its retries.
 *
 * The work: the trail's modules are made consistent (modules whose content was deleted are
 * dropped, the rest renumbered) and training_quantity recomputed, since certificates are judged
 * against exactly that list; then every learner with progress in the trail is judged again by
 * `syncTrailForUser` — the one place that records trail completion and grants or renews trail
 * certificates and points, which the learner's progress events call as well, through
 * `syncTrailsHolding`: a training's (server/src/learning/completion.ts), a live class completed,
 * a webcast watched, a news item read, a podcast listened to, a library file opened.
 */
import type { FastifyInstance } from 'fastify';
import { CONTENT_STATUS } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import { issueCertificate, type CertificateIssuer } from '../learning/certificates.ts';
import { awardPoints } from '../learning/points.ts';
import type { TrailItemKind } from '@lp/shared/rules';
import { isTrailComplete, moduleLearners, moduleProgress, trailModules } from '../learning/trailProgress.ts';
import { isInTrailAudience } from '../repositories/trailAudience.ts';
import { claimCertificateSync, finishCertificateSync } from '../repositories/trailCertificateSync.ts';
import { reconcileTrailItems } from '../repositories/trailItems.ts';

export const SYNC_CERTIFICATES_JOB = 'trails.sync_certificates';
export const SYNC_MAX_ATTEMPTS = 3;
/** a run that has not ended after this long is taken for dead (its node stopped) and may be replaced */
export const SYNC_STALE_MS = 60 * 60 * 1000;

export interface SyncPayload { trail_id: number; client_id: number }

export interface SyncResult {
  /** modules dropped because their content was deleted */
  droppedItems: number;
  /** learners judged again */
  learners: number;
}

/** learners judged per transaction: a trail with thousands of them never holds one long transaction */
const SYNC_BATCH = 100;

/**
 * A learner's standing in a published trail of their audience, recorded: the trail enrollment
 * (ongoing, or finished when every module learners can take is done, each by the rule of its
 * kind — shared/src/trails.ts), and on completion the trail certificate (once per completion; a
 * later completion after a retake renews it) and the trail's points (once). Nothing is recorded
 * for a learner without any record in the trail's modules nor a trail enrollment. Run inside the
 * transaction that changed the learner's progress, or a sync batch. Idempotent.
 */
export async function syncTrailForUser(db: Db, issuer: CertificateIssuer, clientId: number, trailId: number, userId: number): Promise<void> {
  const trail = await db.selectFrom('trails').select(['id', 'title', 'score', 'qty_certificate_expiration_days'])
    .where('id', '=', trailId).where('client_id', '=', clientId).where('status', '=', CONTENT_STATUS.published).executeTakeFirst();
  if (!trail || !(await isInTrailAudience(db, clientId, trailId, userId))) return;
  const now = new Date();
  const modules = await trailModules(db, clientId, trailId, now);
  const progress = await moduleProgress(db, userId, modules);
  const complete = isTrailComplete(modules, progress);
  if (progress.size === 0) {
    const existing = await db.selectFrom('trail_enrollments').select('id').where('user_id', '=', userId).where('trail_id', '=', trailId).executeTakeFirst();
    if (!existing) return;
  }
  await db.insertInto('trail_enrollments').values({ user_id: userId, trail_id: trailId, status: 'ongoing', started_at: now, completed_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'trail_id']).doNothing()).execute();
  const enrollment = await db.selectFrom('trail_enrollments').select(['id', 'status', 'completed_at'])
    .where('user_id', '=', userId).where('trail_id', '=', trailId).executeTakeFirstOrThrow();
  if (!complete) {
    // a retake (or a module added to the trail) opens the trail again; its certificate stays
    await db.updateTable('trail_enrollments').set({ status: 'ongoing', completed_at: null }).where('id', '=', enrollment.id).execute();
    return;
  }
  const completedAt = enrollment.status === 'finished' && enrollment.completed_at ? new Date(enrollment.completed_at) : now;
  // updating the row first also holds it: two events of one learner do not both issue
  await db.updateTable('trail_enrollments').set({ status: 'finished', completed_at: completedAt }).where('id', '=', enrollment.id).execute();
  await issueCertificate(db, issuer, {
    clientId, userId, contentType: 'trail', contentId: trailId, title: trail.title,
    workload: modules.reduce((sum, m) => sum + m.workload, 0),
    expirationDays: trail.qty_certificate_expiration_days, completedAt,
  });
  await awardPoints(db, { clientId, userId, points: trail.score, reason: 'trail_completed', contentType: 'trail', contentId: trailId });
}

/** A module's progress changed: the learner's standing in every published trail of the client holding it. */
export interface ModuleProgressChange { clientId: number; kind: TrailItemKind; itemId: number; userId: number }

/**
 * Judges the learner again in every published trail of the client that holds the module (spec 2
 * §2.4): the one call each module makes after recording a learner's progress. Idempotent.
 */
export async function syncTrailsHolding(db: Db, issuer: CertificateIssuer, change: ModuleProgressChange): Promise<void> {
  const trails = await db.selectFrom('trail_items').innerJoin('trails', 'trails.id', 'trail_items.trail_id')
    .select('trails.id').distinct()
    .where('trail_items.item_type', '=', change.kind).where('trail_items.item_id', '=', change.itemId)
    .where('trails.client_id', '=', change.clientId).where('trails.status', '=', CONTENT_STATUS.published)
    .orderBy('trails.id').execute();
  for (const trail of trails) await syncTrailForUser(db, issuer, change.clientId, trail.id, change.userId);
}

/** One run's work on the trail of the client. Idempotent: a retried run does it again safely. */
export async function syncTrailCertificates(
  db: Db, clientId: number, trailId: number, issuer: CertificateIssuer, afterBatch: () => Promise<void> = async () => {},
): Promise<SyncResult> {
  const droppedItems = await db.transaction().execute((trx) => reconcileTrailItems(trx, clientId, trailId));
  const enrolled = await db.selectFrom('trail_enrollments').select('user_id').where('trail_id', '=', trailId).execute();
  const withRecords = await moduleLearners(db, await trailModules(db, clientId, trailId));
  const userIds = [...new Set([...enrolled.map((r) => r.user_id), ...withRecords])].sort((a, b) => a - b);
  for (let i = 0; i < userIds.length; i += SYNC_BATCH) {
    await db.transaction().execute(async (trx) => {
      for (const userId of userIds.slice(i, i + SYNC_BATCH)) await syncTrailForUser(trx, issuer, clientId, trailId, userId);
    });
    await afterBatch();
  }
  return { droppedItems, learners: userIds.length };
}

/**
 * Claims the run and queues it. False when a run is in progress. A failure to queue leaves the
 * trail idle again (and the error goes to the caller: "an error when starting the sync").
 */
export async function startCertificateSync(app: FastifyInstance, clientId: number, trailId: number): Promise<boolean> {
  const now = new Date();
  if (!(await claimCertificateSync(app.db, clientId, trailId, now, new Date(now.getTime() - SYNC_STALE_MS)))) return false;
  try {
    // the claim above is the one-run-at-a-time guard, across nodes
    await app.jobs.enqueue(SYNC_CERTIFICATES_JOB, { trail_id: trailId, client_id: clientId } satisfies SyncPayload, { maxAttempts: SYNC_MAX_ATTEMPTS });
  } catch (error) {
    await finishCertificateSync(app.db, trailId, true);
    throw error;
  }
  return true;
}
