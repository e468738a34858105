import type { FastifyPluginAsync } from 'fastify';
import admin from './admin.ts';
import learner from './learner.ts';

/**
 * Messages (docs/api.md "Banners, welcome banners and messages"): the admin's
 * messages and the mailing list configuration under /admin_messages/, and the
 * learner's messages under /messages/.
 */
const messages: FastifyPluginAsync = async (app) => {
  await app.register(admin);
  await app.register(learner);
};
export default messages;
