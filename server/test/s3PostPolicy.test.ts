import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { s3ClientConfig, s3Storage } from '../src/storage/s3.ts';
import { policyRefusal, policySignature } from './s3PostPolicy.ts';
import { startTestBucket, type TestBucket } from './s3Server.ts';

const ADMIN = 'http://admin.example.test:3000';

/** The test S3 server's browser form POST held to its policy (s3PostPolicy.ts), with a policy the AWS SDK signs. */
describe('test S3 server: POST policy', () => {
  let bucket: TestBucket;
  let client: S3Client;

  beforeAll(async () => {
    bucket = await startTestBucket('lp-test', { corsOrigin: ADMIN });
    client = new S3Client(s3ClientConfig(bucket.settings));
  });
  afterAll(async () => {
    client?.destroy();
    await bucket?.close();
  });

  const signed = (Key: string, extra: { expires?: number; max?: number } = {}) => createPresignedPost(client, {
    Bucket: bucket.settings.bucket, Key, Expires: extra.expires ?? 60,
    Conditions: [['content-length-range', 1, extra.max ?? 100], ['eq', '$Content-Type', 'image/png']],
    Fields: { 'Content-Type': 'image/png' },
  });
  const post = (url: string, fields: Record<string, string>, bytes: Buffer, headers: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'x.png');
    return fetch(url, { method: 'POST', body: form, headers });
  };
  const codeOf = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];

  it('stores a file that meets its signed policy, with the policy\'s content type', async () => {
    const { url, fields } = await signed('media/a/1.png');
    const res = await post(url, fields, Buffer.from('png bytes'));
    expect(res.status).toBe(204);
    const storage = s3Storage(bucket.settings);
    expect((await storage.get('media/a/1.png'))?.toString()).toBe('png bytes');
    const read = await fetch((await storage.signedUrl('media/a/1.png', { expiresIn: 60 }))!);
    expect(read.headers.get('content-type')).toBe('image/png');
  });

  it('refuses what the policy does not allow, as S3 answers it', async () => {
    const { url, fields } = await signed('media/a/2.png');
    expect(await codeOf(await post(url, { ...fields, 'Content-Type': 'text/html' }, Buffer.from('x')))).toBe('AccessDenied');
    expect(await codeOf(await post(url, { ...fields, key: 'media/b/2.png' }, Buffer.from('x')))).toBe('AccessDenied');
    const large = await post(url, fields, Buffer.alloc(101));
    expect(large.status).toBe(400);
    expect(await codeOf(large)).toBe('EntityTooLarge');
    expect(await codeOf(await post(url, fields, Buffer.alloc(0)))).toBe('EntityTooSmall');
    expect(await codeOf(await post(url, { ...fields, 'X-Amz-Signature': '0'.repeat(64) }, Buffer.from('x')))).toBe('SignatureDoesNotMatch');
    expect(await codeOf(await post(url, { ...fields, 'x-amz-meta-extra': '1' }, Buffer.from('x')))).toBe('AccessDenied');
    const expired = await signed('media/a/3.png', { expires: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await codeOf(await post(expired.url, expired.fields, Buffer.from('x')))).toBe('AccessDenied');
    // nothing refused was stored (1.png is the first case's)
    expect((await s3Storage(bucket.settings).list('media/')).map((o) => o.key)).toEqual(['media/a/1.png']);
  });

  it('answers CORS for the allowed origin only', async () => {
    const { url, fields } = await signed('media/c/1.png');
    const allowed = await post(url, fields, Buffer.from('x'), { origin: ADMIN });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ADMIN);
    const other = await post(url, { ...fields, key: 'media/c/1.png' }, Buffer.from('x'), { origin: 'http://elsewhere.test' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('signs and checks conditions as AWS documents them', () => {
    // the signing key chain over the base64 policy: the secret decides the signature
    expect(policySignature('secret', 'KEY/20261128/us-east-1/s3/aws4_request', 'eyJ9')).toMatch(/^[0-9a-f]{64}$/);
    expect(policySignature('secret', 'KEY/20261128/us-east-1/s3/aws4_request', 'eyJ9')).not.toBe(policySignature('other', 'KEY/20261128/us-east-1/s3/aws4_request', 'eyJ9'));
    const policy = { expiration: new Date(Date.now() + 60_000).toISOString(), conditions: [{ key: 'k' }, ['starts-with', '$Content-Type', 'image/'] as [string, string, string]] };
    expect(policyRefusal(policy, new Map([['key', 'k'], ['content-type', 'image/gif']]), 'b', 1)).toBeNull();
    expect(policyRefusal(policy, new Map([['key', 'k'], ['content-type', 'video/mp4']]), 'b', 1)?.message).toContain('starts-with');
    expect(policyRefusal({ ...policy, conditions: [{ bucket: 'other' }] }, new Map(), 'b', 1)?.message).toContain('bucket');
  });
});
