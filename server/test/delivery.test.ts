import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAININGS_PATH } from '@lp/shared/contract';
import appPlugin from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO } from '../src/seed/demo.ts';
import { bearer, buildTestApp, login, type TestApp } from './helpers.ts';

/**
 * Delivery to real devices: compressed answers, hashed assets cached for good and sent as the
 * build compressed them, pages revalidated, ranges never compressed. The content is
 * dialect-independent, so SQLite only.
 */
describe('delivery', () => {
  const script = `export const greeting = ${JSON.stringify('olá '.repeat(2000))};\n`;
  const page = `<!doctype html><html><head><title>Learning</title><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>portal</p>'.repeat(200)}</body></html>`;
  let root: string;
  let dataDir: string;
  let app: FastifyInstance;
  let t: TestApp;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-static-'));
    for (const site of ['portal', 'admin']) {
      const dist = path.join(root, site, 'dist');
      fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'index.html'), page);
      fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
      // what vite-plugin-compression2 writes beside each asset at build time
      fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
      fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(script));
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-delivery-'));
    const playlist = path.join(dataDir, 'media', 'webcasts', '1', 'live', 'index.m3u8');
    fs.mkdirSync(path.dirname(playlist), { recursive: true });
    fs.writeFileSync(playlist, `#EXTM3U\n${'#EXTINF:1.0,\nsegment.ts\n'.repeat(200)}`);
    fs.writeFileSync(path.join(path.dirname(playlist), 'segment.ts'), Buffer.alloc(4096, 0x47));
    app = Fastify({ logger: false, pluginTimeout: 60_000 });
    await app.register(appPlugin, { config: loadConfig({}, { dataDir, staticRoot: root, scryptLogN: 10, logLevel: 'silent', importWorker: 'inline' }) });
    await app.ready();
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('hashed assets: immutable for a year, sent as the build compressed them (brotli, else gzip)', async () => {
    for (const base of ['/', '/admin/']) {
      const br = await app.inject({ url: `${base}assets/index-abc123.js`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await app.inject({ url: `${base}assets/index-abc123.js`, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await app.inject({ url: `${base}assets/index-abc123.js` });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }
  });

  it('pages: revalidated on every visit (no-cache), compressed', async () => {
    for (const url of ['/', '/courses/3', '/admin/', '/admin/trainings/1']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
  });

  it('a missing file is a 404 in either app, not the page (a favicon, an old chunk)', async () => {
    for (const url of ['/admin/favicon.ico', '/admin/assets/index-gone999.js', '/favicon.ico', '/assets/index-gone999.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/html/);
    }
  });

  it('API answers are compressed for a client that accepts it', async () => {
    const tokens = await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    const url = `/api${TRAININGS_PATH}?page_size=100`;
    const plain = await t.app.inject({ url, headers: bearer(tokens) });
    expect(plain.body.length).toBeGreaterThan(1024);
    const res = await t.app.inject({ url, headers: { ...bearer(tokens), 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('media: a playlist is compressed whole, never a range of it (Content-Range counts plain bytes); video is not compressed', async () => {
    const url = '/media/webcasts/1/live/index.m3u8';
    const whole = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding'], JSON.stringify(whole.headers)).toBe('gzip');
    const part = await app.inject({ url, headers: { 'accept-encoding': 'gzip', range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.length).toBe(100);
    const video = await app.inject({ url: '/media/webcasts/1/live/segment.ts', headers: { 'accept-encoding': 'gzip, br' } });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-encoding']).toBeUndefined();
  });

  it('a compressed request body is not inflated', async () => {
    const body = zlib.gzipSync(JSON.stringify({ grant_type: 'password' }));
    const res = await t.app.inject({
      method: 'POST', url: '/api/o/token/', payload: body,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
