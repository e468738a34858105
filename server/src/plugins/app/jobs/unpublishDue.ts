import fp from 'fastify-plugin';
import { HOUR_MS, UNPUBLISH_DUE_JOB, runUnpublishDue, scheduleUnpublishDue } from '../../../trainings/unpublishJob.ts';

/** Content whose unpublish date has come is unpublished by an hourly job (trainings/unpublishJob.ts). */
export default fp(async (app) => {
  app.jobs.define<{ slot?: string }>(UNPUBLISH_DUE_JOB, async (_payload, ctx) => {
    const count = await runUnpublishDue(app);
    if (count > 0) ctx.log.info({ count }, 'content unpublished on its unpublish date');
    const next = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS);
    await scheduleUnpublishDue(app, next);
  });
  // on start: one run now (deduplicated per hour across nodes), which then repeats hourly
  app.addHook('onReady', async () => {
    if (app.config.runJobs && app.config.calendarJobs) await scheduleUnpublishDue(app, new Date());
  });
}, { name: 'job-unpublish-due', dependencies: ['jobs'] });
