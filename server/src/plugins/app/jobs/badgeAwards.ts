import fp from 'fastify-plugin';
import { clientUserIdsAfter } from '../../../repositories/badgeAdmin.ts';
import { awardRuleBadges } from '../../../repositories/badges.ts';

/**
 * A rule badge created, switched on or restored may already be earned: the client's learners are
 * judged again in the background, in batches (a client may have thousands), each in its own
 * transaction. Awards are unique per badge and user, so a job run twice awards nothing twice.
 */
export const AWARD_EXISTING_JOB = 'badges.award_existing';
const BATCH = 200;

export default fp(async (app) => {
  app.jobs.define<{ client_id: number }>(AWARD_EXISTING_JOB, async ({ client_id: clientId }, ctx) => {
    let after = 0;
    for (;;) {
      const batch = await clientUserIdsAfter(app.db, clientId, after, BATCH);
      if (batch.length === 0) break;
      await app.db.transaction().execute(async (trx) => {
        for (const userId of batch) await awardRuleBadges(trx, clientId, userId);
      });
      after = batch[batch.length - 1]!;
      await ctx.heartbeat();
    }
  });
}, { name: 'job-badge-awards', dependencies: ['jobs'] });
