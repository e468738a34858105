import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export interface StaticOptions {
  /** repository root holding admin/dist and portal/dist */
  root: string;
}

/**
 * One origin (DESIGN): admin build at /admin/, portal build at /. Hashed assets are immutable
 * and served from the .br / .gz files the build wrote beside them (`preCompressed`);
 * unknown paths fall back to each app's index.html so client-side routes survive a reload
 * (`cacheControl: false`: @fastify/send's own `max-age=0` would overwrite ours).
 */
export default fp<StaticOptions>(async (app, { root }) => {
  const admin = path.join(root, 'admin', 'dist');
  const portal = path.join(root, 'portal', 'dist');
  const setHeaders = (res: { setHeader(k: string, v: string): void }, file: string) => {
    res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  const hasAdmin = fs.existsSync(path.join(admin, 'index.html'));
  const hasPortal = fs.existsSync(path.join(portal, 'index.html'));
  if (hasAdmin) await app.register(fastifyStatic, { root: admin, prefix: '/admin/', decorateReply: false, setHeaders, cacheControl: false, wildcard: false, index: false, preCompressed: true });
  if (hasPortal) await app.register(fastifyStatic, { root: portal, prefix: '/', decorateReply: true, setHeaders, cacheControl: false, wildcard: false, index: false, preCompressed: true });

  const send = (file: string) => fs.readFileSync(file);
  const notFound = (method: string, url: string) => ({ detail: `Route ${method} ${url} not found`, code: 'not_found' });
  app.get('/admin', (_req, reply) => reply.redirect('/admin/'));
  // The client-side routes of each app are GET routes (not the not-found handler), so the
  // answer goes through the compression every route has.
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // a missing file (a favicon, an old build's chunk) is a 404, never the page: a browser would
    // take HTML for the script or image it asked for
    if (url.startsWith('/admin/') && hasAdmin && !path.extname(url)) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(send(path.join(admin, 'index.html')));
    }
    const portalRoute = !url.startsWith('/admin/') && !url.startsWith('/api/') && !url.startsWith('/media/') && !path.extname(url);
    if (portalRoute && hasPortal) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(send(path.join(portal, 'index.html')));
    }
    return reply.status(404).send(notFound(request.method, url));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(notFound(request.method, request.url.split('?')[0] ?? '/'));
  });
}, { name: 'static' });
