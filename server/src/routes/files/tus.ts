import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { TUS_PATH } from '@lp/shared/contract';
import { notFound } from '../../lib/httpError.ts';
import { authOf } from '../../plugins/app/auth.ts';
import { deleteUpload, ownOpenUpload } from '../../repositories/uploads.ts';

/**
 * DESIGN "Files and media": the tus protocol at /api/files/tus/ (creation, resume with HEAD,
 * PATCH chunks, termination). Fastify authenticates and checks ownership, then hands the
 * request to @tus/server as a web Request; the body stream is left unread for it.
 */
const tusRoutes: FastifyPluginAsync = async (app) => {
  // PATCH (and creation-with-upload) bodies: tus reads the raw stream itself
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const v of [value].flat()) headers.append(name, v);
    }
    const hasBody = request.method === 'PATCH' || request.method === 'POST';
    const webRequest = new Request(`${request.protocol}://${request.host}${request.url}`, {
      method: request.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    if (request.auth) app.tus.bindAuth(webRequest, request.auth);
    const response = await app.tus.server.handleWeb(webRequest);
    // termination: the bytes are gone, so is the ownership row
    const { id } = (request.params ?? {}) as { id?: string };
    if (request.method === 'DELETE' && response.status === 204 && id) await deleteUpload(app.db, id);
    reply.status(response.status);
    response.headers.forEach((value, name) => { reply.header(name, value); });
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    return reply.send(body && body.length ? body : undefined);
  }

  /** Only the uploader reaches an upload, and only until a feature has taken it. */
  async function ownUpload(request: FastifyRequest<{ Params: { id: string } }>) {
    const row = await ownOpenUpload(app.db, authOf(request).user.id, request.params.id);
    if (!row) throw notFound();
  }

  const collection = TUS_PATH; // '/files/tus/'
  const item = `${TUS_PATH}:id`;
  for (const url of [collection, collection.replace(/\/$/, '')]) {
    app.post(url, { config: { access: 'authenticated' } }, forward);
    app.options(url, { config: { access: 'public' } }, forward);
  }
  app.options(item, { config: { access: 'public' } }, forward);
  app.route<{ Params: { id: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: item,
    config: { access: 'authenticated' },
    preHandler: ownUpload,
    handler: forward,
  });
};
export default tusRoutes;
