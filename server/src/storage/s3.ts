import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand,
  ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException, type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { checkKey, checkPrefix } from './keys.ts';
import type { FileStorage, ListedObject, LocalCopy, ObjectMetadata, OpenedObject, StoredObject } from './types.ts';

/** S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION, S3_FORCE_PATH_STYLE (README "Configuration"). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  forcePathStyle: boolean;
}

/** The SDK client of the bucket; the tus S3 store takes the same settings. */
export function s3ClientConfig(settings: S3Settings) {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
    // checksums only where S3 requires them: S3-compatible servers do not all take the SDK's
    // default trailing checksums (aws-chunked bodies)
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

/**
 * The origin browsers post editor images to (spec 2 §7.5 with object storage): the endpoint
 * with path-style URLs, the bucket's own host otherwise — as the signed form POST's URL names it.
 */
export function bucketOrigin(settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'forcePathStyle'>): string {
  const endpoint = new URL(settings.endpoint);
  return settings.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const isMissing = (error: unknown) => statusOf(error) === 404 || (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound'));
/** files uploaded side by side when a folder is stored (an unpacked package) */
const PARALLEL_PUTS = 8;

const tempDir = () => fs.promises.mkdtemp(path.join(os.tmpdir(), 'lp-s3-'));

/** An S3-compatible bucket; the bucket stays private (every read goes through this server or a presigned URL). */
export function s3Storage(settings: S3Settings): FileStorage & { client: S3Client } {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;

  async function putFile(key: string, file: string, metadata: ObjectMetadata = {}) {
    const { size } = await fs.promises.stat(file);
    await client.send(new PutObjectCommand({
      Bucket, Key: checkKey(key), Body: fs.createReadStream(file), ContentLength: size, ContentType: metadata.contentType, CacheControl: metadata.cacheControl,
    }));
  }

  async function list(prefix: string): Promise<ListedObject[]> {
    const found: ListedObject[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: checkPrefix(prefix), ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (item.Key) found.push({ key: item.Key, size: item.Size ?? 0, modified: item.LastModified ?? new Date(0), etag: item.ETag ?? '""' });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async function getObject(key: string): Promise<GetObjectCommandOutput | null> {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function localCopy(key: string): Promise<LocalCopy | null> {
    const object = await getObject(key);
    if (!object?.Body) return null;
    const dir = await tempDir();
    const release = () => fs.promises.rm(dir, { recursive: true, force: true });
    try {
      const file = path.join(dir, path.posix.basename(key));
      await pipeline(object.Body as Readable, fs.createWriteStream(file));
      return { file, release };
    } catch (error) {
      await release();
      throw error;
    }
  }

  return {
    kind: 's3',
    client,
    async put(key, body, options = {}) {
      try {
        await client.send(new PutObjectCommand({
          Bucket, Key: checkKey(key), Body: body, ContentLength: body.length, ContentType: options.contentType, CacheControl: options.cacheControl,
          // conditional write: an existing key is refused, as the disk's O_EXCL
          ...(options.exclusive ? { IfNoneMatch: '*' } : {}),
        }));
      } catch (error) {
        if (statusOf(error) === 412) throw Object.assign(new Error(`storage key exists: ${key}`), { code: 'EEXIST' });
        throw error;
      }
    },
    async putFile(key, file, options = {}) {
      await putFile(key, file, options);
      if (options.move) await fs.promises.rm(file, { force: true });
    },
    async get(key) {
      const object = await getObject(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    async stat(key): Promise<StoredObject | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0), etag: head.ETag ?? '""' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    list,
    async copy(from, to) {
      const source = `${Bucket}/${checkKey(from).split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: checkKey(to), CopySource: source }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async removePrefix(prefix) {
      const keys = (await list(prefix)).map((item) => item.key);
      for (let i = 0; i < keys.length; i += 1000) {
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
      }
    },
    async writeWith(key, write, options = {}) {
      checkKey(key);
      const dir = await tempDir();
      try {
        const file = path.join(dir, 'file');
        await write(file);
        await putFile(key, file, { contentType: options.contentType });
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
    async writeTreeWith(prefix, fill) {
      checkPrefix(prefix);
      const dir = await tempDir();
      try {
        await fill(dir);
        const files = (await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name));
        for (let i = 0; i < files.length; i += PARALLEL_PUTS) {
          await Promise.all(files.slice(i, i + PARALLEL_PUTS).map((file) =>
            putFile(`${prefix}${path.relative(dir, file).split(path.sep).join('/')}`, file)));
        }
      } catch (error) {
        await this.removePrefix(prefix).catch(() => undefined);
        throw error;
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
    localCopy,
    async readWith(key, read) {
      const copy = await localCopy(key);
      if (!copy) return null;
      try {
        return await read(copy.file);
      } finally {
        await copy.release();
      }
    },
    async open(key, conditions): Promise<OpenedObject | null> {
      let object: GetObjectCommandOutput;
      try {
        object = await client.send(new GetObjectCommand({
          Bucket, Key: checkKey(key), Range: conditions.range, IfNoneMatch: conditions.ifNoneMatch,
          IfModifiedSince: conditions.ifModifiedSince ? new Date(conditions.ifModifiedSince) : undefined,
        }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 304) return { status: 304, headers: {}, body: null };
        if (status === 416) return { status: 416, headers: {}, body: null };
        if (isMissing(error)) return null;
        throw error;
      }
      const headers: Record<string, string> = { 'accept-ranges': 'bytes' };
      if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
      if (object.ContentRange) headers['content-range'] = object.ContentRange;
      if (object.ETag) headers.etag = object.ETag;
      if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
      return { status: object.ContentRange ? 206 : 200, headers, body: object.Body as Readable };
    },
    async signedUrl(key, options) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checkKey(key), ResponseContentDisposition: options.disposition }), { expiresIn: options.expiresIn });
    },
    async signedPost(key, options) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket, Key: checkKey(key), Expires: options.expiresIn,
        Conditions: [['content-length-range', 1, options.maxBytes], ...(options.contentType ? [['eq', '$Content-Type', options.contentType] as ['eq', string, string]] : [])],
        Fields: options.contentType ? { 'Content-Type': options.contentType } : {},
      });
      return { url, fields };
    },
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
