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
const ADMIN_ORIGIN = 'http://admin.example.test:3000';
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
    bucket = await startTestBucket('lp-test', { corsOrigin: ADMIN_ORIGIN });
    other = s3Storage(bucket.settings);
    t = await buildTestApp(dialect, { s3: bucket.settings, publicUrl: ADMIN_ORIGIN }, (app) => {
      // the pages' headers (the built apps are not served in tests)
      for (const url of ['/admin/', '/']) app.get(url, (_req, reply) => reply.type('text/html').send('<!doctype html><title>x</title>'));
    });
    su = await loginSuperuser(t.app);
    const c = await clientIds(t.app);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage'])).tokens;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  const onDisk = (key: string) => fs.existsSync(path.join(t.config.dataDir, ...key.split('/')));

  const askPolicy = async (filename: string) => {
    const asked = multipart({ filename, file_directory: editorImageDirectory('trainings') });
    const res = await t.app.inject({ method: 'POST', url: `${API}${FILE_PATHS.policy}`, payload: asked.payload, headers: { ...asked.headers, ...bearer(manager) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FilePolicy>();
  };
  /** spec 2 §7.5 step 2 as the control panel sends it: the signed fields, then the file, to the bucket with the page's origin */
  const postToBucket = (p: FilePolicy, bytes: Buffer, change: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...p.fields, ...change })) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), p.filename);
    return fetch(p.host, { method: 'POST', body: form, headers: { origin: ADMIN_ORIGIN } });
  };
  const complete = (p: FilePolicy, fileSize: number, uploaded = true) =>
    t.app.inject({ method: 'POST', url: `${API}${FILE_PATHS.complete}`, headers: bearer(manager), payload: { uploaded, fileSize, file: p.file_id } });

  it('stores an editor image in the bucket, serves it at /media/ and presigns it', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const p = await askPolicy('loja.png');
    // a signed S3 form POST to the bucket, not our route (spec 2 §7.5 "object store")
    expect(p.host).toBe(`${bucket.settings.endpoint}/${bucket.settings.bucket}`);
    expect(p.fields).toMatchObject({ key: p.key, 'Content-Type': 'image/png', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', Policy: p.policy, 'X-Amz-Signature': p.signature });
    const policy = JSON.parse(Buffer.from(p.policy, 'base64').toString()) as { expiration: string; conditions: unknown[] };
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(policy.conditions).toEqual(expect.arrayContaining([
      ['content-length-range', 1, 10 * 1024 * 1024], ['eq', '$Content-Type', 'image/png'], { key: p.key }, { bucket: bucket.settings.bucket },
    ]));
    const bytes = png();
    const posted = await postToBucket(p, bytes);
    expect(posted.status, await posted.clone().text()).toBe(204);
    // the bucket's CORS lets the control panel read the answer
    expect(posted.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    const done = await complete(p, bytes.length);
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

  it('refuses an image the policy does not allow at the bucket, and one that is not what its name says at complete', async () => {
    const p = await askPolicy('capa.png');
    // the bucket holds the form to the policy: the type, the key, the 10 MB limit
    expect((await postToBucket(p, png(), { 'Content-Type': 'text/html' })).status).toBe(403);
    expect((await postToBucket(p, png(), { key: `${p.key}.html` })).status).toBe(403);
    const large = await postToBucket(p, Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]));
    expect(large.status).toBe(400);
    expect(await large.text()).toContain('EntityTooLarge');
    expect(await other.stat(p.key)).toBeNull();
    expect((await complete(p, png().length)).json()).toMatchObject({ code: 'upload_not_found' });

    // within the policy but not a PNG by its content (spec 2 §5.11): refused and removed
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await postToBucket(p, fake)).status).toBe(204);
    const refused = await complete(p, fake.length);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_file_type' });
    expect(await other.stat(p.key)).toBeNull();
    expect((await complete(p, fake.length)).json()).toMatchObject({ code: 'upload_not_found' });

    // the admin giving up: what reached the bucket goes
    const dropped = await askPolicy('solta.png');
    expect((await postToBucket(dropped, png())).status).toBe(204);
    expect((await complete(dropped, png().length, false)).statusCode).toBe(400);
    expect(await other.stat(dropped.key)).toBeNull();
  });

  it('names the bucket in the control panel\'s CSP only', async () => {
    const directives = (header: unknown) => new Map(String(header).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    const admin = directives((await t.app.inject('/admin/')).headers['content-security-policy']);
    expect(admin.get('connect-src')).toContain(bucket.settings.endpoint);
    expect(admin.get('form-action')).toEqual(["'self'", bucket.settings.endpoint]);
    const portal = directives((await t.app.inject('/')).headers['content-security-policy']);
    expect(portal.get('connect-src')).not.toContain(bucket.settings.endpoint);
    expect(portal.get('form-action')).toEqual(["'self'"]);
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
