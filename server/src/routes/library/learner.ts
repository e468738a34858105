import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { audienceMember } from '../../content/audience/index.ts';
import { FileAnswer, LIBRARY_PATHS, LearnerLibraryFile, LearnerLibraryPage, LibraryFilterOptions, LibraryQuery } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { mediaKey } from '../../storage/index.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  findLearnerFile, learnerFilePage, learnerFiles, learnerFilterOptions, recordFileUse,
} from '../../repositories/library.ts';
import { libraryFileNotFound } from './common.ts';
import { syncTrailsHolding } from '../../trails/certificateSync.ts';
import { IdParams } from '../../lib/params.ts';

/** `attachment` with the uploader's name, ASCII-safe plus its RFC 5987 UTF-8 form. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Issue 7 item 3, learner side (spec 3 §2 'library', 'library/{name}'; spec 1 §2.2 filters):
 * the active files of the user's audience, the filter choices, a file's preview (counted as a
 * view once per learner) and its download — only when the file allows it, counted once too.
 */
const learner: FastifyPluginAsyncTypebox = async (app) => {

  async function who(db: Db, request: FastifyRequest) {
    const clientId = clientOf(request);
    const userId = authOf(request).user.id;
    return { clientId, userId, member: await audienceMember(db, clientId, userId) };
  }

  async function fileOr404(db: Db, request: FastifyRequest, id: number) {
    const ctx = await who(db, request);
    const row = await findLearnerFile(db, ctx.clientId, ctx.member, id);
    if (!row) throw libraryFileNotFound();
    return { ctx, row };
  }

  const card = async (db: Db, request: FastifyRequest, userId: number, row: Parameters<typeof learnerFiles>[2][number]) =>
    (await learnerFiles(db, userId, [row], app.mediaUrls(request)))[0]!;

  app.get(LIBRARY_PATHS.learnerFiles, { config: { access: 'authenticated' }, schema: { querystring: LibraryQuery, response: { 200: LearnerLibraryPage } } }, async (request) => {
    const ctx = await who(app.db, request);
    return learnerFilePage(app.db, ctx.clientId, ctx.member, request.query, app.mediaUrls(request));
  });

  app.get(LIBRARY_PATHS.learnerFilters, { config: { access: 'authenticated' }, schema: { response: { 200: LibraryFilterOptions } } }, async (request) => {
    const ctx = await who(app.db, request);
    return learnerFilterOptions(app.db, ctx.clientId, ctx.member);
  });

  app.get(LIBRARY_PATHS.learnerFile(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerLibraryFile } } }, async (request) => {
    const { ctx, row } = await fileOr404(app.db, request, request.params.id);
    return card(app.db, request, ctx.userId, row);
  });

  app.post(LIBRARY_PATHS.learnerView(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerLibraryFile } } }, async (request) =>
    app.db.transaction().execute(async (trx) => {
      const { ctx, row } = await fileOr404(trx, request, request.params.id);
      await recordFileUse(trx, row.id, ctx.userId, 'viewed');
      // spec 2 §2.4: a file opened is a done trail module
      await syncTrailsHolding(trx, app.config, { clientId: ctx.clientId, kind: 'library_file', itemId: row.id, userId: ctx.userId });
      return card(trx, request, ctx.userId, row);
    }));

  app.get(LIBRARY_PATHS.learnerDownload(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: FileAnswer } } }, async (request, reply) => {
    const { ctx, row } = await fileOr404(app.db, request, request.params.id);
    if (!row.allow_download) throw new HttpError(403, 'download_not_allowed', 'This file cannot be downloaded');
    const key = mediaKey(row.resource);
    if (!(await app.storage.stat(key))) throw libraryFileNotFound();
    await app.db.transaction().execute(async (trx) => {
      await recordFileUse(trx, row.id, ctx.userId, 'downloaded');
      await syncTrailsHolding(trx, app.config, { clientId: ctx.clientId, kind: 'library_file', itemId: row.id, userId: ctx.userId });
    });
    const opened = await app.storage.open(key, {});
    if (!opened?.body) throw libraryFileNotFound();
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Length', opened.headers['content-length'])
      .header('Content-Disposition', attachmentDisposition(row.file_name))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(opened.body);
  });
};
export default learner;
