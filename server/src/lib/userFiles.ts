/**
 * Short-lived xlsx files generated for one user (test import templates, webcast guest lists):
 * written under $DATA_DIR/{area}/{user id}/{random}.xlsx and downloaded with that user's bearer
 * token from GET /api{urlPath}{name}/ — by nobody else, and only until the link lifetime ends.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { FileAnswer, XLSX_MIME } from '@lp/shared/contract';
import { authOf } from '../plugins/app/auth.ts';
import { notFound } from './httpError.ts';

export interface UserFileArea {
  /** folder under $DATA_DIR */
  area: string;
  /** the download route's prefix (without /api), ending in '/' */
  urlPath: string;
  ttlMs: number;
  /** the name the browser saves, in the user's language */
  downloadName(languageId: number | null): string;
}

const FILE_NAME = /^[A-Za-z0-9_-]{24}\.xlsx$/;

const userDir = (dataDir: string, def: UserFileArea, userId: number) => path.join(dataDir, def.area, String(userId));

/** Removes the user's files older than the link lifetime. */
async function removeExpired(dir: string, ttlMs: number, now = Date.now()): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.map(async (name) => {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > ttlMs) await fs.promises.rm(file, { force: true });
  }));
}

/**
 * Writes a new file for the user with `write(filePath)` (a failure leaves nothing behind) and
 * answers the site-relative URL it is downloaded from.
 */
export async function writeUserFile(dataDir: string, def: UserFileArea, userId: number, write: (file: string) => Promise<void>): Promise<string> {
  const dir = userDir(dataDir, def, userId);
  await fs.promises.mkdir(dir, { recursive: true });
  await removeExpired(dir, def.ttlMs);
  const name = `${randomBytes(18).toString('base64url')}.xlsx`;
  const file = path.join(dir, name);
  try {
    await write(file);
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    throw error;
  }
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
    const file = path.join(userDir(app.config.dataDir, def, user.id), name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) throw notFound();
    if (Date.now() - stat.mtimeMs > def.ttlMs) {
      await fs.promises.rm(file, { force: true });
      throw notFound();
    }
    return reply
      .header('Content-Type', XLSX_MIME)
      .header('Content-Disposition', attachment(def.downloadName(user.language_id)))
      .header('Content-Length', String(stat.size))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(fs.createReadStream(file));
  });
}
