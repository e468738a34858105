import fp from 'fastify-plugin';
import { defineReportJob } from '../../../reports/index.ts';

/** spec 1 §7, §8.4: the report file, built in the background and e-mailed as a link. */
export default fp(async (app) => {
  defineReportJob(app);
}, { name: 'job-reports', dependencies: ['jobs', 'mail'] });
