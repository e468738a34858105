/**
 * spec 2 §2.4 / §4.9 certificate synchronisation of a trail, running or idle. Starting it marks
 * the trail as running (one run at a time; a second start answers 409) and queues job
 * 'trails.sync_certificates', which does the work below and marks the trail idle again,
 * recording when the run ended and whether it failed after its retries.
 *
 * The work today is what is correct with the data that exists: the trail's modules are made
 * consistent (modules whose content was deleted are dropped, the rest renumbered) and
 * training_quantity recomputed, since certificates are judged against exactly that list.
 * Learner completions and certificates have no tables yet; the learner issue grants and
 * renews the trail certificates in `syncTrailCertificates`, after that step, and nowhere else.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { claimCertificateSync, finishCertificateSync, reconcileTrailItems } from '../repositories/trails.ts';

export const SYNC_CERTIFICATES_JOB = 'trails.sync_certificates';
export const SYNC_MAX_ATTEMPTS = 3;
/** a run that has not ended after this long is taken for dead (its node stopped) and may be replaced */
export const SYNC_STALE_MS = 60 * 60 * 1000;

interface SyncPayload { trail_id: number; client_id: number }

export interface SyncResult {
  /** modules dropped because their content was deleted */
  droppedItems: number;
}

/** One run's work on the trail of the client. Idempotent: a retried run does it again safely. */
export async function syncTrailCertificates(db: Db, clientId: number, trailId: number): Promise<SyncResult> {
  return db.transaction().execute(async (trx) => {
    const droppedItems = await reconcileTrailItems(trx, clientId, trailId);
    return { droppedItems };
  });
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

export default fp(async (app) => {
  app.jobs.define<SyncPayload>(SYNC_CERTIFICATES_JOB, async ({ trail_id: trailId, client_id: clientId }, ctx) => {
    try {
      const result = await syncTrailCertificates(app.db, clientId, trailId);
      await finishCertificateSync(app.db, trailId, false);
      if (result.droppedItems > 0) ctx.log.info({ trailId, ...result }, 'trail certificate sync dropped deleted modules');
    } catch (error) {
      // the queue retries; after the last attempt the trail must not stay "running"
      if (ctx.attempt >= SYNC_MAX_ATTEMPTS) await finishCertificateSync(app.db, trailId, true);
      throw error;
    }
  });
}, { name: 'trails-certificate-sync', dependencies: ['jobs'] });
