import type { FastifyPluginAsync } from 'fastify';
import { bannersAdmin, bannersLearner } from './banners.ts';

/**
 * Banners (docs/api.md "Banners, welcome banners and messages"): the admin's
 * under /admin_banners/banners/, the portal's under /banners/.
 */
const banners: FastifyPluginAsync = async (app) => {
  await app.register(bannersAdmin);
  await app.register(bannersLearner);
};
export default banners;
