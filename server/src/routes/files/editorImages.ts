import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { Type } from '@sinclair/typebox';
import { FILE_PATHS, NoContent, FileComplete, FileCompleteBody, FilePolicy, FilePolicyForm } from '@lp/shared/contract';
import { UPLOAD_LIMITS, editorImageArea, editorImageExtensions, fileExtension, hasPermission } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { mediaPath, randomMediaId, removeMediaFolder, safeFileName } from '../../lib/mediaStore.ts';
import { mediaKey } from '../../storage/index.ts';
import { matchesMagic } from '../../lib/uploadValidation.ts';
import { displayFileName } from '../../plugins/external/tus.ts';
import { authOf } from '../../plugins/app/auth.ts';
import {
  claimEditorImageUpload, completeEditorImageUpload, deleteEditorImageUpload, findEditorImageUpload, insertEditorImageUpload, pendingEditorImageUpload,
} from '../../repositories/editorImages.ts';
import { formBool } from '../trainings/actions.ts';

/** A policy is good for this long (the image is chosen before it is asked for). */
const POLICY_TTL_MS = 60 * 60 * 1000;
/** The bucket's signed form POST is good for this long: the browser posts right after asking. */
const BUCKET_POST_TTL_SECONDS = 10 * 60;
/** The first bytes read of a stored image to check what it is (spec 2 §5.11). */
const MAGIC_BYTES = 1024;
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif' };
const MANAGE_SLUG = {
  trainings: 'trainings_manage', webcasts: 'webcasts_manage', live_classes: 'live_classes_manage', presential_events: 'presential_edit_evaluations', trails: 'trails_manage',
  // spec 3 §6: banner images need banners, welcome-banner images banners_welcome, message images messages
  banners: 'banners', banners_welcome: 'banners_welcome', messages: 'messages',
  // spec 3 §7 inline images of the news editor (and the news image): the news permission
  news: 'news',
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const uploadNotFound = () => new HttpError(400, 'upload_not_found', 'Unknown, expired or already used file id');

const UploadParams = Type.Object({ fileId: Type.String({ pattern: '^[0-9a-f]{32}$' }) });
/** spec 2 §7.5 step 2, object-store form: key, policy, signature and the file (last part). */
const UploadForm = Type.Object({
  key: Type.String({ maxLength: 500 }),
  policy: Type.Optional(Type.String({ maxLength: 2000 })),
  signature: Type.String({ maxLength: 200 }),
  file: Type.Unsafe<Buffer>({}),
});

/**
 * spec 2 §7.5 rich-text images (and the training image), with our media store playing the
 * §3.14 "object store": 1. a policy names where the file goes and hands out a one-time
 * signature; 2. the admin posts the file there (≤ 10 MB, .png/.jpg/.gif by content, §5.11);
 * 3. complete answers its URL. Only the user who asked for the policy may use it, and only with
 * the manage permission of the area the directory belongs to.
 */
const editorImages: FastifyPluginAsyncTypebox = async (app) => {
  app.post(FILE_PATHS.policy, {
    config: { access: 'authenticated' }, schema: { body: FilePolicyForm, response: { 200: FilePolicy } },
  }, async (request) => {
    const auth = authOf(request);
    const directory = request.body.file_directory.trim();
    const area = editorImageArea(directory);
    if (!area) throw new HttpError(400, 'invalid_file_directory', 'Not a directory for editor images', { file_directory: 'invalid_file_directory' });
    if (!hasPermission(auth.subject, MANAGE_SLUG[area])) throw new HttpError(403, 'permission_denied', 'You do not have permission to upload images here');
    const name = displayFileName(request.body.filename);
    const extension = fileExtension(name);
    const allowed = editorImageExtensions(directory);
    if (!allowed.includes(extension)) {
      throw new HttpError(400, 'invalid_file_type', `Accepted images: ${allowed.map((e) => `.${e}`).join(', ')}`, { filename: 'invalid_file_type' });
    }

    const id = randomMediaId();
    const filename = safeFileName(name);
    const key = `${directory}${id}/${filename}`;
    const signature = randomBytes(24).toString('base64url');
    const expires = new Date(Date.now() + POLICY_TTL_MS);
    await insertEditorImageUpload(app.db, {
      id, user_id: auth.user.id, client_id: auth.clientId, directory: directory.replace(/^media\//, ''), file_name: filename,
      signature_hash: sha256(signature), resource: null, size: null, created_at: new Date(), expires_at: expires,
      uploaded_at: null, completed_at: null,
    });
    // object storage: a signed form POST straight to the bucket (key, the image's type, the size
    // limit, a short expiry); `complete` then checks what arrived
    const bucketPost = await app.storage.signedPost(key, {
      expiresIn: BUCKET_POST_TTL_SECONDS, maxBytes: UPLOAD_LIMITS.editorImageMaxBytes, contentType: IMAGE_TYPES[extension] ?? 'application/octet-stream',
    });
    if (bucketPost) {
      return {
        origin: 'object_store' as const, host: bucketPost.url, filename, file_bucket_path: directory, key, policy: bucketPost.fields.Policy ?? '',
        signature: bucketPost.fields['X-Amz-Signature'] ?? '', file_id: id, max_size: UPLOAD_LIMITS.editorImageMaxBytes, fields: bucketPost.fields,
      };
    }
    const policy = Buffer.from(JSON.stringify({
      expiration: expires.toISOString(),
      conditions: [{ key }, ['content-length-range', 1, UPLOAD_LIMITS.editorImageMaxBytes], { extensions: allowed }],
    })).toString('base64');
    return {
      origin: 'object_store' as const, host: `/api${FILE_PATHS.upload(id)}`, filename, file_bucket_path: directory, key, policy,
      signature, file_id: id, max_size: UPLOAD_LIMITS.editorImageMaxBytes,
    };
  });

  app.post(FILE_PATHS.upload(':fileId'), {
    // before the body is read: no one unknown gets to send 10 MB
    config: { access: 'authenticated' },
    schema: { params: UploadParams, body: UploadForm, response: { 204: NoContent } },
    // the multipart limit is the image limit: say so with the image's own key
    errorHandler: (error: FastifyError) => {
      if (error.statusCode === 413) throw new HttpError(413, 'editor_image_too_large', 'Images are at most 10 MB');
      throw error;
    },
  }, async (request, reply) => {
    const { user } = authOf(request);
    const row = await pendingEditorImageUpload(app.db, user.id, request.params.fileId);
    if (!row || new Date(row.expires_at).getTime() < Date.now()) throw uploadNotFound();
    const { key, signature, file } = request.body;
    if (!sameSecret(sha256(signature), row.signature_hash) || key !== `media/${row.directory}${row.id}/${row.file_name}`) {
      throw new HttpError(403, 'permission_denied', 'The signature does not match the policy');
    }
    if (!Buffer.isBuffer(file) || file.length === 0) throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'No file', { file: 'make_sure_that_all_fields_are_filled_in' });
    if (file.length > UPLOAD_LIMITS.editorImageMaxBytes) throw new HttpError(413, 'editor_image_too_large', 'Images are at most 10 MB');
    // spec 2 §5.11: the content must be the image its name says
    if (!matchesMagic(fileExtension(row.file_name), file.subarray(0, 1024))) {
      throw new HttpError(400, 'invalid_file_type', 'The content is not a .png, .jpg or .gif image', { file: 'invalid_file_type' });
    }
    const resource = `${row.directory}${row.id}/${row.file_name}`;
    // one upload per policy: of two posts racing, the row's update picks one
    if (!(await claimEditorImageUpload(app.db, row.id, resource, file.length))) throw uploadNotFound();
    await app.storage.put(mediaKey(resource), file, { exclusive: true });
    return reply.status(204).send();
  });

  app.post(FILE_PATHS.complete, {
    config: { access: 'authenticated' }, schema: { body: FileCompleteBody, response: { 200: FileComplete } },
  }, async (request) => {
    const { user } = authOf(request);
    const { file, fileSize, uploaded } = request.body;
    const row = await findEditorImageUpload(app.db, user.id, file);
    if (!row) throw uploadNotFound();
    const stored = `${row.directory}${row.id}/${row.file_name}`;
    if (formBool(uploaded) !== true) {
      // the admin gave up on this image: what was stored goes (posted to us, or straight to the bucket)
      if (!row.completed_at) await removeMediaFolder(app.storage, row.resource ?? stored);
      if (!row.completed_at) await deleteEditorImageUpload(app.db, row.id);
      throw new HttpError(400, 'validation_error', 'The upload did not complete', { uploaded: 'validation_error' });
    }
    if (!row.resource && app.storage.kind === 's3') await claimBucketPost(row.id, stored);
    const claimed = row.resource ? row : await findEditorImageUpload(app.db, user.id, file);
    if (!claimed?.resource || claimed.size === null) throw uploadNotFound();
    if (Number(claimed.size) !== fileSize) throw new HttpError(400, 'validation_error', 'fileSize does not match the stored file', { fileSize: 'validation_error' });
    if (!row.completed_at) await completeEditorImageUpload(app.db, row.id);
    return { fileUrl: mediaPath(claimed.resource) };
  });

  /**
   * An image the browser posted straight to the bucket: the bucket held it to the policy (key,
   * type, size); what it is is checked here, as our own route does (spec 2 §5.11), and a
   * refused one is removed. Claimed once, as a post to our route is.
   */
  async function claimBucketPost(id: string, resource: string): Promise<void> {
    const key = mediaKey(resource);
    const stat = await app.storage.stat(key);
    if (!stat) throw uploadNotFound();
    const refuse = async (error: HttpError) => {
      await removeMediaFolder(app.storage, resource);
      await deleteEditorImageUpload(app.db, id);
      throw error;
    };
    if (stat.size > UPLOAD_LIMITS.editorImageMaxBytes) await refuse(new HttpError(413, 'editor_image_too_large', 'Images are at most 10 MB'));
    const head = await app.storage.open(key, { range: `bytes=0-${MAGIC_BYTES - 1}` });
    const start = head?.body ? await firstBytes(head.body) : Buffer.alloc(0);
    if (!matchesMagic(fileExtension(resource), start)) {
      await refuse(new HttpError(400, 'invalid_file_type', 'The content is not a .png, .jpg or .gif image', { file: 'invalid_file_type' }));
    }
    await claimEditorImageUpload(app.db, id, resource, stat.size);
  }
};

async function firstBytes(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= MAGIC_BYTES) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, MAGIC_BYTES);
}
export default editorImages;
