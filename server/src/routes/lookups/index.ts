import type { FastifyPluginAsync } from 'fastify';
import lists from './lists.ts';
import batch from './batch.ts';
import options from './options.ts';
import organisation from './organisation.ts';

/** Lookups: the small option lists of the forms, scoped to the selected client. */
const lookups: FastifyPluginAsync = async (app) => {
  await app.register(options);
  await app.register(organisation);
  await app.register(lists);
  await app.register(batch);
};
export default lookups;
