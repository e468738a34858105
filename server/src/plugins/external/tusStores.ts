import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AbortMultipartUploadCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { DataStore, TUS_RESUMABLE, Upload, type KvStore } from '@tus/server';
import { s3ClientConfig, type S3Settings } from '../../storage/s3.ts';
import type { FileStorage, LocalCopy } from '../../storage/index.ts';

/**
 * Where the bytes of unfinished and unclaimed tus uploads live (docs/production.md "Object
 * storage"): a folder under $DATA_DIR on the local disk, or the bucket under `uploads/tus/`,
 * so that any node resumes an upload another one began and any node hands it to a feature.
 * Ids are the tus ids (the upload URL's last segment, the `uploads` row's id) on both.
 */
export interface TusBytes {
  readonly datastore: DataStore;
  /** the finished upload's bytes as a local file, until `release` (parsers, validation) */
  localCopy(id: string): Promise<LocalCopy>;
  /** moves a finished upload's bytes to the storage key `destination` */
  consume(id: string, destination: string): Promise<void>;
  /** removes whatever the store holds of an upload (finished or not); a missing one is no error */
  discard(id: string): Promise<void>;
  /** makes a finished upload `id` of the stored file at the storage key `source`; false when there is none */
  adopt(id: string, source: string, size: number): Promise<boolean>;
  /** the store's own expiry of unfinished uploads it knows of (rows without bytes are the plugin's) */
  deleteExpired(): Promise<number>;
}

const enoent = (id: string) => Object.assign(new Error(`no upload ${id}`), { code: 'ENOENT' });

// @ts-expect-error the base class's directory check is private: it creates the directory
// asynchronously and throws from the callback (an uncaught exception when DATA_DIR is removed
// meanwhile, as tests and benchmarks do); diskUploads creates the directory before, awaited
class PreparedFileStore extends FileStore {
  override checkOrCreateDirectory(): void {}
}

