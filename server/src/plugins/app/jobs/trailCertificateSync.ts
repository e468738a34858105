import fp from 'fastify-plugin';
import { finishCertificateSync } from '../../../repositories/trailCertificateSync.ts';
import { SYNC_CERTIFICATES_JOB, SYNC_MAX_ATTEMPTS, syncTrailCertificates, type SyncPayload } from '../../../trails/certificateSync.ts';

/** spec 2 §4.9: the admin's "synchronise certificates" of a trail, in the background. */
export default fp(async (app) => {
  app.jobs.define<SyncPayload>(SYNC_CERTIFICATES_JOB, async ({ trail_id: trailId, client_id: clientId }, ctx) => {
    try {
      const result = await syncTrailCertificates(app.db, clientId, trailId, app.config, () => ctx.heartbeat());
      await finishCertificateSync(app.db, trailId, false);
      if (result.droppedItems > 0) ctx.log.info({ trailId, ...result }, 'trail certificate sync dropped deleted modules');
    } catch (error) {
      // the queue retries; after the last attempt the trail must not stay "running"
      if (ctx.attempt >= SYNC_MAX_ATTEMPTS) await finishCertificateSync(app.db, trailId, true);
      throw error;
    }
  });
}, { name: 'job-trail-certificate-sync', dependencies: ['jobs'] });
