import fp from 'fastify-plugin';
import { LEARNER_NOTICES_JOB, nextHour, runLearnerNotices, scheduleLearnerNotices } from '../../../notices/learnerNotices.ts';

/**
 * Learners told of surveys, drill days and general tests as they open (notices/learnerNotices.ts):
 * a run after each publishing save, and an hourly one for what opens by its dates.
 */
export default fp(async (app) => {
  app.jobs.define<{ slot: string | null }>(LEARNER_NOTICES_JOB, async ({ slot }, ctx) => {
    const told = await runLearnerNotices(app.db);
    if (told > 0) ctx.log.info({ told }, 'learners told of surveys, drills and general tests');
    // the periodic run schedules the next hour's; a run after a save does not
    if (slot) await scheduleLearnerNotices(app, nextHour());
  });
  app.addHook('onReady', async () => {
    if (app.config.runJobs && app.config.calendarJobs) await scheduleLearnerNotices(app, new Date());
  });
}, { name: 'job-learner-notices', dependencies: ['jobs'] });
