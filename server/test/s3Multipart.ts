import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The two multipart-upload calls s3rver (3.7) lacks and @tus/s3-store needs, answered as AWS
 * documents them: ListParts (`GET /{bucket}/{key}?uploadId=…`, a `ListPartsResult`, paged by
 * `max-parts` and `part-number-marker`) and AbortMultipartUpload (`DELETE /{bucket}/{key}?uploadId=…`,
 * 204). Both read s3rver's own record of an upload (its folder `{bucket}/uploads._S3rver_/{uploadId}/`
 * holds `key` and one file per part with its `.md5`), after s3rver's own signature check.
 */

/** What a Koa middleware of s3rver sees (s3rver is a Koa application). */
interface S3rverContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  params: Record<string, string | undefined>;
  state: Record<string, unknown>;
  status: number;
  body: unknown;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}
type Next = () => Promise<unknown>;
type Middleware = (ctx: S3rverContext, next: Next) => Promise<unknown>;
/** s3rver's own error type: thrown, it answers the S3 error XML with the code's status */
type S3ErrorClass = new (code: string, message?: string, detail?: Record<string, unknown>) => Error;

const require = createRequire(import.meta.url);
const S3Error = require('s3rver/lib/models/error') as S3ErrorClass;
const authentication = (require('s3rver/lib/middleware/authentication') as () => Middleware)();

const NS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const MAX_PARTS = 1000;
const OWNER = { ID: '123456789000', DisplayName: 'S3rver' };

interface Part { number: number; size: number; etag: string; modified: Date }

async function partsOf(folder: string): Promise<Part[]> {
  const names = (await fs.readdir(folder)).filter((name) => /^\d+$/.test(name));
  const parts = await Promise.all(names.map(async (name) => {
    const file = path.join(folder, name);
    const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, 'utf8')]);
    return { number: Number(name), size: stat.size, etag: JSON.stringify(md5.trim()), modified: stat.mtime };
  }));
  return parts.sort((a, b) => a.number - b.number);
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function integerParam(ctx: S3rverContext, name: string, fallback: number): number {
  const raw = first(ctx.query[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new S3Error('InvalidArgument', `Provided ${name} not an integer or within integer range`, { ArgumentName: name, ArgumentValue: raw });
  return value;
}

/** The ListPartsResult document of AWS's ListParts reference. */
export function listPartsResult(
  bucket: string, key: string, uploadId: string, parts: Part[], options: { marker: number; maxParts: number },
): Record<string, unknown> {
  const after = parts.filter((part) => part.number > options.marker);
  const page = after.slice(0, options.maxParts);
  const truncated = after.length > page.length;
  return {
    ListPartsResult: {
      '@': { xmlns: NS },
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      Initiator: OWNER,
      Owner: OWNER,
      StorageClass: 'STANDARD',
      PartNumberMarker: options.marker,
      NextPartNumberMarker: page.length ? page[page.length - 1]!.number : options.marker,
      MaxParts: options.maxParts,
      IsTruncated: truncated,
      Part: page.map((part) => ({ PartNumber: part.number, LastModified: part.modified.toISOString(), ETag: part.etag, Size: part.size })),
    },
  };
}

async function handle(ctx: S3rverContext, bucket: string, key: string, uploadId: string): Promise<void> {
  const folder = path.join(ctx.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
  const recordedKey = await fs.readFile(path.join(folder, 'key'), 'utf8').catch(() => null);
  if (recordedKey !== key || path.basename(uploadId) !== uploadId) {
    throw new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', { UploadId: uploadId });
  }
  if (ctx.method === 'DELETE') {
    await fs.rm(folder, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
    return;
  }
  const maxParts = Math.min(integerParam(ctx, 'max-parts', MAX_PARTS), MAX_PARTS);
  const marker = integerParam(ctx, 'part-number-marker', 0);
  ctx.body = listPartsResult(bucket, key, uploadId, await partsOf(folder), { marker, maxParts });
}

/** The middleware; path-style requests (`/{bucket}/{key}`), as the tests' clients send them. */
export const multipartCalls: Middleware = async (ctx, next) => {
  const uploadId = first(ctx.query.uploadId);
  const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
  if (!uploadId || !match || !(ctx.method === 'GET' || ctx.method === 'DELETE')) return next();
  const bucket = decodeURIComponent(match[1]!);
  const key = decodeURIComponent(match[2]!);
  ctx.params = { bucket, key };
  return authentication(ctx, () => handle(ctx, bucket, key, uploadId));
};
