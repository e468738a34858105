import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/storage/index.ts';
import { multipartCalls } from './s3Multipart.ts';
import { postPolicyCalls } from './s3PostPolicy.ts';

export interface TestBucket {
  settings: S3Settings;
  /** the server's own folder, to show what landed in the bucket and nowhere else */
  directory: string;
  close(): Promise<void>;
}

/** The bucket's CORS rules (docs/production.md "Object storage"): form POSTs from the control panel's origin only. */
export const corsRules = (origin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * An S3-compatible server for the object-storage paths (s3rver, from npm, with what it lacks:
 * the multipart calls of s3Multipart.ts and the POST policy checks of s3PostPolicy.ts): a fresh
 * bucket in a folder of its own, on a free port of this machine, with its default credentials;
 * `corsOrigin` gives it the CORS rules of corsRules.
 */
export async function startTestBucket(bucket = 'lp-test', options: { corsOrigin?: string } = {}): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-s3rver-'));
  const configs = options.corsOrigin ? [corsRules(options.corsOrigin)] : [];
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs }] });
  // after its XML encoder and host handling, before its routes (s3rver is a Koa application)
  const { middleware } = server as unknown as { middleware: unknown[] };
  middleware.splice(middleware.length - 1, 0, multipartCalls, postPolicyCalls);
  const { port } = await server.run() as { port: number };
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`, bucket, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1', forcePathStyle: true,
    },
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
