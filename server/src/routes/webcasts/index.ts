import type { FastifyPluginAsync } from 'fastify';
import { WEBCAST_OWNER, registerOwnedContent } from '../../content/index.ts';
import chat from './chat.ts';
import editor from './editor.ts';
import guests from './guests.ts';
import learner from './learner.ts';
import streaming from './streaming.ts';
import whep from './whep.ts';

/**
 * Webcasts (spec 2 §2.5, §2.6, §7.3): the admin editor's calls under /admin_webcasts/,
 * realtime chat and presence, streaming, and the learner's watch page.
 */
const webcasts: FastifyPluginAsync = async (app) => {
  void app;
  // editor, subscribers, learner list and watch page
  await app.register(editor);
  await app.register(guests);
  // spec 2 §2.5 tabs tests, reaction_tests, support_material, comments: the owned-content core's
  registerOwnedContent(app, WEBCAST_OWNER);
  await app.register(learner);
  // realtime and chat
  await app.register(chat);
  // streaming
  await app.register(streaming);
  await app.register(whep);
};
export default webcasts;
