/**
 * The streaming engine's HLS store over the file storage (docs/production.md "Object storage"):
 * media resources under the `media/` keys, on the local disk or in the bucket.
 */
import path from 'node:path';
import type { HlsStore, StoredFile } from '@lp/streaming/server';
import { mediaKey, type FileStorage } from '../storage/index.ts';

export function hlsStoreOf(storage: FileStorage): HlsStore {
  return {
    async readText(resource) {
      return (await storage.get(mediaKey(resource)))?.toString('utf8') ?? null;
    },
    async stored(folder) {
      const prefix = `${mediaKey(folder)}/`;
      const found = new Map<string, StoredFile>();
      for (const { key, size, etag } of await storage.list(prefix)) {
        const name = key.slice(prefix.length);
        if (!name.includes('/')) found.set(name, { size, etag });
      }
      return found;
    },
    async putText(resource, text, headers) {
      await storage.put(mediaKey(resource), Buffer.from(text, 'utf8'), headers);
    },
    async putFile(resource, file, headers) {
      await storage.putFile(mediaKey(resource), file, headers);
    },
    async remove(resource) {
      await storage.remove(mediaKey(resource));
    },
  };
}

/** The folder of a session's playlist (`webcasts/{id}/live/{session}/stream.m3u8` → its session folder). */
export const sessionFolder = (playlist: string) => path.posix.dirname(playlist);
