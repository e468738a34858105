import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export interface StaticOptions {
  /** repository root holding admin/dist and portal/dist */
  root: string;
}

/**
 * One origin (DESIGN): admin build at /admin/, portal build at /. Hashed assets are immutable;
 * unknown paths fall back to each app's index.html so client-side routes survive a reload.
 */
export default fp<StaticOptions>(async (app, { root }) => {
  const admin = path.join(root, 'admin', 'dist');
  const portal = path.join(root, 'portal', 'dist');
  const setHeaders = (res: { setHeader(k: string, v: string): void }, file: string) => {
    res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  const hasAdmin = fs.existsSync(path.join(admin, 'index.html'));
  const hasPortal = fs.existsSync(path.join(portal, 'index.html'));
  if (hasAdmin) await app.register(fastifyStatic, { root: admin, prefix: '/admin/', decorateReply: false, setHeaders, wildcard: false, index: false });
  if (hasPortal) await app.register(fastifyStatic, { root: portal, prefix: '/', decorateReply: true, setHeaders, wildcard: false, index: false });

  const send = (file: string) => fs.readFileSync(file);
  app.get('/admin', (_req, reply) => reply.redirect('/admin/'));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/media/');
    if (wantsHtml && url.startsWith('/admin/') && hasAdmin) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(send(path.join(admin, 'index.html')));
    }
    if (wantsHtml && !url.startsWith('/admin/') && hasPortal && !path.extname(url)) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(send(path.join(portal, 'index.html')));
    }
    return reply.status(404).send({ detail: `Route ${request.method} ${url} not found`, code: 'not_found' });
  });
}, { name: 'static' });
