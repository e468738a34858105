import type { FastifyPluginAsync } from 'fastify';

/**
 * Webcasts (issue 6; spec 2 §2.5, §2.6, §7.3): the admin editor's calls under /admin_webcasts/,
 * realtime chat and presence, streaming, and the learner's watch page.
 */
const webcasts: FastifyPluginAsync = async (app) => {
  void app;
  // editor, subscribers, tests, evaluations, materials, learner list and watch page
  // realtime and chat
  // streaming
};
export default webcasts;
