import type { FastifyPluginAsync } from 'fastify';
import admin from './admin/index.ts';
import session from './session.ts';
import password from './password.ts';
import smsRecovery from './smsRecovery.ts';
import deletion from './deletion.ts';

/**
 * Users: the admin's users screens (admin/), and each user's own session, password and
 * account-deletion request.
 */
const users: FastifyPluginAsync = async (app) => {
  await app.register(admin);
  await app.register(session);
  await app.register(password);
  await app.register(smsRecovery);
  await app.register(deletion);
};
export default users;
