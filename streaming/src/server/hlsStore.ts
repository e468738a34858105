import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a webcast's HLS is kept for viewers (DESIGN "Files and media"): the media store, by
 * media resource (a path relative to the media root, `webcasts/{id}/…`). The API hands the
 * engine its file storage (the local disk or an S3-compatible bucket,
 * docs/production.md "Object storage"); `localHlsStore` is the disk alone.
 */
export interface HlsStore {
  /** The text of a stored file, or null when there is none. */
  readText(resource: string): Promise<string | null>;
  /** The files directly in `folder` (a resource without the trailing `/`) by name, in one listing. */
  stored(folder: string): Promise<Map<string, StoredFile>>;
  putText(resource: string, text: string, headers: ObjectHeaders): Promise<void>;
  putFile(resource: string, file: string, headers: ObjectHeaders): Promise<void>;
  remove(resource: string): Promise<void>;
}

/** A stored file's size and validator (to verify an upload). */
export interface StoredFile {
  size: number;
  /** quoted; a bucket's is the MD5 of a single-part upload */
  etag: string;
}

/** What a stored object carries for the players and any cache in front (a CDN). */
export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
}

/** RFC 8216 §4: playlists change while live, so caches revalidate them. */
export const PLAYLIST_HEADERS: ObjectHeaders = { contentType: 'application/vnd.apple.mpegurl', cacheControl: 'no-cache' };
/** A segment is written once under a path with a random session id: cacheable for good. */
export const SEGMENT_HEADERS: ObjectHeaders = { contentType: 'video/mp2t', cacheControl: 'public, max-age=31536000, immutable' };

export const headersOf = (name: string): ObjectHeaders => (name.endsWith('.m3u8') ? PLAYLIST_HEADERS : SEGMENT_HEADERS);

/** The disk under the media root (headers are the serving route's business there). */
export function localHlsStore(mediaRoot: string): HlsStore {
  const fileOf = (resource: string) => path.join(mediaRoot, ...resource.split('/'));
  return {
    async readText(resource) {
      return fs.promises.readFile(fileOf(resource), 'utf8').catch(() => null);
    },
    async stored(folder) {
      const entries = await fs.promises.readdir(fileOf(folder), { withFileTypes: true }).catch(() => []);
      const found = new Map<string, StoredFile>();
      for (const entry of entries.filter((e) => e.isFile())) {
        const stat = await fs.promises.stat(path.join(fileOf(folder), entry.name));
        found.set(entry.name, { size: stat.size, etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"` });
      }
      return found;
    },
    async putText(resource, text) {
      const file = fileOf(resource);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // written aside and renamed: a reader sees the whole playlist or the previous one
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(temporary, text);
      await fs.promises.rename(temporary, file);
    },
    async putFile(resource, file) {
      const target = fileOf(resource);
      if (path.resolve(target) === path.resolve(file)) return;
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.copyFile(file, target);
    },
    async remove(resource) {
      await fs.promises.rm(fileOf(resource), { force: true });
    },
  };
}
