import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PACKAGE_FRAME_SANDBOX, scormLaunchData } from '@lp/shared/rules';
import { fastifyOptions } from '../config.ts';
import { drainConnections } from '../plugins/app/drain.ts';
import { HttpError } from '../lib/httpError.ts';
import { grantMaxAge, grantedKey, mediaNotFound, sendStored, splitGranted } from '../lib/serveMedia.ts';
import { isActiveDocument, verifyGrant, type MediaGrant } from '../lib/signedMedia.ts';
import { findModuleProgress } from '../repositories/learner/progress.ts';
import { declaredCharset, injectIntoHead } from './injectRuntime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the content origin's own server (DESIGN "User content on its own origin"); server.ts makes it listen on CONTENT_PORT */
    content: FastifyInstance;
  }
}

/** A package page's sandbox, the same as its frame's: never allow-same-origin, never top navigation. */
export const packageCsp = (ancestors: string) => `sandbox ${PACKAGE_FRAME_SANDBOX}; frame-ancestors ${ancestors}`;
/** Any other uploaded document (an .html or .svg support material) runs nothing and reaches nothing. */
export const documentCsp = (ancestors: string) =>
  `default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors ${ancestors}`;

const require = createRequire(import.meta.url);
const SCORM_AGAIN_DIST = path.dirname(require.resolve('scorm-again'));
const SCORM_AGAIN_VERSION = (JSON.parse(fs.readFileSync(path.join(SCORM_AGAIN_DIST, '..', 'package.json'), 'utf8')) as { version: string }).version;
/** scorm-again's browser builds (IIFE: they define window.Scorm12API / window.Scorm2004API) */
const RUNTIMES = { '1.2': 'scorm12.min.js', '2004': 'scorm2004.min.js' } as const;
export const runtimePath = (version: '1.2' | '2004') => `/__lp/scorm-again-${SCORM_AGAIN_VERSION}/${RUNTIMES[version]}`;
const BRIDGE = fs.readFileSync(path.join(import.meta.dirname, 'scormBridge.js'), 'utf8');
const PACKAGE_BRIDGE = fs.readFileSync(path.join(import.meta.dirname, 'packageBridge.js'), 'utf8');
/** the HTML packages' bridge (packageBridge.js), named by its content so it may be kept for good */
export const packageBridgePath = `/__lp/package-bridge-${createHash('sha256').update(PACKAGE_BRIDGE).digest('hex').slice(0, 12)}.js`;
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const HTML = /\.(html?|xhtml|xht)$/i;

/**
 * The content origin (docs/security.md): a second Fastify instance, on its own port or
 * host, serving uploaded packages and user HTML/SVG documents, and nothing else — no API, no
 * cookies set or read, every document sandboxed without allow-same-origin and frameable only by
 * the app origin that asked for its link. Files are reached by signed grants only.
 */
