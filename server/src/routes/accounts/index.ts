import type { FastifyPluginAsync } from 'fastify';
import owners from './owners.ts';

/** Accounts: the owner search of the content forms (spec 2 §7.1). */
const accounts: FastifyPluginAsync = async (app) => {
  await app.register(owners);
};
export default accounts;
