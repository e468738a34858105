import type { FastifyPluginAsync } from 'fastify';

/** The content and communication modules (issue 7; spec 3), admin and learner sides. */
const modules: FastifyPluginAsync = async (app) => {
  void app;
  // news and FAQ
  // library and podcasts
  // banners, welcome banners, messages and mailing list
  // badges, feed, legal texts, wildcard pages, configuration, calendar
};
export default modules;
