import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import autoload from '@fastify/autoload';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import { allowTypeScriptRoutes, type Config } from './config.ts';
import dbPlugin from './plugins/app/db.ts';
import mailPlugin from './plugins/app/mail.ts';
import smsPlugin from './plugins/app/sms.ts';
import authPlugin from './plugins/app/auth.ts';
import authCachePlugin from './plugins/app/authCache.ts';
import contentCachePlugin from './plugins/app/contentCache.ts';
import rateLimitsPlugin from './plugins/app/rateLimits.ts';
import textGuardPlugin from './plugins/app/textGuard.ts';
import jobsPlugin from './plugins/app/jobs.ts';
import jobDefinitions from './plugins/app/jobs/index.ts';
import streamingPlugin from './plugins/app/streaming.ts';
import completion from './learning/completion.ts';
import learningPlugin from './plugins/app/learning.ts';
import errorsPlugin from './plugins/app/errors.ts';
import drainPlugin from './plugins/app/drain.ts';
import metricsPlugin from './plugins/app/metrics.ts';
import secretBoxPlugin from './plugins/app/secretBox.ts';
import requestIdPlugin from './plugins/app/requestId.ts';
import staticPlugin from './plugins/external/static.ts';
import mediaPlugin from './plugins/external/media.ts';
import mediaLinksPlugin from './plugins/app/mediaLinks.ts';
import { storagePlugin } from './storage/index.ts';
import publicPagesPlugin from './publicPages/index.ts';
import captchaPlugin from './plugins/app/captcha.ts';
import securityHeadersPlugin from './plugins/app/securityHeaders.ts';
import compressPlugin from './plugins/external/compress.ts';
import openApiPlugin from './plugins/external/openapi.ts';
import contentOriginPlugin from './contentOrigin/contentApp.ts';
import websocketPlugin from './plugins/external/websocket.ts';
import realtimePlugin from './plugins/app/realtime.ts';
import tusPlugin from './plugins/external/tus.ts';
import multipartPlugin from './plugins/external/multipart.ts';

export interface AppOptions {
  config: Config;
  /** serve admin/dist and portal/dist (off in API tests) */
  serveStatic?: boolean;
}

/** the areas' folders: routes/<area>/index.ts, one plugin each */
const ROUTES_DIR = path.join(import.meta.dirname, 'routes');

/**
 * Every area under /api (docs/architecture/routes.md): `routes/<area>/index.ts` is the area's
 * plugin and registers its own files. The route files write absolute paths, so the folder names
 * add no prefix. Only the areas' index files are plugins: an area's other files (its admin and
 * learner plugins, shared helpers, tests) are the index's to import. No area depends on another's
 * registration order (the badges' progress listener only needs the completion listener, which
 * the app registers before /api).
 */
async function api(app: FastifyInstance) {
  allowTypeScriptRoutes();
  await app.register(autoload, {
    dir: ROUTES_DIR,
    dirNameRoutePrefix: false,
    maxDepth: 1,
    matchFilter: (file: string) => /^\/[^/]+\/index\.ts$/.test(file),
    forceESM: true,
  });
}

/** The whole application as a plugin; server.ts only listens (fastify/demo layout). */
const appPlugin: FastifyPluginAsync<AppOptions> = async (app, { config, serveStatic = true }) => {
  await app.register(errorsPlugin);
  // SIGTERM: the requests in flight are answered before the server's close completes
  await app.register(drainPlugin);
  await app.register(requestIdPlugin);
  // before any route: every route refuses NUL bytes and lone surrogates (docs/security.md)
  await app.register(textGuardPlugin);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // read for the refresh-token cookie of the token endpoints only (lib/refreshCookie.ts)
  await app.register(cookie);
  await app.register(multipartPlugin);
  await app.register(dbPlugin, { config });
  app.decorate('config', config);
  // DESIGN "Files and media": the one file store (the local disk, or the S3 bucket when configured)
  await app.register(storagePlugin, { config });
  // signed media URLs, then the headers of every answer of this origin (before any route)
  await app.register(mediaLinksPlugin, { config });
  // spec 1 §5.5: the public forms' captcha, keyed like the signed media URLs
  await app.register(captchaPlugin, { config });
  // partner client secrets encrypted at rest, keyed from the same server secret unless configured
  await app.register(secretBoxPlugin, { config });
  await app.register(securityHeadersPlugin);
  // before any route: it hooks every route as it is added
  await app.register(compressPlugin);
  // before any route: the API reference collects the routes' schemas as they are added
  await app.register(openApiPlugin);
  // DESIGN "User content on its own origin": its own server, listening beside this one
  await app.register(contentOriginPlugin);
  await app.register(mailPlugin, { config });
  await app.register(smsPlugin, { config });
  // /metrics, and the timers the jobs and every answer feed (docs/production.md "Observability")
  await app.register(metricsPlugin);
  // docs/security.md "Rate limits": before auth, which counts every authenticated request
  await app.register(rateLimitsPlugin);
  await app.register(authCachePlugin);
  // what every learner of a test reads alike (bench/quiz-burst.ts), dropped on any write to it
  await app.register(contentCachePlugin);
  await app.register(authPlugin);
  await app.register(jobsPlugin);
  await app.register(learningPlugin);
  // before the areas' own progress listeners (badges judge the enrollment it has just finished)
  await app.register(completion);
  await app.register(jobDefinitions);
  await app.register(streamingPlugin);
  // DESIGN "Realtime": one upgrade handler for every socket route, then the hub the areas publish to
  await app.register(websocketPlugin);
  await app.register(realtimePlugin);
  await app.register(tusPlugin, { config });
  await app.register(api, { prefix: '/api' });
  // DESIGN "Files and media": $DATA_DIR/media read-only at /media/, before the apps' catch-all
  await app.register(mediaPlugin);
  // spec 1 §2.1 portfolio, spec 2 §2.1 /online-courses/{id}: server-rendered, before the portal's catch-all
  await app.register(publicPagesPlugin);
  if (serveStatic && config.staticRoot) {
    await app.register(staticPlugin, { root: config.staticRoot });
  } else {
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ detail: `Route ${request.method} ${request.url} not found`, code: 'not_found' });
    });
  }
};

// not encapsulated: the decorators (db, config, mailer) stay reachable from the root instance
export default fp(appPlugin, { name: 'app' });
