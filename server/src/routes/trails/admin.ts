import type { FastifyPluginAsync } from 'fastify';
import { listTrailUserStars, registerComments } from '../../content/index.ts';
import actions from './actions.ts';
import basicData from './basicData.ts';
import categories from './categories.ts';
import certificates from './certificates.ts';
import { TRAILS_MANAGE, TRAILS_TITLE } from './common.ts';
import items from './items.ts';

/**
 * Trails admin under /admin_trails/ (spec 2 §2.4, §3.8, §4.9, §7.2): basic data, modules,
 * publication, duplicate, certificate synchronisation and its job, categories, and the comment
 * origins of §7.4 — 'trail' (comments, moderated) and 'trails' (the learners' star ratings, read
 * from content_reactions where the portal's rate call stores them; no moderation path).
 * The scheduled unpublish on date_to_unpublish runs in the content unpublish job
 * (server/src/trainings/unpublishJob.ts).
 */
const trails: FastifyPluginAsync = async (app) => {
  await app.register(basicData);
  await app.register(actions);
  await app.register(items);
  await app.register(certificates);
  await app.register(categories);
  registerComments(app, { origin: 'trail', ownerTable: 'trails', title: TRAILS_TITLE, manageSlug: TRAILS_MANAGE });
  registerComments(app, { origin: 'trails', ownerTable: 'trails', title: TRAILS_TITLE, manageSlug: TRAILS_MANAGE, list: listTrailUserStars });
};
export default trails;
