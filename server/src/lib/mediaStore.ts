/**
 * DESIGN "Files and media": the media store. Files that learners and admins open live under
 * `media/` of the file store (storage/: $DATA_DIR/media, or the bucket's media/ prefix): public ones served read-only at /media/ (plugins/external/media.ts), restricted
 * ones by signed URLs only (lib/signedMedia.ts), packages and user documents by the content
 * origin (contentOrigin/contentApp.ts). Every path holds a random id, so nothing is guessable, and a
 * stored file is never rewritten in place (duplicated trainings share paths; a replaced file gets
 * a new path).
 *
 * Layout (relative to the media root):
 *   trainings/{trainingId}/modules/{id}/{name}     a module's file as uploaded (a package's zip too)
 *   trainings/{trainingId}/materials/{id}/{name}   a support material
 *   packages/{id}/…                                an unpacked HTML or SCORM zip (the content
 *                                                   origin serves it, sandboxed)
 *   html_images/{trainings|webcasts}/{y}/{m}/…, images/trainings/{y}/{m}/…   editor images (§7.5)
 *
 * URLs: `resource_url` is absolute, built when read (never stored), as spec 2 §3.6 calls it "the
 * full URL": the origin the request came to + /media/ + the path for public media, a signed URL
 * for restricted media (plugins/app/mediaLinks.ts) — never PUBLIC_URL, so a page opened from
 * 127.0.0.1 or a LAN address loads its media from where it is. A URL the client keeps in a
 * record (an editor image, a badge or podcast image) is root-relative (`mediaPath`): it works on
 * every host the server answers to.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MediaKind } from '../db/tables/media.table.ts';
import { mediaKey, type FileStorage } from '../storage/index.ts';
import { archiveLimits, extractArchive, type ValidatedUpload } from './uploadValidation.ts';

export const MEDIA_URL_PREFIX = '/media/';
/** unpacked packages: only the content origin serves them */
export const PACKAGES_DIR = 'packages';

export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');

/** Removes the random-id folder of one stored media file (each upload has one of its own). */
export async function removeMediaFolder(storage: FileStorage, resource: string): Promise<void> {
  await storage.removePrefix(`${mediaKey(path.posix.dirname(resource))}/`);
}

/** The root-relative path of a public media resource (each segment encoded). */
export function mediaPath(resource: string): string {
  return `${MEDIA_URL_PREFIX}${resource.split('/').map(encodeURIComponent).join('/')}`;
}

/** The public URL of a media resource on an origin (the request's own; see mediaLinks). */
export function mediaUrl(origin: string, resource: string): string {
  return `${origin}${mediaPath(resource)}`;
}

/**
 * The media resource a URL of ours points at, or null (another host, another path): a
 * root-relative `/media/…` path, or an absolute one on PUBLIC_URL (records saved before URLs
 * were root-relative).
 */
export function resourceOfUrl(publicUrl: string, url: string): string | null {
  const rest = url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length)
    : url.startsWith(`${publicUrl}${MEDIA_URL_PREFIX}`) ? url.slice(publicUrl.length + MEDIA_URL_PREFIX.length)
      : null;
  if (rest === null) return null;
  try {
    return rest.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

export const randomMediaId = () => randomBytes(16).toString('hex');

/** A file name safe in a URL and on any disk: ASCII letters, digits, `.`, `-`, `_`; the extension kept. */
export function safeFileName(name: string): string {
  const ascii = name.normalize('NFKD').replace(/\p{M}/gu, '');
  const cleaned = ascii.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+/g, '_').replace(/^[._]+/, '');
  const ext = path.extname(cleaned).slice(0, 16);
  const base = cleaned.slice(0, cleaned.length - ext.length).slice(0, 100).replace(/[._]+$/, '');
  return `${base || 'file'}${ext.toLowerCase()}`;
}

/** What a stored upload became. */
export interface StoredMedia {
  /** the random id in its paths */
  id: string;
  /** what a module or material points at (a package's entry file), relative to the media root */
  resource: string;
  /** bytes of the file as uploaded */
  size: number;
  /** the uploader's file name (shown only) */
  name: string;
  /** lower case, without the dot */
  extension: string;
  /** the file as uploaded (a package's zip), relative to the media root */
  source: string;
  kind: MediaKind;
  scormVersion: string | null;
  /** the unpacked package's folder, when there is one */
  packageDir: string | null;
}

/**
 * The first half of storing a finished tus upload: unpacks a package into its own folder (the
 * slow part, done before any transaction). The tus file stays where it is until `commitMedia`.
 */
export async function prepareMedia(
  app: FastifyInstance, file: string, fileName: string, folder: string, validated: ValidatedUpload,
): Promise<StoredMedia> {
  const id = randomMediaId();
  const source = `${folder}/${id}/${safeFileName(fileName)}`;
  let resource = source;
  let packageDir: string | null = null;
  let kind: MediaKind = 'file';
  if (validated.package) {
    packageDir = `${PACKAGES_DIR}/${id}`;
    await app.storage.writeTreeWith(`${mediaKey(packageDir)}/`, (dir) => extractArchive(file, dir, archiveLimits(app.config)));
    resource = `${packageDir}/${validated.package.entry}`;
    kind = validated.package.type === 'scorm' ? 'scorm_package' : 'html_package';
  }
  return {
    id, resource, size: validated.size, name: fileName,
    extension: validated.extension, source, kind, scormVersion: validated.package?.scormVersion ?? null, packageDir,
  };
}

/** The second half: the upload's bytes move into media (app.tus.consume); call it inside the claiming transaction. */
export async function commitMedia(app: FastifyInstance, uploadId: string, media: StoredMedia): Promise<void> {
  await app.tus.consume(uploadId, mediaKey(media.source));
}

/** Removes what prepareMedia / commitMedia wrote (a refused or failed save). */
export async function discardMedia(app: FastifyInstance, media: StoredMedia): Promise<void> {
  if (media.packageDir) await app.storage.removePrefix(`${mediaKey(media.packageDir)}/`);
  await removeMediaFolder(app.storage, media.source);
}

/** prepare + commit in one step, for callers without a transaction of their own. */
export async function storeUpload(
  app: FastifyInstance, uploadId: string, fileName: string, folder: string, validated: ValidatedUpload,
): Promise<StoredMedia> {
  const media = await prepareMedia(app, uploadId, fileName, folder, validated);
  try {
    await commitMedia(app, uploadId, media);
  } catch (error) {
    await discardMedia(app, media);
    throw error;
  }
  return media;
}
