import fp from 'fastify-plugin';
import { CERTIFY_CLOSED_JOB, type CertifyClosedPayload } from '../../../learning/completion.ts';
import { enrollmentsAfter } from '../../../repositories/learner/enrollments.ts';

const CLOSED_BATCH = 200;

/**
 * spec 2 §4.6 "Switching from open to closed grants certificates to users who have already
 * completed everything": queued by the admin's change_is_open once the training is closed.
 */
export default fp(async (app) => {
  app.jobs.define<CertifyClosedPayload>(CERTIFY_CLOSED_JOB, async ({ client_id: clientId, training_id: trainingId }, ctx) => {
    // every enrolled learner is judged: the listeners decide who certifies, and judging again is harmless
    let after = 0;
    for (;;) {
      const batch = await enrollmentsAfter(app.db, trainingId, after, CLOSED_BATCH);
      if (batch.length === 0) break;
      await app.db.transaction().execute(async (trx) => {
        for (const row of batch) await app.learning.progressChanged({ db: trx, clientId, userId: row.user_id, trainingId, cause: 'closed' });
      });
      after = batch[batch.length - 1]!.id;
      await ctx.heartbeat();
    }
  });
}, { name: 'job-certify-closed', dependencies: ['jobs', 'learning'] });
