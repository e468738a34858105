import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FILE_PATHS, PresignedUrl, PresignedUrlBody } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { resourceOfUrl } from '../../lib/mediaStore.ts';
import { mediaKey } from '../../storage/index.ts';
import { isRestrictedResource } from '../../lib/signedMedia.ts';
import { authOf } from '../../plugins/app/auth.ts';

/**
 * spec 2 §7.5 step 4 (and spec 3 "Inline image upload" step 3): the object-store client asks for
 * a URL to open what `files/complete` answered. Our store answers the URL an answer would carry:
 * a public file's own path, or a signed, short-lived one (docs/security.md "Signed media"); with
 * object storage, the bucket's presigned GET of the file, as short-lived.
 * Restricted files (a training's modules, library files, podcast audio, packages) are signed by
 * the answers that authorise their reader; here only a superuser may ask for one, since a path
 * alone does not say which client's content it is.
 */
const presignedUrl: FastifyPluginAsyncTypebox = async (app) => {
  app.post(FILE_PATHS.presignedUrl, {
    config: { access: 'authenticated' }, schema: { body: PresignedUrlBody, response: { 200: PresignedUrl } },
  }, async (request) => {
    const given = request.body.file_url.trim();
    const own = `${app.origins(request).app}/media/`;
    const resource = resourceOfUrl(app.config.publicUrl, given.startsWith(own) ? given.slice(own.length - '/media/'.length) : given);
    const invalid = () => new HttpError(400, 'invalid_file_url', 'Not the URL of a file stored here', { file_url: 'invalid_file_url' });
    if (!resource || resource.split('/').some((part) => part === '..' || part === '')) throw invalid();
    let key: string;
    try {
      key = mediaKey(resource);
    } catch {
      throw invalid();
    }
    if (!(await app.storage.stat(key))) throw new HttpError(404, 'not_found', 'No such file');
    if (isRestrictedResource(resource) && !authOf(request).subject.is_superuser) {
      throw new HttpError(403, 'permission_denied', 'This file is opened through the content it belongs to');
    }
    // the bucket's own presigned GET when the store is one; on the local disk the URL an answer would carry
    const signed = await app.storage.signedUrl(key, { expiresIn: app.config.mediaUrlTtlSeconds });
    return { file_url: signed ?? app.mediaUrls(request)(resource) };
  });
};
export default presignedUrl;
