import type { FastifyPluginAsync } from 'fastify';
import { LIVE_CLASS_OWNER, registerOwnedContent } from '../../content/index.ts';
import admin from './admin.ts';
import learner from './learner.ts';
import participants from './participants.ts';

/**
 * Live classes (spec 3 §2 "Live classes", §3–§5, §9): the admin editor under
 * /admin_live_classes/ with its subscribers and invitees, the owned-content core (tests, reaction
 * tests, materials, comments of origin live_class), and the learner's list, detail, seats, room
 * and reaction test.
 */
const liveClasses: FastifyPluginAsync = async (app) => {
  await app.register(admin);
  await app.register(participants);
  // spec 3 §2 reaction tests and comments (list only: spec 3 §7 defines no moderation path for live_class)
  registerOwnedContent(app, LIVE_CLASS_OWNER);
  await app.register(learner);
};
export default liveClasses;
