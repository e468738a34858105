import type { FastifyPluginAsync } from 'fastify';
import { registerComments } from '../../content/index.ts';
import adminNews, { NEWS_TITLE } from './admin.ts';
import learnerNews from './learner.ts';

/**
 * News (spec 3 §2, §3, §4, §5, §7): the admin editor's calls under
 * /admin_news/news/ with the comment moderation of §7 "Comments" (origin 'news'), and the
 * learner's list, item and comments under /news/.
 */
const news: FastifyPluginAsync = async (app) => {
  await app.register(adminNews);
  // spec 3 §6: the news permission both opens the editor and moderates its comments
  registerComments(app, { origin: 'news', ownerTable: 'news', title: NEWS_TITLE, manageSlug: NEWS_TITLE });
  await app.register(learnerNews);
};
export default news;
