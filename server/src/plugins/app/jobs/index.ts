import fp from 'fastify-plugin';
import badgeAwards from './badgeAwards.ts';
import certifyClosed from './certifyClosed.ts';
import faqQuestionMail from './faqQuestionMail.ts';
import imports from './imports.ts';
import learnerNotices from './learnerNotices.ts';
import messageSend from './messageSend.ts';
import recordingSave from './recordingSave.ts';
import reports from './reports.ts';
import trailCertificateSync from './trailCertificateSync.ts';
import unpublishDue from './unpublishDue.ts';

/**
 * Every background job's handler, one file each, defined from the app rather than from the
 * routes that enqueue them: a node that runs jobs (RUN_JOBS) knows them all before the queue
 * starts (plugins/app/jobs.ts starts it on ready). docs/architecture/routes.md "Jobs".
 */
export default fp(async (app) => {
  for (const job of [badgeAwards, certifyClosed, faqQuestionMail, imports, learnerNotices, messageSend, recordingSave, reports, trailCertificateSync, unpublishDue]) {
    await app.register(job);
  }
}, { name: 'job-definitions', dependencies: ['jobs'] });
