import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, GetObjectCommand, ListPartsCommand, S3Client, UploadPartCommand,
} from '@aws-sdk/client-s3';
import { s3ClientConfig } from '../src/storage/s3.ts';
import { startTestBucket, type TestBucket } from './s3Server.ts';

/** The test S3 server's ListParts and AbortMultipartUpload (s3Multipart.ts), through the AWS SDK as any client calls them. */
describe('test S3 server: multipart calls', () => {
  let bucket: TestBucket;
  let client: S3Client;
  const Bucket = 'lp-test';

  beforeAll(async () => {
    bucket = await startTestBucket(Bucket);
    client = new S3Client(s3ClientConfig(bucket.settings));
  });
  afterAll(async () => {
    client?.destroy();
    await bucket?.close();
  });

  async function started(Key: string, sizes: number[]) {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const etags: string[] = [];
    for (const [i, size] of sizes.entries()) {
      const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1, Body: Buffer.alloc(size, i + 1) }));
      etags.push(ETag!);
    }
    return { UploadId: UploadId!, etags };
  }

  it('lists the parts of an upload, page by page', async () => {
    const Key = 'uploads/tus/abc';
    const { UploadId, etags } = await started(Key, [10, 20, 5]);
    const all = await client.send(new ListPartsCommand({ Bucket, Key, UploadId }));
    expect(all.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag])).toEqual([[1, 10, etags[0]], [2, 20, etags[1]], [3, 5, etags[2]]]);
    expect(all.IsTruncated).toBe(false);
    expect(all.UploadId).toBe(UploadId);
    expect(all.Key).toBe(Key);
    expect(all.Parts?.[0]?.LastModified).toBeInstanceOf(Date);

    const page = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, MaxParts: 2 }));
    expect(page.Parts?.map((p) => p.PartNumber)).toEqual([1, 2]);
    expect(page.IsTruncated).toBe(true);
    expect(page.NextPartNumberMarker).toBe('2');
    const rest = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: page.NextPartNumberMarker }));
    expect(rest.Parts?.map((p) => p.PartNumber)).toEqual([3]);
    expect(rest.IsTruncated).toBe(false);
  });

  it('answers NoSuchUpload once an upload is completed, aborted, unknown or asked under another key', async () => {
    const Key = 'uploads/tus/done';
    const { UploadId, etags } = await started(Key, [4, 3]);
    await expect(client.send(new ListPartsCommand({ Bucket, Key: 'uploads/tus/other', UploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload' });
    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) } }));
    const object = await client.send(new GetObjectCommand({ Bucket, Key }));
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(Buffer.concat([Buffer.alloc(4, 1), Buffer.alloc(3, 2)]));
    await expect(client.send(new ListPartsCommand({ Bucket, Key, UploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } });

    const aborted = await started('uploads/tus/gone', [8]);
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key: 'uploads/tus/gone', UploadId: aborted.UploadId }));
    await expect(client.send(new ListPartsCommand({ Bucket, Key: 'uploads/tus/gone', UploadId: aborted.UploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload' });
    await expect(client.send(new AbortMultipartUploadCommand({ Bucket, Key: 'uploads/tus/gone', UploadId: aborted.UploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload' });
    await expect(client.send(new ListPartsCommand({ Bucket, Key, UploadId: '../../x' }))).rejects.toMatchObject({ name: 'NoSuchUpload' });
  });

  // s3rver checks a V4 request's access key but not its signature (its authentication
  // middleware, which these calls go through too): an unknown key is refused
  it('checks the credentials as the rest of the server does', async () => {
    const Key = 'uploads/tus/signed';
    const { UploadId } = await started(Key, [1]);
    const stranger = new S3Client(s3ClientConfig({ ...bucket.settings, accessKey: 'NOT-A-KEY' }));
    try {
      await expect(stranger.send(new ListPartsCommand({ Bucket, Key, UploadId }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
      await expect(stranger.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    } finally {
      stranger.destroy();
    }
    expect((await client.send(new ListPartsCommand({ Bucket, Key, UploadId }))).Parts).toHaveLength(1);
  });
});