export default fp(async (app) => {
  const { config } = app;
  const content = Fastify({ loggerInstance: app.log.child({ origin: 'content' }), ...fastifyOptions(config) }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('content', content);
  drainConnections(content);
  app.addHook('onReady', async () => { await content.ready(); });
  app.addHook('onClose', async () => { await content.close(); });

  const grantOf = (token: string): MediaGrant => {
    const grant = verifyGrant(app.mediaSecret, token);
    if (!grant) throw mediaNotFound();
    return grant;
  };
  const ancestorsOf = (grant: MediaGrant, origin: string) => (grant.o ? `${grant.o} ${origin}` : "'none'");
  const contentOriginOf = (request: { protocol: string; host: string }) =>
    config.contentOrigin ?? `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;

  await content.register(helmet, {
    // documents set their own policy below; anything else is inert data
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
    // package pages are framed by the app, a cross-origin embedder, under frame-ancestors
    xFrameOptions: false,
    // package pages load their own files from an opaque origin (no-cors and CORS alike)
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // the grant in every path stays on this origin
    referrerPolicy: { policy: 'no-referrer' },
    hsts: false,
  });
  content.addHook('onRequest', async (request, reply) => {
    // fetch() and module scripts of a sandboxed page come from origin "null": public reads, no credentials
    reply.header('Access-Control-Allow-Origin', '*');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(405).type('text/plain; charset=utf-8').send('Read only');
  });
  content.setErrorHandler((error: Error & { statusCode?: number; code?: string }, _request, reply) => {
    const status = error instanceof HttpError ? error.statusCode : error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) content.log.error({ err: error }, 'content origin error');
    return reply.status(status).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store')
      .send(status === 404 ? 'Not found' : status >= 500 ? 'Error' : error.message);
  });
  content.setNotFoundHandler((_request, reply) => reply.status(404).type('text/plain; charset=utf-8').send('Not found'));

  content.get(`/__lp/scorm-again-${SCORM_AGAIN_VERSION}/:file`, { schema: { params: Type.Object({ file: Type.String() }) } }, async (request, reply) => {
    const file = Object.values(RUNTIMES).find((name) => name === request.params.file);
    if (!file) throw mediaNotFound();
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(path.join(SCORM_AGAIN_DIST, file)));
  });

  content.get(packageBridgePath, async (_request, reply) => reply.type('text/javascript; charset=utf-8')
    .header('Cache-Control', 'public, max-age=31536000, immutable').send(PACKAGE_BRIDGE));

  // the learner's runtime: their stored CMI, read when the page loads, and the bridge
  content.get('/__lp/launch/*', async (request, reply) => {
    const token = request.url.split('?')[0]!.slice('/__lp/launch/'.length).replace(/\.js$/, '');
    const grant = grantOf(token);
    if (!grant.s || !grant.o) throw mediaNotFound();
    const stored = await findModuleProgress(app.db, grant.s.u, grant.s.m);
    const launch = { version: grant.s.v, parent: grant.o, cmi: scormLaunchData(grant.s.v, stored?.cmi ?? {}) };
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-store')
      .send(`${BRIDGE}\nlpScormBridge(${JSON.stringify(launch)});\n`);
  });

  content.get('/m/*', async (request, reply) => {
    const { token, rest } = splitGranted(request.url.split('?')[0]!.slice('/m/'.length));
    const grant = grantOf(token);
    const key = grantedKey(grant, rest);
    const ancestors = ancestorsOf(grant, contentOriginOf(request));
    const cache = `private, max-age=${grantMaxAge(grant)}`;
    if (grant.d.startsWith('packages/') && HTML.test(key)) return packagePage(reply, key, token, grant, ancestors, cache);
    const headers: Record<string, string> = { 'Cache-Control': cache };
    if (isActiveDocument(key)) headers['Content-Security-Policy'] = grant.d.startsWith('packages/') ? packageCsp(ancestors) : documentCsp(ancestors);
    return sendStored(app.storage, request, reply, key, headers);
  });

  async function packagePage(reply: FastifyReply, key: string, token: string, grant: MediaGrant, ancestors: string, cache: string) {
    let html = await app.storage.get(key);
    if (!html) throw mediaNotFound();
    const charset = declaredCharset(html) ?? 'utf-8';
    if (grant.s) {
      html = injectIntoHead(html, `<script src="${runtimePath(grant.s.v)}"></script><script src="/__lp/launch/${token}.js"></script>`);
    } else if (grant.o) {
      // an HTML package framed by the portal: it tells the portal it is shown, and lets the package say it is done
      html = injectIntoHead(html, `<script src="${packageBridgePath}" data-parent="${attribute(grant.o)}"></script>`);
    }
    return reply.type(`text/html; charset=${charset}`)
      .header('Content-Security-Policy', packageCsp(ancestors))
      // a launch page carries the learner's runtime: never kept
      .header('Cache-Control', grant.s ? 'no-store' : cache)
      .send(html);
  }
}, { name: 'content-origin', dependencies: ['media-links', 'storage'] });

