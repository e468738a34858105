/**
 * DESIGN "Files and media": the one storage interface. With S3_ENDPOINT, S3_BUCKET,
 * S3_ACCESS_KEY and S3_SECRET_KEY set every stored file goes to that bucket; without them to
 * the local disk under DATA_DIR, as before (docs/production.md "Object storage").
 */
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { FileStorage } from './types.ts';

export type { FileStorage, ListedObject, LocalCopy, ObjectMetadata, OpenedObject, ReadConditions, SignedPost, StoredObject } from './types.ts';
export { checkKey, checkPrefix, mediaKey } from './keys.ts';
export type { S3Settings } from './s3.ts';

/** The settings the store is made from. */
export type StorageConfig = Pick<Config, 'dataDir' | 's3'>;

const made = new WeakMap<StorageConfig, FileStorage>();

/**
 * The store of a configuration, made once per configuration object: code that is handed the
 * config (certificate issuing, the import worker, the seed) reaches the same store as app.storage.
 */
export function storageOf(config: StorageConfig): FileStorage {
  let storage = made.get(config);
  if (!storage) {
    storage = config.s3 ? s3Storage(config.s3) : localStorage(config.dataDir);
    made.set(config, storage);
  }
  return storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export const storagePlugin = fp<{ config: StorageConfig }>(async (app, { config }) => {
  app.decorate('storage', storageOf(config));
}, { name: 'storage' });
