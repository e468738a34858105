import type { FastifyPluginAsync } from 'fastify';
import adminFaq from './admin.ts';
import learnerFaqRoutes from './learner.ts';
import publicFaqRoutes from './public.ts';

/**
 * FAQ (spec 3 §2, §3, §6; spec 1 §2.1): questions and categories under
 * /admin_faq/, the learner's page under /faq/, the login page's public FAQ under /public/faq/,
 * and "send your question" on both sides (its e-mail job: plugins/app/jobs/faqQuestionMail.ts).
 */
const faq: FastifyPluginAsync = async (app) => {
  await app.register(adminFaq);
  await app.register(publicFaqRoutes);
  await app.register(learnerFaqRoutes);
};
export default faq;
