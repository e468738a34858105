import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { MEDIA_URL_PREFIX } from '../../lib/mediaStore.ts';
import { MEDIA_CONTENT_TYPES, sendStored } from '../../lib/serveMedia.ts';
import { isRestrictedResource } from '../../lib/signedMedia.ts';
import { checkKey } from '../../storage/index.ts';

/** No public media file runs or renders anything active; the content origin serves user documents. */
export const DOCUMENT_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

const ACTIVE = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;

/** The media resource a /media/ URL path names, normalised as the file server will resolve it (null when undecodable). */
export function resourceOfMediaPath(url: string): string | null {
  try {
    return path.posix.normalize(decodeURIComponent(url.slice(MEDIA_URL_PREFIX.length))).replace(/^(\.?\/)+/, '');
  } catch {
    return null;
  }
}

/**
 * DESIGN "Files and media": the public part of the media store, served read-only at /media/ —
 * editor and cover images, banners, badges, webcast HLS — with byte ranges, no listings, no
 * dotfiles, `nosniff`. Restricted content (lib/signedMedia.ts) is not found here: it is served
 * by signed URLs only, its documents by the content origin. Encapsulated: its headers apply to
 * /media/ only.
 */
const media: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const resource = resourceOfMediaPath(request.url.split('?')[0] ?? '');
    if (resource === null || isRestrictedResource(resource)) {
      return reply.status(404).send({ detail: 'Not found', code: 'not_found' });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (reply.statusCode >= 400) return payload;
    const url = request.url.split('?')[0] ?? '';
    const ext = path.extname(url).toLowerCase();
    const forced = MEDIA_CONTENT_TYPES[ext];
    if (forced) reply.header('Content-Type', forced);
    const type = String(reply.getHeader('Content-Type') ?? '');
    if (ACTIVE.test(type)) reply.header('Content-Security-Policy', DOCUMENT_CSP);
    // paths hold random ids and files are never rewritten; live HLS playlists change
    reply.header('Cache-Control', ext === '.m3u8' ? 'no-cache' : 'public, max-age=86400');
    return payload;
  });

  // from the store in use, streamed (a bucket stays private; docs/production.md "Object storage")
  app.get(`${MEDIA_URL_PREFIX}*`, { config: { access: 'public' } }, async (request, reply) => {
    const resource = resourceOfMediaPath(request.url.split('?')[0] ?? '');
    let key: string;
    try {
      key = checkKey(`media/${resource ?? ''}`);
    } catch {
      return reply.status(404).send({ detail: 'Not found', code: 'not_found' });
    }
    // no dotfiles, no folders
    if (key.split('/').some((part) => part.startsWith('.')) || key.endsWith('/')) return reply.status(404).send({ detail: 'Not found', code: 'not_found' });
    // webcast HLS too: the streaming engine publishes it to the store as ffmpeg writes it
    return sendStored(app.storage, request, reply, key, {});
  });
};
export default media;
