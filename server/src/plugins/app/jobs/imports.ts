import fp from 'fastify-plugin';
import { defineImportJobs } from '../../../imports/jobs.ts';

/** The import's validate and process passes (imports/jobs.ts wires the engine's endings). */
export default fp(async (app) => {
  defineImportJobs(app);
}, { name: 'job-imports', dependencies: ['jobs', 'mail'] });
