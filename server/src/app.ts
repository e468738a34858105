import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import type { Config } from './config.ts';
import dbPlugin from './plugins/app/db.ts';
import mailPlugin from './plugins/app/mail.ts';
import authPlugin from './plugins/app/auth.ts';
import rateLimitsPlugin from './plugins/app/rateLimits.ts';
import textGuardPlugin from './plugins/app/textGuard.ts';
import jobsPlugin from './plugins/app/jobs.ts';
import jobDefinitions from './plugins/app/jobs/index.ts';
import streamingPlugin from './plugins/app/streaming.ts';
import completion from './learning/completion.ts';
import learningPlugin from './plugins/app/learning.ts';
import errorsPlugin from './plugins/app/errors.ts';
import staticPlugin from './plugins/external/static.ts';
import mediaPlugin from './plugins/external/media.ts';
import mediaLinksPlugin from './plugins/app/mediaLinks.ts';
import securityHeadersPlugin from './plugins/app/securityHeaders.ts';
import contentOriginPlugin from './contentOrigin/contentApp.ts';
import signedMedia from './routes/files/signedMedia.ts';
import websocketPlugin from './plugins/external/websocket.ts';
import realtimePlugin from './plugins/app/realtime.ts';
import realtimeRoutes from './routes/realtime/index.ts';
import health from './routes/health/index.ts';
import oauth from './routes/oauth/index.ts';
import loginParams from './routes/login-params/index.ts';
import session from './routes/users/session.ts';
import password from './routes/users/password.ts';
import lookups from './routes/lookups/index.ts';
import tags from './routes/admin/tags/index.ts';
import areas from './routes/admin/areas/index.ts';
import profiles from './routes/admin/profiles/index.ts';
import userGroups from './routes/admin/user-groups/index.ts';
import users from './routes/admin/users/index.ts';
import organisation from './routes/admin/organisation/index.ts';
import organisationLookups from './routes/lookups/organisation.ts';
import deletionRequest from './routes/users/deletion.ts';
import notifications from './routes/notifications/index.ts';
import tusPlugin from './plugins/external/tus.ts';
import multipartPlugin from './plugins/external/multipart.ts';
import tusRoutes from './routes/files/tus.ts';
import adminImports from './routes/admin/imports/index.ts';
import usersReport from './routes/admin/reports/index.ts';
import consents from './routes/consents/index.ts';
import reportFiles from './routes/files/reports.ts';
import editorImages from './routes/files/editorImages.ts';
import trainings from './routes/admin/trainings/index.ts';
import learner from './routes/learner/index.ts';
import webcasts from './routes/webcasts/index.ts';
import contentModules from './routes/modules/index.ts';
import trails from './routes/admin/trails/index.ts';
import accountsOwners from './routes/accounts/owners.ts';
import certificateVerification from './routes/certificates/verify.ts';

export interface AppOptions {
  config: Config;
  /** serve admin/dist and portal/dist (off in API tests) */
  serveStatic?: boolean;
}

async function api(app: FastifyInstance) {
  for (const routes of [health, oauth, loginParams, session, password, lookups, tags, areas, profiles, userGroups, users,
    organisation, organisationLookups, deletionRequest, notifications, tusRoutes, adminImports, usersReport, consents, reportFiles, editorImages,
    trainings, accountsOwners, trails, certificateVerification, learner, realtimeRoutes, webcasts, contentModules, signedMedia]) {
    await app.register(routes);
  }
}

/** The whole application as a plugin; server.ts only listens (fastify/demo layout). */
const appPlugin: FastifyPluginAsync<AppOptions> = async (app, { config, serveStatic = true }) => {
  await app.register(errorsPlugin);
  // before any route: every route refuses NUL bytes and lone surrogates (docs/security.md)
  await app.register(textGuardPlugin);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // read for the refresh-token cookie of the token endpoints only (lib/refreshCookie.ts)
  await app.register(cookie);
  await app.register(multipartPlugin);
  await app.register(dbPlugin, { config });
  app.decorate('config', config);
  // signed media URLs, then the headers of every answer of this origin (before any route)
  await app.register(mediaLinksPlugin, { config });
  await app.register(securityHeadersPlugin);
  // DESIGN "User content on its own origin": its own server, listening beside this one
  await app.register(contentOriginPlugin);
  await app.register(mailPlugin, { config });
  // docs/security.md "Rate limits": before auth, which counts every authenticated request
  await app.register(rateLimitsPlugin);
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
  await app.register(mediaPlugin, { root: path.join(config.dataDir, 'media') });
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
