import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PATHS, type FilePolicy } from '@lp/shared/contract';
import { editorImageDirectory } from '@lp/shared/rules';
import type { FastifyRequest } from 'fastify';
import { mediaPath as storeMediaPath, mediaUrl, resourceOfUrl, safeFileName } from '../src/lib/mediaStore.ts';
import { signGrant, type MediaGrant } from '../src/lib/signedMedia.ts';
import { documentCsp } from '../src/contentOrigin/contentApp.ts';
import { DOCUMENT_CSP } from '../src/plugins/external/media.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens, INJECT_ORIGIN } from './helpers.ts';
import { gif, html, jpg, mediaPath, mp4, multipart, openMedia, png } from './mediaFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';

/** What mediaUrls reads of a request: its scheme and host (as app.inject sends them). */
const fakeRequest = (host = 'localhost:80') => ({ protocol: 'http', hostname: host.split(':')[0], port: Number(host.split(':')[1]) || null, host }) as unknown as FastifyRequest;

describe('media store helpers', () => {
  it('makes file names safe and URLs absolute, encoded per segment', () => {
    expect(safeFileName('Apresentação Final (v2).PDF')).toBe('Apresentacao_Final_v2.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('.htaccess')).toBe('htaccess');
    expect(safeFileName('???')).toBe('file');
    expect(mediaUrl('https://lp.example', 'packages/ab/my page.html')).toBe('https://lp.example/media/packages/ab/my%20page.html');
    expect(resourceOfUrl('https://lp.example', 'https://lp.example/media/packages/ab/my%20page.html')).toBe('packages/ab/my page.html');
    expect(resourceOfUrl('https://lp.example', 'https://evil.example/media/x')).toBeNull();
    // the root-relative form answers give for URLs a client keeps in a record
    expect(storeMediaPath('images/podcasts/a b.png')).toBe('/media/images/podcasts/a%20b.png');
    expect(resourceOfUrl('https://lp.example', '/media/images/podcasts/a%20b.png')).toBe('images/podcasts/a b.png');
    expect(resourceOfUrl('https://lp.example', '/api/media/x')).toBeNull();
  });
});

/** DESIGN "Files and media": /media/ served read-only; spec 2 §7.5 / §5.11 editor images. */
describe.each(DIALECTS)('media on %s', (dialect) => {
  let t: TestApp;
  let manager: Tokens;
  let webcaster: Tokens;
  let reader: Tokens;
  let trailManager: Tokens;
  let newsEditor: Tokens;
  let root: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    const c = await clientIds(t.app);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage'])).tokens;
    webcaster = (await adminWith(t.app, su, c.demo, ['webcasts', 'webcasts_manage'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    trailManager = (await adminWith(t.app, su, c.demo, ['trails', 'trails_manage'])).tokens;
    newsEditor = (await adminWith(t.app, su, c.demo, ['news'])).tokens;
    root = path.join(t.config.dataDir, 'media');
  });
  afterAll(async () => { await t.close(); });

  const put = (resource: string, bytes: Buffer | string) => {
    const file = path.join(root, resource);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  };

  describe('serving', () => {
    /** a signed URL on this origin for a stored resource, as an answer would give it */
    const signed = (resource: string) => t.app.mediaUrls(fakeRequest())(resource);

    it('serves restricted video by its signed URL, with byte ranges, its content type and nosniff', async () => {
      const video = Buffer.concat([mp4(), Buffer.alloc(4096, 7)]);
      put('trainings/1/modules/abc/aula.mp4', video);
      const url = mediaPath(signed('trainings/1/modules/abc/aula.mp4'));
      expect(url).toMatch(/^\/api\/files\/media\/[\w-]+\.[\w-]+\/aula\.mp4$/);
      const full = await t.app.inject({ url });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('video/mp4');
      expect(full.headers['x-content-type-options']).toBe('nosniff');
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(full.headers['content-disposition']).toBe('inline; filename="aula.mp4"');
      expect(Number(full.headers['content-length'])).toBe(video.length);

      const range = await t.app.inject({ url, headers: { range: 'bytes=4-11' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 4-11/${video.length}`);
      expect(range.rawPayload.equals(video.subarray(4, 12))).toBe(true);
      expect(range.headers['content-type']).toBe('video/mp4');

      const tail = await t.app.inject({ url, headers: { range: 'bytes=-4' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(video.subarray(video.length - 4))).toBe(true);
      const beyond = await t.app.inject({ url, headers: { range: `bytes=${video.length + 10}-` } });
      expect(beyond.statusCode).toBe(416);

      put('trainings/1/modules/abc/voz.mp3', Buffer.from('ID3xxxx'));
      expect((await t.app.inject({ url: mediaPath(signed('trainings/1/modules/abc/voz.mp3')) })).headers['content-type']).toBe('audio/mpeg');
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
    });

    it('never serves restricted media publicly, nor by a forged, altered, expired or widened grant', async () => {
      put('library/l1/guia.pdf', '%PDF-1.4');
      put('library/l2/outro.pdf', '%PDF-1.4 other');
      put('podcasts/audios/p1/ep.mp3', 'ID3');
      put('webcasts/3/materials/w1/slides.pdf', '%PDF-1.4');
      for (const resource of ['library/l1/guia.pdf', 'podcasts/audios/p1/ep.mp3', 'webcasts/3/materials/w1/slides.pdf',
        'trainings/1/modules/abc/aula.mp4', 'trainings/1/materials/m1/doc.pdf']) {
        put(resource, 'x');
        for (const url of [`/media/${resource}`, `/media/./${resource}`, `/media//${resource}`, `/media/${encodeURIComponent(resource)}`]) {
          expect((await t.app.inject({ url })).statusCode, url).toBe(404);
        }
      }
      const good = mediaPath(signed('library/l1/guia.pdf'));
      expect((await t.app.inject({ url: good })).statusCode).toBe(200);
      const [, , , , token, name] = good.split('/');
      const [payload, mac] = token!.split('.');
      const grant = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as MediaGrant;
      const forge = (g: MediaGrant) => `${Buffer.from(JSON.stringify(g)).toString('base64url')}.${mac}`;
      for (const url of [
        `/api/files/media/${payload}.${'A'.repeat(mac!.length)}/${name}`, // forged signature
        `/api/files/media/${forge({ ...grant, d: 'library/l2/' })}/outro.pdf`, // another file, same signature
        `/api/files/media/${forge({ ...grant, d: 'library/' })}/l2/outro.pdf`, // a wider folder
        `/api/files/media/${forge({ ...grant, e: grant.e + 3600 })}/${name}`, // a later expiry
        `/api/files/media/${signGrant(t.app.mediaSecret, { ...grant, e: Math.floor(Date.now() / 1000) - 1 })}/${name}`, // expired
        `/api/files/media/${token}/../l2/outro.pdf`, `/api/files/media/${token}/%2e%2e/l2/outro.pdf`, `/api/files/media/${token}/`,
        `/api/files/media/${token}`, `/api/files/media/x/${name}`,
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('PDF');
      }
    });

    it('gives HTML and SVG documents and packages the content origin, never this one', async () => {
      put('trainings/1/materials/m1/evil.html', html());
      put('trainings/1/materials/m1/evil.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
      put('packages/p1/index.html', html());
      for (const resource of ['trainings/1/materials/m1/evil.html', 'trainings/1/materials/m1/evil.svg', 'packages/p1/index.html']) {
        const url = signed(resource);
        expect(url, resource).toMatch(new RegExp(`^http://localhost:${t.config.contentPort}/m/`));
        // the same grant on this origin's signed route opens nothing
        expect((await t.app.inject({ url: `/api/files/media/${new URL(url).pathname.slice(3)}` })).statusCode, resource).toBe(404);
      }
      for (const file of ['evil.html', 'evil.svg']) {
        const res = await openMedia(t.app, signed(`trainings/1/materials/m1/${file}`));
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['content-security-policy'], file).toBe(documentCsp(`http://localhost http://localhost:${t.config.contentPort}`));
        expect(res.headers['set-cookie'], file).toBeUndefined();
      }
      // a PDF keeps its viewer: no sandbox on it
      put('trainings/1/materials/m1/doc.pdf', '%PDF-1.4');
      const doc = await t.app.inject({ url: mediaPath(signed('trainings/1/materials/m1/doc.pdf')) });
      expect(doc.headers['content-type']).toBe('application/pdf');
      expect(doc.headers['content-security-policy']).toBeUndefined();
    });

    it('serves public media (images, HLS) at /media/ as before, documents there inert', async () => {
      put('images/banners/b1/top.png', png());
      const image = await t.app.inject({ url: '/media/images/banners/b1/top.png' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['cache-control']).toBe('public, max-age=86400');
      expect(signed('images/banners/b1/top.png')).toBe(`${INJECT_ORIGIN}/media/images/banners/b1/top.png`);
      put('webcasts/3/live/abc/stream.m3u8', '#EXTM3U');
      const playlist = await t.app.inject({ url: '/media/webcasts/3/live/abc/stream.m3u8' });
      expect(playlist.headers['cache-control']).toBe('no-cache');
      put('images/x/y/page.html', html());
      expect((await t.app.inject({ url: '/media/images/x/y/page.html' })).headers['content-security-policy']).toBe(DOCUMENT_CSP);
    });

    it('lists nothing, hides dotfiles and never leaves the media root', async () => {
      put('.secret', 'x');
      fs.writeFileSync(path.join(t.config.dataDir, 'outside.txt'), 'outside');
      for (const url of ['/media/', '/media/packages/', '/media/.secret', '/media/../outside.txt', '/media/%2e%2e/outside.txt',
        '/media/..%2foutside.txt', '/media/nothing-here.mp4']) {
        const res = await t.app.inject({ url });
        expect([403, 404], url).toContain(res.statusCode);
        expect(res.body, url).not.toBe('outside');
        expect(res.body, url).not.toBe('x');
      }
      expect((await t.app.inject({ method: 'POST', url: '/media/images/banners/b1/top.png' })).statusCode).toBe(404);
    });
  });

  describe('editor images (§7.5)', () => {
    const policy = (fields: Record<string, string>, tokens: Tokens = manager) => {
      const body = multipart(fields);
      return t.app.inject({ method: 'POST', url: `${API}${FILE_PATHS.policy}`, payload: body.payload, headers: { ...body.headers, ...bearer(tokens) } });
    };
    const send = (p: FilePolicy, bytes: Buffer, name: string, type: string, tokens: Tokens = manager, overrides: Record<string, string> = {}) => {
      const body = multipart({ key: p.key, policy: p.policy, signature: p.signature, ...overrides }, { field: 'file', name, type, bytes });
      return t.app.inject({ method: 'POST', url: p.host, payload: body.payload, headers: { ...body.headers, ...bearer(tokens) } });
    };
    const complete = (body: Record<string, unknown>, tokens: Tokens = manager) =>
      t.app.inject({ method: 'POST', url: `${API}${FILE_PATHS.complete}`, headers: bearer(tokens), payload: body });
    const trainingsDir = editorImageDirectory('trainings');

    it('policy → form POST → complete answers the image URL, served from /media/', async () => {
      const res = await policy({ filename: 'Foto da Loja.PNG', file_directory: trainingsDir });
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json<FilePolicy>();
      expect(p).toMatchObject({ origin: 'object_store', filename: 'Foto_da_Loja.png', file_bucket_path: trainingsDir, max_size: 10 * 1024 * 1024 });
      expect(p.file_id).toMatch(/^[0-9a-f]{32}$/);
      expect(p.key).toBe(`${trainingsDir}${p.file_id}/Foto_da_Loja.png`);
      expect(p.host).toBe(`${API}${FILE_PATHS.upload(p.file_id)}`);
      expect(JSON.parse(Buffer.from(p.policy, 'base64').toString('utf8')).conditions[0]).toEqual({ key: p.key });

      const bytes = png();
      const uploaded = await send(p, bytes, 'Foto da Loja.PNG', 'image/png');
      expect(uploaded.statusCode, uploaded.body).toBe(204);
      // one upload per policy
      expect((await send(p, bytes, 'again.png', 'image/png')).json().code).toBe('upload_not_found');

      expect((await complete({ uploaded: true, fileSize: bytes.length + 1, file: p.file_id })).json().fields).toEqual({ fileSize: 'validation_error' });
      const done = await complete({ uploaded: true, fileSize: bytes.length, file: p.file_id, not_signed: true, bucket_name: 'static' });
      expect(done.statusCode, done.body).toBe(200);
      const { fileUrl } = done.json();
      // root-relative: it is kept in the HTML and must work on every host the server answers to
      expect(fileUrl).toBe(`/${p.key}`);
      const served = await t.app.inject({ url: fileUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(bytes)).toBe(true);
      // complete is idempotent for the same image
      expect((await complete({ uploaded: 'true', fileSize: String(bytes.length), file: p.file_id })).json()).toEqual({ fileUrl });
    });

    it('takes .jpg and .gif in the editors and .jpeg for the training image', async () => {
      for (const [dir, name, bytes, type] of [
        [trainingsDir, 'a.jpg', jpg(), 'image/jpeg'],
        [trainingsDir, 'b.gif', gif(), 'image/gif'],
        [editorImageDirectory('training_images'), 'capa.jpeg', jpg(), 'image/jpeg'],
      ] as const) {
        const p = (await policy({ filename: name, file_directory: dir })).json<FilePolicy>();
        expect((await send(p, bytes, name, type)).statusCode, name).toBe(204);
        expect((await complete({ uploaded: true, fileSize: bytes.length, file: p.file_id })).statusCode, name).toBe(200);
      }
    });

    it('refuses other directories, other formats and content that is not the image it claims (§5.11)', async () => {
      for (const dir of ['media/html_images/trainings/2026/13/', 'media/html_images/faq/2026/01/', 'media/html_images/trainings/../../x/2026/01/', 'uploads/tus/']) {
        const res = await policy({ filename: 'a.png', file_directory: dir });
        expect(res.json(), dir).toMatchObject({ code: 'invalid_file_directory', fields: { file_directory: 'invalid_file_directory' } });
      }
      for (const name of ['a.svg', 'a.jpeg', 'a.html', 'png']) {
        expect((await policy({ filename: name, file_directory: trainingsDir })).json(), name).toMatchObject({ code: 'invalid_file_type' });
      }
      const p = (await policy({ filename: 'fake.png', file_directory: trainingsDir })).json<FilePolicy>();
      const fake = await send(p, Buffer.from('<svg onload="alert(1)"/>'), 'fake.png', 'image/png');
      expect(fake.statusCode).toBe(400);
      expect(fake.json()).toMatchObject({ code: 'invalid_file_type' });
      // a refused post leaves the policy usable
      expect((await send(p, png(), 'fake.png', 'image/png')).statusCode).toBe(204);
    });

    it('refuses an image over 10 MB with the image key', async () => {
      const p = (await policy({ filename: 'big.png', file_directory: trainingsDir })).json<FilePolicy>();
      const res = await send(p, Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]), 'big.png', 'image/png');
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('editor_image_too_large');
    });

    it('only the policy\'s user with its signature, and only with the area\'s manage permission', async () => {
      const p = (await policy({ filename: 'a.png', file_directory: trainingsDir })).json<FilePolicy>();
      expect((await send(p, png(), 'a.png', 'image/png', manager, { signature: 'forged' })).statusCode).toBe(403);
      expect((await send(p, png(), 'a.png', 'image/png', manager, { key: `${trainingsDir}other/a.png` })).statusCode).toBe(403);
      expect((await send(p, png(), 'a.png', 'image/png', webcaster)).json().code).toBe('upload_not_found');
      expect((await complete({ uploaded: true, fileSize: 1, file: p.file_id }, webcaster)).json().code).toBe('upload_not_found');
      expect((await t.app.inject({ method: 'POST', url: p.host })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: `${API}${FILE_PATHS.policy}`, payload: { filename: 'a.png', file_directory: trainingsDir } })).statusCode).toBe(401);

      expect((await policy({ filename: 'a.png', file_directory: trainingsDir }, reader)).statusCode).toBe(403);
      expect((await policy({ filename: 'a.png', file_directory: trainingsDir }, webcaster)).statusCode).toBe(403);
      expect((await policy({ filename: 'a.png', file_directory: editorImageDirectory('webcasts') }, webcaster)).statusCode).toBe(200);
      expect((await policy({ filename: 'a.png', file_directory: editorImageDirectory('webcasts') }, manager)).statusCode).toBe(403);
      // the trail image: trails_manage, not trainings_manage
      const trailsDir = editorImageDirectory('trail_images');
      expect((await policy({ filename: 'a.jpeg', file_directory: trailsDir }, trailManager)).statusCode).toBe(200);
      expect((await policy({ filename: 'a.jpeg', file_directory: trailsDir }, manager)).statusCode).toBe(403);
      expect((await policy({ filename: 'a.png', file_directory: trainingsDir }, trailManager)).statusCode).toBe(403);
      // spec 3 §7 news editor images (and the news image): the news permission, nothing else
      for (const dir of [editorImageDirectory('news'), editorImageDirectory('news_images')]) {
        expect((await policy({ filename: 'a.png', file_directory: dir }, newsEditor)).statusCode, dir).toBe(200);
        expect((await policy({ filename: 'a.png', file_directory: dir }, manager)).statusCode, dir).toBe(403);
      }
      expect((await policy({ filename: 'a.png', file_directory: trainingsDir }, newsEditor)).statusCode).toBe(403);
      expect((await policy({ filename: 'a.svg', file_directory: editorImageDirectory('news') }, newsEditor)).json().code).toBe('invalid_file_type');
    });

    it('forgets an image the admin gave up on', async () => {
      const p = (await policy({ filename: 'a.png', file_directory: trainingsDir })).json<FilePolicy>();
      expect((await send(p, png(), 'a.png', 'image/png')).statusCode).toBe(204);
      const stored = path.join(root, p.key.replace(/^media\//, ''));
      expect(fs.existsSync(stored)).toBe(true);
      expect((await complete({ uploaded: false, fileSize: 0, file: p.file_id })).statusCode).toBe(400);
      expect(fs.existsSync(stored)).toBe(false);
      expect((await complete({ uploaded: true, fileSize: png().length, file: p.file_id })).json().code).toBe('upload_not_found');
    });
  });
});