/** $DATA_DIR/uploads/tus: one node (or a shared volume) holds an upload from its first byte. */
export async function diskUploads(directory: string, storage: FileStorage, expirationMs: number): Promise<TusBytes> {
  await fs.mkdir(directory, { recursive: true });
  const datastore = new PreparedFileStore({ directory, expirationPeriodInMilliseconds: expirationMs });
  const filePath = (id: string) => {
    const resolved = path.join(directory, id);
    if (path.dirname(resolved) !== directory) throw new Error('invalid upload id');
    return resolved;
  };
  const discard = async (id: string) => {
    await fs.rm(filePath(id), { force: true });
    await fs.rm(`${filePath(id)}.json`, { force: true });
  };
  return {
    datastore,
    async localCopy(id) {
      const file = filePath(id);
      await fs.access(file);
      return { file, release: async () => undefined };
    },
    async consume(id, destination) {
      await storage.putFile(destination, filePath(id), { move: true });
      await fs.rm(`${filePath(id)}.json`, { force: true });
    },
    discard,
    async adopt(id, source, size) {
      const copied = await storage.readWith(source, (file) => fs.copyFile(file, filePath(id), fs.constants.COPYFILE_EXCL));
      if (copied === null) return false;
      // the file store's own record, so that HEAD and progress() see a finished upload
      await fs.writeFile(`${filePath(id)}.json`, JSON.stringify(new Upload({ id, size, offset: size, metadata: {}, creation_date: new Date().toISOString() })));
      return true;
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}

/** The key prefix of tus uploads in the bucket: `{id}` (the object), `{id}.info`, `{id}.part`. */
export const TUS_PREFIX = 'uploads/tus/';
/** S3's least part size but the last: PATCH chunks under it wait in `{id}.part` */
const PART_BYTES = 5 * 1024 * 1024;

const isNoSuchUpload = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchUpload' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * @tus/s3-store keys its objects by the upload id alone, at the bucket's root; this store gives
 * it ids under TUS_PREFIX and answers the tus server with the bare ids (URLs and rows unchanged).
 */
class PrefixedStore extends DataStore {
  constructor(readonly inner: S3Store, private readonly discard: (id: string) => Promise<void>) {
    super();
    this.extensions = inner.extensions;
  }
  private key(id: string) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw enoent(id);
    return `${TUS_PREFIX}${id}`;
  }
  private bare(upload: Upload, id: string) {
    return new Upload({ ...upload, id });
  }
  override async create(upload: Upload) {
    return this.bare(await this.inner.create(new Upload({ ...upload, id: this.key(upload.id) })), upload.id);
  }
  override write(stream: Readable, id: string, offset: number) {
    return this.inner.write(stream, this.key(id), offset);
  }
  override async getUpload(id: string) {
    return this.bare(await this.inner.getUpload(this.key(id)), id);
  }
  /** tus termination: the store's own remove fails on a finished upload (nothing left to abort) */
  override remove(id: string) {
    this.key(id);
    return this.discard(id);
  }
  override declareUploadLength(id: string, length: number) {
    return this.inner.declareUploadLength(this.key(id), length);
  }
  /** expiry is the plugin's, by the `uploads` rows (the store's own lists every multipart upload of the bucket) */
  override async deleteExpired() {
    return 0;
  }
  override getExpiration() {
    return this.inner.getExpiration();
  }
  read(id: string) {
    return this.inner.read(this.key(id));
  }
}

/** The bucket (S3_*): every node reads and resumes every upload; the bytes never touch a node's disk but as a parser's copy. */
export function bucketUploads(settings: S3Settings, storage: FileStorage, expirationMs: number): TusBytes {
  const inner = new S3Store({
    partSize: PART_BYTES,
    // expiry is ours (the `uploads` rows, the hourly job): no tags, which not every
    // S3-compatible server keeps, and no listing of every multipart upload of the bucket
    useTags: false,
    // read the `.info` record every time: another node may have finished or removed the upload
    cache: { get: async () => undefined, set: async () => undefined, delete: async () => undefined } satisfies KvStore<MetadataValue>,
    expirationPeriodInMilliseconds: expirationMs,
    s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
  });
  const client = new S3Client(s3ClientConfig(settings));
  const key = (id: string) => `${TUS_PREFIX}${id}`;

  async function finished(id: string): Promise<void> {
    const upload = await inner.getUpload(key(id)).catch(() => { throw enoent(id); });
    if (upload.size === undefined || upload.offset !== upload.size) throw enoent(id);
  }

  /** The multipart upload id @tus/s3-store keeps in the `.info` object's metadata. */
  async function multipartIdOf(id: string): Promise<string | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: `${key(id)}.info` }));
      return head.Metadata?.['upload-id'] ?? null;
    } catch (error) {
      if (isNoSuchUpload(error)) return null;
      throw error;
    }
  }

  async function discard(id: string) {
    try {
      // an unfinished upload's parts belong to its multipart upload: abort it (gone once finished)
      const uploadId = await multipartIdOf(id);
      if (uploadId) {
        await client.send(new AbortMultipartUploadCommand({ Bucket: settings.bucket, Key: key(id), UploadId: uploadId })).catch((error: unknown) => {
          if (!isNoSuchUpload(error)) throw error;
        });
      }
    } finally {
      for (const suffix of ['', '.part', '.info']) await storage.remove(`${key(id)}${suffix}`);
    }
  }

  const datastore = new PrefixedStore(inner, discard);
  return {
    datastore,
    async localCopy(id) {
      await finished(id);
      const copy = await storage.localCopy(key(id));
      if (!copy) throw enoent(id);
      return copy;
    },
    async consume(id, destination) {
      await finished(id);
      await storage.copy(key(id), destination);
      await discard(id);
    },
    discard,
    async adopt(id, source, size) {
      if (!(await storage.stat(source))) return false;
      await storage.copy(source, key(id));
      // the record @tus/s3-store reads (its `.info` object): an upload whose multipart upload is
      // gone (ListParts answers NoSuchUpload) is finished, so it names one that never existed
      const upload = new Upload({ id: key(id), size, offset: size, metadata: {}, creation_date: new Date().toISOString() });
      await client.send(new PutObjectCommand({
        Bucket: settings.bucket, Key: `${key(id)}.info`, Body: JSON.stringify(upload),
        Metadata: { 'upload-id': `adopted-${id}`, 'tus-version': TUS_RESUMABLE },
      }));
      return true;
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}
