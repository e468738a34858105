import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MEDIA_URL_PREFIX, PACKAGES_DIR } from '../../lib/mediaStore.ts';

export interface MediaOptions {
  /** $DATA_DIR/media */
  root: string;
}

/** Types the players rely on, whatever the mime table says. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * HTML and SCORM packages are shown in a frame of our pages and talk to the SCORM API of the
 * frame's parent, so their documents keep scripts and the origin, inside a sandbox that only
 * our own pages may frame.
 */
export const PACKAGE_CSP = "sandbox allow-scripts allow-same-origin allow-forms allow-popups; frame-ancestors 'self'";
/** Any other active document (an .html or .svg support material) runs nothing and reaches nothing. */
export const DOCUMENT_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

const ACTIVE = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;

/**
 * DESIGN "Files and media": the media store served read-only at /media/ — byte ranges (video
 * and audio seek), no listings, no dotfiles, `nosniff`, and the CSPs above on documents.
 * Encapsulated: its headers apply to /media/ only.
 */
const media: FastifyPluginAsync<MediaOptions> = async (app, { root }) => {
  await fs.mkdir(root, { recursive: true });
  const packages = `${MEDIA_URL_PREFIX}${PACKAGES_DIR}/`;

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (reply.statusCode >= 400) return payload;
    const url = request.url.split('?')[0] ?? '';
    const ext = path.extname(url).toLowerCase();
    const forced = CONTENT_TYPES[ext];
    if (forced) reply.header('Content-Type', forced);
    const type = String(reply.getHeader('Content-Type') ?? '');
    if (ACTIVE.test(type)) reply.header('Content-Security-Policy', url.startsWith(packages) ? PACKAGE_CSP : DOCUMENT_CSP);
    // paths hold random ids and files are never rewritten; live HLS playlists change
    reply.header('Cache-Control', ext === '.m3u8' ? 'no-cache' : 'public, max-age=86400');
    return payload;
  });

  await app.register(fastifyStatic, {
    root,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    redirect: false,
  });
};
export default media;
