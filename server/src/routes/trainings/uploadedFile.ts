import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { UploadRow } from '../../db/tables/import.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { commitMedia, discardMedia, prepareMedia, type StoredMedia } from '../../lib/mediaStore.ts';
import { UploadRefused, archiveLimits, validateUpload, type UploadKind } from '../../lib/uploadValidation.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { insertMediaObject } from '../../repositories/trainingModules.ts';
import { consumeUpload, openUpload } from '../../repositories/uploads.ts';

/** A finished upload checked against its kind and unpacked when it is a package, not yet claimed. */
export interface PreparedUpload {
  upload: UploadRow;
  media: StoredMedia;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,100}$/;
const notFound = () => new HttpError(400, 'upload_not_found', 'The upload does not exist, is not finished or was used already', { resource: 'upload_not_found' });

/**
 * The caller's own finished tus upload of `tusKind`, made under the selected client and not yet
 * used, validated as `kind` (extension, size, magic bytes, archive) and prepared in the media
 * store under `folder`. A refusal answers with the spec key on the `resource` field; the upload
 * stays in tus, so nothing is lost and the form can be sent again.
 */
export async function prepareUpload(
  app: FastifyInstance, request: FastifyRequest, uploadId: string, tusKind: string, kind: UploadKind, folder: string,
): Promise<PreparedUpload> {
  if (!UPLOAD_ID.test(uploadId)) throw notFound();
  const upload = await openUpload(app.db, { userId: authOf(request).user.id, clientId: clientOf(request) }, uploadId, tusKind, true);
  if (!upload) throw notFound();
  try {
    // one local copy for the checks and the unpacking (the bucket's bytes are fetched once)
    return await app.tus.readWith(upload.id, async (file) => {
      const validated = await validateUpload(kind, file, upload.file_name, archiveLimits(app.config));
      return { upload, media: await prepareMedia(app, file, upload.file_name, folder, validated) };
    });
  } catch (error) {
    if (error instanceof UploadRefused) throw new HttpError(error.statusCode, error.code, error.message, { resource: error.code });
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
    throw error;
  }
}

/**
 * Inside the saving transaction: claims the upload (of two saves racing for it, one wins), moves
 * its bytes into the media store and records the stored file.
 */
export async function commitUpload(trx: Db, app: FastifyInstance, request: FastifyRequest, prepared: PreparedUpload): Promise<void> {
  const { upload, media } = prepared;
  if (!(await consumeUpload(trx, upload.id))) throw notFound();
  await insertMediaObject(trx, {
    id: media.id, client_id: clientOf(request), resource: media.resource, source: media.source,
    kind: media.kind, scorm_version: media.scormVersion, file_name: media.name, extension: media.extension, size: media.size,
    created_by: authOf(request).user.id, created_at: new Date(),
  });
  await commitMedia(app, upload.id, media);
}

/** Runs `save` (a transaction that calls commitUpload); a failure removes what was prepared. */
export async function savingUpload<T>(app: FastifyInstance, prepared: PreparedUpload | null, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (prepared) await discardMedia(app, prepared.media);
    throw error;
  }
}
