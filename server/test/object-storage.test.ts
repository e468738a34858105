import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PATHS, type FilePolicy } from '@lp/shared/contract';
import { editorImageDirectory } from '@lp/shared/rules';
import type { FastifyRequest } from 'fastify';
import { s3Storage } from '../src/storage/s3.ts';
import type { FileStorage } from '../src/storage/index.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { multipart, openMedia, pdf, png } from './mediaFixtures.ts';
import { startTestBucket, type TestBucket } from './s3Server.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';
/** What mediaUrls reads of a request: its scheme and host (as app.inject sends them). */
const fakeRequest = () => ({ protocol: 'http', hostname: 'localhost', port: null, host: 'localhost:80' }) as unknown as FastifyRequest;

/** DESIGN "Files and media" with S3_* set: every file through the bucket, nothing on the node's disk. */
describe.each(DIALECTS)('object storage on %s', (dialect) => {
  let bucket: TestBucket;
  let t: TestApp;
  let su: Tokens;
  let manager: Tokens;
  /** the bucket read by a client of its own, as a second node would */
  let other: FileStorage;

  beforeAll(async () => {
    bucket = await startTestBucket();
    other = s3Storage(bucket.settings);
    t = await buildTestApp(dialect, { s3: bucket.settings });
    su = await loginSuperuser(t.app);
    const c = await clientIds(t.app);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage'])).tokens;
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  const onDisk = (key: string) => fs.existsSync(path.join(t.config.dataDir, ...key.split('/')));

  it('stores an editor image in the bucket, serves it at /media/ and presigns it', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const asked = multipart({ filename: 'loja.png', file_directory: editorImageDirectory('trainings') });
    const res = await t.app.inject({ method: 'POST', url: `${API}${FILE_PATHS.policy}`, payload: asked.payload, headers: { ...asked.headers, ...bearer(manager) } });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<FilePolicy>();
    const bytes = png();
    const form = multipart({ key: p.key, policy: p.policy, signature: p.signature }, { field: 'file', name: 'loja.png', type: 'image/png', bytes });
    expect((await t.app.inject({ method: 'POST', url: p.host, payload: form.payload, headers: { ...form.headers, ...bearer(manager) } })).statusCode).toBe(204);
    const done = await t.app.inject({ method: 'POST', url: `${API}${FILE_PATHS.complete}`, headers: bearer(manager), payload: { uploaded: true, fileSize: bytes.length, file: p.file_id } });
    expect(done.statusCode, done.body).toBe(200);
    const { fileUrl } = done.json<{ fileUrl: string }>();

    // in the bucket, not on this node's disk
    expect((await other.get(p.key))?.equals(bytes)).toBe(true);
    expect(onDisk(p.key)).toBe(false);

    const served = await t.app.inject({ url: fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const ranged = await t.app.inject({ url: fileUrl, headers: { range: 'bytes=0-7' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(0, 8))).toBe(true);
    expect((await t.app.inject({ url: fileUrl, headers: { 'if-none-match': served.headers.etag as string } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: '/media/images/trainings/none/x.png' })).statusCode).toBe(404);

    // spec 2 §7.5 step 4: the store's own short-lived signed URL
    const presigned = await t.app.inject({ method: 'POST', url: `${API}${FILE_PATHS.presignedUrl}`, headers: bearer(manager), payload: { file_url: fileUrl } });
    expect(presigned.statusCode, presigned.body).toBe(200);
    const url = presigned.json<{ file_url: string }>().file_url;
    expect(url.startsWith(`${bucket.settings.endpoint}/${bucket.settings.bucket}/${p.key}?`)).toBe(true);
    expect(url).toMatch(/X-Amz-Expires=\d+/);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves restricted files and packages from the bucket by their signed URLs only', async () => {
    await other.put('media/library/abc123/guia.pdf', pdf());
    const signed = t.app.mediaUrls(fakeRequest())('library/abc123/guia.pdf');
    expect(signed).toContain('/api/files/media/');
    const file = await openMedia(t.app, signed);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf())).toBe(true);
    expect((await t.app.inject({ url: '/media/library/abc123/guia.pdf' })).statusCode).toBe(404);

    await other.put('media/packages/pkg1/index.html', Buffer.from('<!doctype html><html><head></head><body><h1>Aula</h1><script src="js/app.js"></script></body></html>'));
    await other.put('media/packages/pkg1/js/app.js', Buffer.from('console.log(1)'));
    const page = t.app.mediaUrls(fakeRequest())('packages/pkg1/index.html');
    expect(new URL(page).pathname.startsWith('/m/')).toBe(true);
    const html = await openMedia(t.app, page);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toMatch(/^sandbox /);
    expect(html.body).toContain('<h1>Aula</h1>');
    const script = await openMedia(t.app, page.replace(/index\.html$/, 'js/app.js'));
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(1)');
  });

  it('reports the bucket in readiness', async () => {
    const ready = await t.app.inject({ url: `${API}/health/ready` });
    expect(ready.json()).toMatchObject({ storage: 'ok' });
  });
});
