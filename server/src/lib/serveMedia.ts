import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './httpError.ts';
import { mediaFile } from './mediaStore.ts';
import type { MediaGrant } from './signedMedia.ts';

/** Types the players rely on, whatever the mime table says. */
export const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export const mediaNotFound = () => new HttpError(404, 'not_found', 'No such media file, or its link expired');

/**
 * `{grant}/{path…}` of a granted URL's path after its prefix, both still encoded. A wildcard
 * route reads it: a grant is longer than the router's limit for one parameter.
 */
export function splitGranted(tail: string): { token: string; rest: string } {
  const slash = tail.indexOf('/');
  if (slash <= 0) throw mediaNotFound();
  return { token: tail.slice(0, slash), rest: tail.slice(slash + 1) };
}

/**
 * The file a granted URL names: `rest` (as the URL gave it, still encoded) inside the granted
 * folder. Anything that would leave the folder, or names a dotfile, is not found.
 */
export function grantedFile(dataDir: string, grant: MediaGrant, rest: string): { root: string; encoded: string; file: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    throw mediaNotFound();
  }
  if (!decoded || decoded.endsWith('/') || decoded.includes('\0') || decoded.includes('\\')
    || decoded.split('/').some((part) => part === '' || part === '.' || part === '..' || part.startsWith('.'))) {
    throw mediaNotFound();
  }
  const root = mediaFile(dataDir, grant.d.slice(0, -1));
  const file = path.join(root, ...decoded.split('/'));
  if (!file.startsWith(`${root}${path.sep}`)) throw mediaNotFound();
  return { root, encoded: `/${decoded.split('/').map(encodeURIComponent).join('/')}`, file };
}

/**
 * Streams a granted file with byte ranges (players seek, the PDF viewer reads pages),
 * conditional GETs and the players' content types; `headers` are added to the answer.
 */
export async function sendGrantedFile(
  request: FastifyRequest, reply: FastifyReply, target: { root: string; encoded: string }, headers: Record<string, string>,
): Promise<FastifyReply> {
  const result = await send(request.raw, target.encoded, {
    root: target.root, acceptRanges: true, cacheControl: false, dotfiles: 'deny', index: false, etag: true, lastModified: true,
  });
  if (result.type !== 'file') {
    result.stream.destroy();
    if (result.statusCode === 416) return reply.code(416).headers(result.headers).send();
    throw mediaNotFound();
  }
  reply.code(result.statusCode).headers(result.headers);
  const forced = MEDIA_CONTENT_TYPES[path.extname(target.encoded).toLowerCase()];
  if (forced) reply.header('Content-Type', forced);
  reply.headers(headers);
  return reply.send(result.stream);
}

/** Seconds a granted URL may still be cached for: until it expires, an hour at most. */
export const grantMaxAge = (grant: MediaGrant, now = Date.now()) => Math.max(0, Math.min(3600, Math.floor(grant.e - now / 1000)));
