import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import appPlugin from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO } from '../src/seed/demo.ts';
import { GAME_PREVIEW_PATH } from '@lp/shared/contract';
import { permissionsPolicy } from '../src/plugins/app/securityHeaders.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';

const PAGE = '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>';

/** The CSP of an answer as a map of directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

/**
 * docs/security.md "Headers": the app pages (portal at /, control panel at /admin/),
 * the API and the content origin, each with its own policy (@fastify/helmet).
 */
describe.each(DIALECTS)('security headers on %s', (dialect) => {
  let t: TestApp;
  let tokens: Tokens;
  beforeAll(async () => {
    // the two apps' index.html stand in for the built ones (the static plugin needs their builds)
    t = await buildTestApp(dialect, {}, (app) => {
      app.get('/', (_req, reply) => reply.type('text/html').send(PAGE));
      app.get('/courses/7', (_req, reply) => reply.type('text/html').send(PAGE));
      app.get('/admin/', (_req, reply) => reply.type('text/html').send(PAGE));
      app.get(GAME_PREVIEW_PATH, (_req, reply) => reply.type('text/html').send(PAGE));
      app.get(`${GAME_PREVIEW_PATH}/x`, (_req, reply) => reply.type('text/html').send(PAGE));
    });
    tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
  });
  afterAll(async () => { await t.close(); });

  it('portal and admin pages: a strict CSP, no framing, nosniff, a referrer policy, their permissions', async () => {
    for (const url of ['/', '/courses/7', '/admin/']) {
      const res = await t.app.inject({ url, headers: { host: '127.0.0.1:3000' } });
      expect(res.statusCode, url).toBe(200);
      const policy = csp(res.headers['content-security-policy']);
      // no inline script, no eval, no script from anywhere else — but the portal's Jitsi IFrame API (live class rooms)
      expect(policy.get('script-src'), url).toEqual(url === '/admin/' ? ["'self'"] : ["'self'", `https://${t.config.jitsiDomain}`]);
      expect(policy.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'self'", t.config.publicUrl]);
      expect(policy.get('base-uri'), url).toEqual(["'self'"]);
      expect(policy.get('form-action'), url).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      // frames: the content origin of the host the page was opened from, and https embeds
      // the control panel also frames the portal's game preview (its own origin)
      expect(policy.get('frame-src'), url).toEqual([...(url === '/admin/' ? ["'self'"] : []), `http://127.0.0.1:${t.config.contentPort}`, 'https:']);
      expect(policy.get('connect-src'), url).toEqual(["'self'", t.config.publicUrl, t.config.publicUrl.replace(/^http/, 'ws')]);
      expect(policy.has('upgrade-insecure-requests'), url).toBe(false);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // plain http: no HSTS (it would lock a plain-http install out)
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const portalPolicy = permissionsPolicy('portal', t.config);
    expect((await t.app.inject('/')).headers['permissions-policy']).toBe(portalPolicy);
    // spec 3 §2: the game editor frames the preview page — this origin only, and nothing else may be framed
    const preview = await t.app.inject({ url: GAME_PREVIEW_PATH, headers: { host: '127.0.0.1:3000' } });
    expect(csp(preview.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(csp(preview.headers['content-security-policy']).get('frame-src')).toEqual([`http://127.0.0.1:${t.config.contentPort}`, 'https:']);
    expect(csp(preview.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    expect(preview.headers['permissions-policy']).toBe(portalPolicy);
    const lookalike = await t.app.inject({ url: `${GAME_PREVIEW_PATH}/x`, headers: { host: '127.0.0.1:3000' } });
    expect(lookalike.headers['x-frame-options']).toBe('DENY');
    // the portal captures nothing itself: only the Jitsi server's frame of a live class room may use the camera and the microphone
    expect(portalPolicy).toContain(`camera=("https://${t.config.jitsiDomain}")`);
    expect(portalPolicy).toContain(`microphone=("https://${t.config.jitsiDomain}")`);
    expect(portalPolicy).not.toMatch(/(camera|microphone|display-capture)=\(self\)/);
    // spec 3 §1: the field-sales check-in records the position, on the portal's own pages only
    expect(portalPolicy).toContain('geolocation=(self)');
    // the control panel's stream studio publishes from the camera and the microphone
    const adminPolicy = permissionsPolicy('admin', t.config);
    expect((await t.app.inject('/admin/')).headers['permissions-policy']).toBe(adminPolicy);
    expect(adminPolicy).toContain('camera=(self)');
    expect(adminPolicy).toContain('microphone=(self)');
    expect(adminPolicy).toContain('geolocation=()');
  });

  it('API answers: nothing to run or frame, and no-store when they carry a session', async () => {
    for (const [url, headers] of [['/api/users/session/', bearer(tokens)], ['/api/login_params/', {}], ['/api/nothing-here/', {}]] as const) {
      const res = await t.app.inject({ url, headers });
      expect(csp(res.headers['content-security-policy']).get('default-src'), url).toEqual(["'none'"]);
      expect(csp(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['permissions-policy'], url).toBeUndefined();
    }
  });

  it('HSTS only over https', async () => {
    // a server behind a TLS-terminating proxy it trusts: the request's protocol is https
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-headers-'));
    const app = Fastify({ logger: false, trustProxy: true, pluginTimeout: 60_000 });
    try {
      await app.register(appPlugin, { config: loadConfig({}, { dataDir, scryptLogN: 10, staticRoot: null, logLevel: 'silent', importWorker: 'inline' }), serveStatic: false });
      app.get('/', (_req, reply) => reply.type('text/html').send(PAGE));
      await app.ready();
      const secure = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(secure.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
      const api = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await app.inject('/')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the content origin: documents sandboxed, the rest inert, no cookies, no referrer', async () => {
    const res = await t.app.content.inject({ url: '/anything', headers: { host: `127.0.0.1:${t.config.contentPort}` } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    // package documents: content-origin.test.ts
  });
});
