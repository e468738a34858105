import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_RESOURCES, OWN_USER_IMAGE_UPLOAD_KIND, USER_IMAGE_UPLOAD_KIND } from '@lp/shared/contract';
import { UPLOAD_LIMITS, canOpenAdminTitle } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { removeMediaFolder } from '../../lib/mediaStore.ts';
import { forgetMediaResource } from '../../repositories/mediaObjects.ts';
import { commitUpload, prepareUpload, savingUpload, type PreparedUpload } from '../trainings/uploadedFile.ts';

/** Where profile pictures live in the media store. */
const FOLDER = 'users';

const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'];

/** The tus kind of a profile picture: sent by whoever may open the users screen (spec 1 §5.4: .jpg, .png, .gif). */
export function defineUserImageKind(app: FastifyInstance): void {
  app.tus.defineKind(USER_IMAGE_UPLOAD_KIND, {
    maxBytes: UPLOAD_LIMITS.generalMaxBytes,
    extensions: IMAGE_EXTENSIONS,
    allowed: (auth) => canOpenAdminTitle(auth.subject, ADMIN_RESOURCES.users.title) === 'allow',
  });
}

/** The tus kind of the person's own picture (spec 1 §2.2 profile image): any signed-in user, the same checks. */
export function defineOwnUserImageKind(app: FastifyInstance): void {
  app.tus.defineKind(OWN_USER_IMAGE_UPLOAD_KIND, { maxBytes: UPLOAD_LIMITS.generalMaxBytes, extensions: IMAGE_EXTENSIONS, allowed: () => true });
}

export interface UserImageChange {
  /** whether the stored picture changes */
  changed: boolean;
  /** the media path to store (null: no picture) */
  resource: string | null;
  /** runs the saving transaction; a failure removes what was prepared */
  saving<T>(save: () => Promise<T>): Promise<T>;
  /** inside the transaction: claims the upload */
  commit(trx: Db): Promise<void>;
  /** after the commit: the replaced picture's bytes and record go */
  replaced(): Promise<void>;
}

/**
 * spec 1 §3.4 image through the validated upload path: `sent` is a finished tus upload of
 * `tusKind` (USER_IMAGE_UPLOAD_KIND from the users screen, OWN_USER_IMAGE_UPLOAD_KIND from the
 * person's profile; checked by extension and magic bytes), the stored path (kept), null or ''
 * (removed) or undefined (kept).
 */
export async function userImageUpload(
  app: FastifyInstance, request: FastifyRequest, sent: string | null | undefined, current: string | null,
  tusKind: typeof USER_IMAGE_UPLOAD_KIND | typeof OWN_USER_IMAGE_UPLOAD_KIND = USER_IMAGE_UPLOAD_KIND,
): Promise<UserImageChange> {
  const keep = sent === undefined || (sent !== null && sent.trim() === (current ?? ''));
  let prepared: PreparedUpload | null = null;
  if (!keep && sent?.trim()) {
    try {
      prepared = await prepareUpload(app, request, sent.trim(), tusKind, 'profile_image', FOLDER);
    } catch (error) {
      // the refusal belongs on the form's image field
      if (error instanceof HttpError) throw new HttpError(error.statusCode, error.code, error.message, { image: error.code });
      throw error;
    }
  }
  const remove = async (resource: string) => {
    await forgetMediaResource(app.db, resource);
    await removeMediaFolder(app.storage, resource);
  };
  return {
    changed: !keep,
    resource: prepared ? prepared.media.resource : null,
    saving: (save) => savingUpload(app, prepared, save),
    commit: async (trx) => {
      if (prepared) await commitUpload(trx, app, request, prepared);
    },
    replaced: async () => {
      if (!keep && current) await remove(current).catch((err: unknown) => request.log.error({ err }, 'replaced profile picture not removed'));
    },
  };
}
