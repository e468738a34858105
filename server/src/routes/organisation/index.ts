import type { FastifyPluginAsync } from 'fastify';
import companies from './companies.ts';
import named from './named.ts';

/** spec 1 §3.5–3.7 organisation: headquarters, branches and their lookups. */
const organisation: FastifyPluginAsync = async (app) => {
  await app.register(companies);
  await app.register(named);
};
export default organisation;
