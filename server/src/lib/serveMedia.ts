import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './httpError.ts';
import { mediaKey, type FileStorage } from '../storage/index.ts';
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
 * The stored file a granted URL names: `rest` (as the URL gave it, still encoded) inside the
 * granted folder, as a storage key. Anything that would leave the folder, or names a dotfile, is
 * not found.
 */
export function grantedKey(grant: MediaGrant, rest: string): string {
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
  return mediaKey(`${grant.d}${decoded}`);
}

/**
 * Streams a stored file with byte ranges (players seek, the PDF viewer reads pages),
 * conditional GETs and the players' content types, from whichever store holds it (a streaming
 * proxy for the bucket: docs/production.md "Object storage"); `headers` are added to the answer.
 */
export async function sendStored(
  storage: FileStorage, request: FastifyRequest, reply: FastifyReply, key: string, headers: Record<string, string>,
): Promise<FastifyReply> {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const opened = await storage.open(key, { range: header('range'), ifNoneMatch: header('if-none-match'), ifModifiedSince: header('if-modified-since') });
  if (!opened) throw mediaNotFound();
  if (opened.status === 416) return reply.code(416).headers(opened.headers).send();
  reply.code(opened.status).headers(opened.headers);
  if (opened.status === 304) return reply.headers(headers).send();
  const name = key.split('/').pop() ?? '';
  const forced = MEDIA_CONTENT_TYPES[path.extname(name).toLowerCase()];
  if (forced) reply.header('Content-Type', forced);
  else if (!opened.headers['content-type']) reply.type(send.mime.getType(name) ?? 'application/octet-stream');
  reply.headers(headers);
  return reply.send(opened.body);
}

/** Seconds a granted URL may still be cached for: until it expires, an hour at most. */
export const grantMaxAge = (grant: MediaGrant, now = Date.now()) => Math.max(0, Math.min(3600, Math.floor(grant.e - now / 1000)));
