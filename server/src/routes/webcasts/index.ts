import type { FastifyPluginAsync } from 'fastify';
import chat from './chat.ts';
import content from './content.ts';
import editor from './editor.ts';
import guests from './guests.ts';
import learner from './learner.ts';
import streaming from './streaming.ts';

/**
 * Webcasts (issue 6; spec 2 §2.5, §2.6, §7.3): the admin editor's calls under /admin_webcasts/,
 * realtime chat and presence, streaming, and the learner's watch page.
 */
const webcasts: FastifyPluginAsync = async (app) => {
  void app;
  // editor, subscribers, tests, evaluations, materials, learner list and watch page
  await app.register(editor);
  await app.register(guests);
  await app.register(content);
  await app.register(learner);
  // realtime and chat
  await app.register(chat);
  // streaming
  await app.register(streaming);
};
export default webcasts;
