import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/storage/index.ts';

export interface TestBucket {
  settings: S3Settings;
  /** the server's own folder, to show what landed in the bucket and nowhere else */
  directory: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server for the object-storage paths (s3rver, from npm): a fresh bucket in
 * a folder of its own, on a free port of this machine, with its default credentials.
 */
export async function startTestBucket(bucket = 'lp-test'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
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
