import { createHmac, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * Browser form POSTs to a bucket (`POST /{bucket}`, multipart/form-data) held to their POST policy
 * as AWS documents it ("Browser-based uploads using POST", Signature Version 4), which s3rver
 * (3.7) stores without reading its `policy` or signature: the policy's signature with the
 * account's secret, its expiration, and every condition (exact or `eq`, `starts-with`,
 * `content-length-range`); each form field but `file`, `policy`, `x-amz-signature` and
 * `x-ignore-*` must be named by a condition. What passes is stored through s3rver's own store.
 */

interface S3rverContext {
  method: string;
  path: string;
  querystring: string;
  req: IncomingMessage;
  headers: Record<string, string | string[] | undefined>;
  params: Record<string, string | undefined>;
  status: number;
  body: unknown;
  etag: string;
  store: { putObject(object: unknown): Promise<{ md5: string; size: number }> };
}
type Next = () => Promise<unknown>;
type Middleware = (ctx: S3rverContext, next: Next) => Promise<unknown>;
type S3ErrorClass = new (code: string, message?: string, detail?: Record<string, unknown>) => Error;
type S3ObjectClass = new (bucket: string, key: string, content: Readable, metadata: Record<string, string>) => object;

const require = createRequire(import.meta.url);
const S3Error = require('s3rver/lib/models/error') as S3ErrorClass;
const S3Object = require('s3rver/lib/models/object') as S3ObjectClass;
const accounts = (require('s3rver/lib/models/account') as { registry: Map<string, { accessKeys: Map<string, string> }> }).registry;
const cors = (require('s3rver/lib/middleware/cors') as () => Middleware)();

export type PolicyCondition = Record<string, string> | [string, string | number, string | number];
export interface PostPolicy { expiration: string; conditions: PolicyCondition[] }

const UNCHECKED = new Set(['file', 'policy', 'x-amz-signature']);
const denied = (why: string) => new S3Error('AccessDenied', `Invalid according to Policy: ${why}`);

/** The SigV4 signature of a POST policy: HMAC chain of the secret over date, region, service, then the base64 policy. */
export function policySignature(secret: string, credential: string, policy: string): string {
  const [, date = '', region = '', service = ''] = credential.split('/');
  const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return createHmac('sha256', signingKey).update(policy).digest('hex');
}

/**
 * Checks a posted form against its policy: answers the S3 error (AccessDenied,
 * EntityTooLarge, EntityTooSmall) a real bucket would, or nothing when it passes.
 */
export function policyRefusal(policy: PostPolicy, fields: Map<string, string>, bucket: string, fileSize: number, now = new Date()): Error | null {
  if (!(Date.parse(policy.expiration) > now.getTime())) return denied('Policy expired.');
  const valueOf = (name: string) => (name.toLowerCase() === 'bucket' ? bucket : fields.get(name.toLowerCase()));
  const named = new Set<string>(['bucket']);
  for (const condition of policy.conditions) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        named.add(name.toLowerCase());
        if (valueOf(name) !== value) return denied(`Policy Condition failed: ["eq", "$${name}", "${value}"]`);
      }
      continue;
    }
    const [operator, first, second] = condition;
    if (String(operator).toLowerCase() === 'content-length-range') {
      if (fileSize > Number(second)) return new S3Error('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', { ProposedSize: fileSize, MaxSizeAllowed: Number(second) });
      if (fileSize < Number(first)) return new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', { ProposedSize: fileSize, MinSizeAllowed: Number(first) });
      continue;
    }
    const name = String(first).replace(/^\$/, '');
    named.add(name.toLowerCase());
    const value = valueOf(name) ?? '';
    const ok = operator === 'eq' ? value === second : operator === 'starts-with' ? value.startsWith(String(second)) : false;
    if (!ok) return denied(`Policy Condition failed: ["${operator}", "$${name}", "${second}"]`);
  }
  for (const name of fields.keys()) {
    if (UNCHECKED.has(name) || name.startsWith('x-ignore-') || named.has(name)) continue;
    return denied(`Extra input fields: ${name}`);
  }
  return null;
}

async function handlePost(ctx: S3rverContext, bucket: string): Promise<void> {
  const form = await new Request('http://bucket/', {
    method: 'POST', headers: { 'content-type': String(ctx.headers['content-type']) }, body: Readable.toWeb(ctx.req) as ReadableStream, duplex: 'half',
  } as RequestInit).formData();
  const fields = new Map<string, string>();
  let file: Blob | null = null;
  for (const [name, value] of form.entries()) {
    if (name === 'file') file = typeof value === 'string' ? new Blob([value]) : value;
    else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  const policyText = fields.get('policy');
  const key = fields.get('key');
  if (!file || !key) throw new S3Error('InvalidArgument', 'Bucket POST must contain a field named \'key\' and exactly one file.');
  if (!policyText || fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') throw new S3Error('AccessDenied', 'Bucket POST must contain a Signature Version 4 policy');
  const credential = fields.get('x-amz-credential') ?? '';
  const accessKey = credential.split('/')[0] ?? '';
  const secret = accounts.get(accessKey)?.accessKeys.get(accessKey);
  if (!secret) throw new S3Error('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', { AWSAccessKeyId: accessKey });
  const expected = Buffer.from(policySignature(secret, credential, policyText));
  const given = Buffer.from(fields.get('x-amz-signature') ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new S3Error('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  let policy: PostPolicy;
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    throw new S3Error('InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const refusal = policyRefusal(policy, fields, bucket, file.size);
  if (refusal) throw refusal;
  const bytes = Buffer.from(await file.arrayBuffer());
  const metadata: Record<string, string> = { 'content-type': fields.get('content-type') ?? 'binary/octet-stream' };
  const { md5 } = await ctx.store.putObject(new S3Object(bucket, key, Readable.from([bytes]), metadata));
  ctx.etag = md5;
  ctx.status = 204;
  ctx.body = null;
}

/** The middleware; a bucket's form POST (path-style), with the bucket's CORS rules applied as s3rver's routes do. */
export const postPolicyCalls: Middleware = async (ctx, next) => {
  const match = /^\/([^/]+)\/?$/.exec(ctx.path);
  const type = String(ctx.headers['content-type'] ?? '');
  if (ctx.method !== 'POST' || !match || ctx.querystring || !type.startsWith('multipart/form-data')) return next();
  const bucket = decodeURIComponent(match[1]!);
  ctx.params = { bucket };
  return cors(ctx, () => handlePost(ctx, bucket));
};
