import type { FastifyPluginAsync } from 'fastify';
import admin from './admin.ts';
import learner from './learner.ts';
import playlists from './playlists.ts';

/**
 * Podcasts (docs/api.md "Podcasts"): podcasts, their images and comments, and
 * playlists under /admin_podcast/ (title podcasts, writes podcasts_manage), and the learner's
 * podcasts, playlists and player under /podcasts/.
 */
const podcasts: FastifyPluginAsync = async (app) => {
  await app.register(admin);
  await app.register(playlists);
  await app.register(learner);
};
export default podcasts;
