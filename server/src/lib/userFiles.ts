/**
 * Short-lived xlsx files generated for one user (test import templates, webcast guest lists):
 * stored at {area}/{user id}/{random}.xlsx in the file store (storage/) and downloaded with that user's bearer
 * token from GET /api{urlPath}{name}/ — by nobody else, and only until the link lifetime ends.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FileAnswer, XLSX_MIME } from '@lp/shared/contract';
import { authOf } from '../plugins/app/auth.ts';
import { notFound } from './httpError.ts';
import type { FileStorage } from '../storage/index.ts';

export interface UserFileArea {
  /** the store's folder (a storage key prefix without its `/`) */
  area: string;
  /** the download route's prefix (without /api), ending in '/' */
  urlPath: string;
  ttlMs: number;
  /** the name the browser saves, in the user's language */
  downloadName(languageId: number | null): string;
}

const FILE_NAME = /^[A-Za-z0-9_-]{24}\.xlsx$/;

const userPrefix = (def: UserFileArea, userId: number) => `${def.area}/${userId}/`;

/** Removes the user's files older than the link lifetime. */
async function removeExpired(storage: FileStorage, prefix: string, ttlMs: number, now = Date.now()): Promise<void> {
  const stored = await storage.list(prefix);
  await Promise.all(stored.filter((file) => now - file.modified.getTime() > ttlMs).map((file) => storage.remove(file.key)));
}

/**
 * Stores a new file for the user that `write(filePath)` fills (a failure leaves nothing behind)
 * and answers the site-relative URL it is downloaded from.
 */
export async function writeUserFile(storage: FileStorage, def: UserFileArea, userId: number, write: (file: string) => Promise<void>): Promise<string> {
  const prefix = userPrefix(def, userId);
  await removeExpired(storage, prefix, def.ttlMs);
  const name = `${randomBytes(18).toString('base64url')}.xlsx`;
  await storage.writeWith(`${prefix}${name}`, write, { contentType: XLSX_MIME });
  return `/api${def.urlPath}${name}/`;
}

/** `attachment` with an ASCII name and the RFC 5987 one. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** GET /api{urlPath}{name}/: the caller's own file, while its link lasts. Register once per area. */
export function registerUserFiles(parent: FastifyInstance, def: UserFileArea): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.get(`${def.urlPath}:name/`, {
    config: { access: 'authenticated' },
    schema: { params: Type.Object({ name: Type.String({ maxLength: 40 }) }), response: { 200: FileAnswer } },
  }, async (request, reply) => {
    const { user } = authOf(request);
    const { name } = request.params;
    if (!FILE_NAME.test(name)) throw notFound();
    const key = `${userPrefix(def, user.id)}${name}`;
    const stat = await app.storage.stat(key);
    if (!stat) throw notFound();
    if (Date.now() - stat.modified.getTime() > def.ttlMs) {
      await app.storage.remove(key);
      throw notFound();
    }
    const opened = await app.storage.open(key, {});
    if (!opened?.body) throw notFound();
    return reply
      .header('Content-Type', XLSX_MIME)
      .header('Content-Disposition', attachment(def.downloadName(user.language_id)))
      .header('Content-Length', opened.headers['content-length'])
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(opened.body);
  });
}
