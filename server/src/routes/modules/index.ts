import type { FastifyPluginAsync } from 'fastify';
import news from './news/index.ts';
import faq from './faq/index.ts';
import library from './library/index.ts';
import podcasts from './podcasts/index.ts';
import banners from './banners/index.ts';
import welcomeBanners from './welcomeBanners/index.ts';
import messages from './messages/index.ts';
import badges from './badges/index.ts';
import feed from './feed/index.ts';
import legal from './legal/index.ts';
import wildcards from './wildcards/index.ts';
import configuration from './configuration/index.ts';
import calendar from './calendar/index.ts';

/** The content and communication modules (issue 7; spec 3), admin and learner sides. */
const modules: FastifyPluginAsync = async (app) => {
  // news and FAQ
  await app.register(news);
  await app.register(faq);
  // library and podcasts
  await app.register(library);
  await app.register(podcasts);
  // banners, welcome banners, messages and mailing list
  await app.register(banners);
  await app.register(welcomeBanners);
  await app.register(messages);
  // badges, feed, legal texts, wildcard pages, configuration, calendar
  await app.register(badges);
  await app.register(feed);
  await app.register(legal);
  await app.register(wildcards);
  await app.register(configuration);
  await app.register(calendar);
};
export default modules;
