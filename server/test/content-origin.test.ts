import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_PATHS, MODULE_PATHS } from '@lp/shared/contract';
import { PACKAGE_FRAME_SANDBOX } from '@lp/shared/rules';
import { packageBridgePath, runtimePath } from '../src/contentOrigin/contentApp.ts';
import { signGrant, verifyGrant } from '../src/lib/signedMedia.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { MODULE_TYPE, makeLearner, makeModule, makeTraining, type Learner } from './learnerContentFixtures.ts';
import { clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const HOSTILE = '<!doctype html><html><head><meta charset="utf-8"><title>x</title><script>steal(localStorage)</script></head><body>hi</body></html>';

/**
 * docs/security.md "Uploaded content": packages and user documents only on the content
 * origin — a second server with its own port (or CONTENT_ORIGIN) — sandboxed, framed by the app
 * origin only, cookieless; the SCORM runtime injected into a learner's pages with their CMI.
 */
describe.each(DIALECTS)('content origin on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let learner: Learner;
  let training: number;
  let scormModule: number;
  let htmlModule: number;

  const put = (resource: string, bytes: string) => {
    const file = path.join(t.config.dataDir, 'media', resource);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  };
  /** a URL of the content origin, opened on its server with the Host the browser would send */
  const content = (url: string, headers: Record<string, string> = {}) => {
    const parsed = new URL(url);
    return t.app.content.inject({ url: parsed.pathname, headers: { host: parsed.host, ...headers } });
  };
  const scorm = (method: 'GET' | 'PUT', body?: object, host?: string) => t.app.inject({
    method, url: `${API}${LEARNER_PATHS.scorm(training, scormModule)}`,
    headers: { ...bearer(learner.tokens), ...(host ? { host } : {}) }, ...(body ? { payload: body } : {}),
  });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    const group = (await t.app.db.selectFrom('user_groups').select('id').where('client_id', '=', c.demo).executeTakeFirstOrThrow()).id;
    learner = await makeLearner(t.app, su, c.demo, { groups: [group] });
    training = await makeTraining(t.app, { clientId: c.demo, title: 'Pacotes', groups: [group] });
    const now = new Date();
    for (const [id, kind, version] of [[`s-${dialect}`, 'scorm_package', '1.2'], [`h-${dialect}`, 'html_package', null]] as const) {
      await t.app.db.insertInto('media_objects').values({
        id, client_id: c.demo, resource: `packages/${id}/index.html`, source: `trainings/${training}/modules/${id}/p.zip`, kind, scorm_version: version,
        file_name: 'p.zip', extension: 'zip', size: 100, created_by: null, created_at: now,
      }).execute();
      put(`packages/${id}/index.html`, HOSTILE);
      put(`packages/${id}/data/course.json`, '{"pages":3}');
    }
    scormModule = await makeModule(t.app, training, { type: MODULE_TYPE.scorm, resource: `packages/s-${dialect}/index.html` });
    htmlModule = await makeModule(t.app, training, { type: MODULE_TYPE.html, resource: `packages/h-${dialect}/index.html` });
  });
  afterAll(async () => { await t.close(); });

  it('launches a SCORM package on the content origin with the runtime injected before the package\'s own scripts', async () => {
    // the portal reports the package opened when its runtime starts, then saves what it commits
    const opened = await t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.moduleProgress(training, scormModule)}`, headers: bearer(learner.tokens), payload: { event: 'opened' } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await scorm('PUT', { cmi: { core: { lesson_location: 'p7', exit: 'suspend', lesson_status: 'incomplete' }, suspend_data: 'abc' } })).statusCode).toBe(200);
    const { launch_url: url } = (await scorm('GET')).json<{ launch_url: string }>();
    expect(new URL(url).origin).toBe(`http://localhost:${t.config.contentPort}`);
    const page = await content(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // a sandbox without allow-same-origin, framed only by the app origin that asked (and the package's own frames)
    expect(page.headers['content-security-policy']).toBe(`sandbox ${PACKAGE_FRAME_SANDBOX}; frame-ancestors http://localhost http://localhost:${t.config.contentPort}`);
    expect(page.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['set-cookie']).toBeUndefined();
    const token = new URL(url).pathname.split('/')[2]!;
    const injected = `<script src="${runtimePath('1.2')}"></script><script src="/__lp/launch/${token}.js"></script>`;
    expect(page.body).toBe(HOSTILE.replace('<head>', `<head>${injected}`));
    expect(page.body.indexOf(injected)).toBeLessThan(page.body.indexOf('steal('));

    const runtime = await content(`http://localhost:${t.config.contentPort}${runtimePath('1.2')}`);
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(runtime.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(runtime.body).toContain('Scorm12API');

    // the learner's runtime: their stored CMI, resumed ("resume" after a suspend), posted to the app origin only
    const launch = await content(`http://localhost:${t.config.contentPort}/__lp/launch/${token}.js`);
    expect(launch.statusCode).toBe(200);
    expect(launch.headers['cache-control']).toBe('no-store');
    expect(launch.body).toContain('function lpScormBridge(launch)');
    const data = JSON.parse(/lpScormBridge\((\{.*\})\);\s*$/s.exec(launch.body)![1]!);
    expect(data).toEqual({ version: '1.2', parent: 'http://localhost', cmi: { core: { lesson_location: 'p7', lesson_status: 'incomplete', entry: 'resume' }, suspend_data: 'abc' } });
  });

  it('follows the host the portal was opened from; CONTENT_ORIGIN overrides it', async () => {
    const { launch_url: url } = (await scorm('GET', undefined, '127.0.0.1:3000')).json<{ launch_url: string }>();
    expect(new URL(url).origin).toBe(`http://127.0.0.1:${t.config.contentPort}`);
    expect(verifyGrant(t.app.mediaSecret, new URL(url).pathname.split('/')[2]!)?.o).toBe('http://127.0.0.1:3000');
    const page = await content(url);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors http://127.0.0.1:3000 http://127.0.0.1:${t.config.contentPort}`);
    // junk in Host falls back to PUBLIC_URL's host
    const junk = (await scorm('GET', undefined, 'evil"host')).json<{ launch_url: string }>();
    expect(new URL(junk.launch_url).origin).toBe(`http://localhost:${t.config.contentPort}`);

    const configured = await buildTestApp('sqlite', { contentOrigin: 'https://content.example.net' });
    try {
      const request = { protocol: 'http', hostname: '127.0.0.1', host: '127.0.0.1:3000', port: 3000 };
      const url2 = configured.app.scormLaunchUrl(request as never, 'packages/x/index.html', { u: 1, t: 1, m: 1, v: '2004' });
      expect(url2).toMatch(/^https:\/\/content\.example\.net\/m\/[\w-]+\.[\w-]+\/index\.html$/);
    } finally {
      await configured.close();
    }
  });

  it('serves an HTML package with only its bridge to the portal added, its files to its own opaque-origin page (CORS *), read-only', async () => {
    const modules = await t.app.inject({ url: `${API}${MODULE_PATHS.collection(training)}?page_size=0`, headers: bearer(su) });
    expect(modules.statusCode, modules.body).toBe(200);
    const html = modules.json<{ results: Array<{ id: number; resource_url: string }> }>().results.find((m) => m.id === htmlModule)!;
    expect(html.resource_url).toMatch(new RegExp(`^http://localhost:${t.config.contentPort}/m/`));
    const page = await content(html.resource_url);
    // the bridge tells the portal that framed it the package is shown, and lets it say it is done (docs/api.md "Honest completion")
    expect(page.body).toBe(HOSTILE.replace('<head>', `<head><script src="${packageBridgePath}" data-parent="http://localhost"></script>`));
    const bridge = await content(`http://localhost:${t.config.contentPort}${packageBridgePath}`);
    expect(bridge.statusCode).toBe(200);
    expect(bridge.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bridge.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bridge.body).toContain("type: 'lp-package'");
    expect(page.headers['content-security-policy']).toBe(`sandbox ${PACKAGE_FRAME_SANDBOX}; frame-ancestors http://localhost http://localhost:${t.config.contentPort}`);
    expect(page.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const json = await content(html.resource_url.replace(/index\.html$/, 'data/course.json'));
    expect(json.statusCode).toBe(200);
    expect(json.headers['access-control-allow-origin']).toBe('*');
    expect(json.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(json.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(json.body).toBe('{"pages":3}');
    expect((await t.app.content.inject({ method: 'POST', url: new URL(html.resource_url).pathname })).statusCode).toBe(405);
    // the launch script needs a SCORM launch grant, not a package link
    const token = new URL(html.resource_url).pathname.split('/')[2]!;
    expect((await content(`http://localhost:${t.config.contentPort}/__lp/launch/${token}.js`)).statusCode).toBe(404);
  });

  it('refuses forged, expired and wandering grants, and serves nothing else', async () => {
    const { launch_url: url } = (await scorm('GET')).json<{ launch_url: string }>();
    const token = new URL(url).pathname.split('/')[2]!;
    const expired = signGrant(t.app.mediaSecret, { d: `packages/s-${dialect}/`, e: Math.floor(Date.now() / 1000) - 1 });
    const origin = `http://localhost:${t.config.contentPort}`;
    for (const bad of [
      `/m/${token.slice(0, -2)}xx/index.html`, `/m/${expired}/index.html`, `/m/${token}/../h-${dialect}/index.html`,
      `/m/${token}/%2e%2e/h-${dialect}/index.html`, `/m/${token}/`, `/m/${token}`, '/', '/api/users/session/', '/media/packages/x/index.html',
      `/__lp/launch/${expired}.js`, '/__lp/scorm-again-0.0.0/scorm12.min.js',
    ]) {
      const res = await content(`${origin}${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.body, bad).not.toContain('steal(');
    }
  });

  it('the app origin serves no package document, under any path', async () => {
    const { launch_url: url } = (await scorm('GET')).json<{ launch_url: string }>();
    const pathname = new URL(url).pathname;
    for (const candidate of [pathname, `/media/packages/s-${dialect}/index.html`, `/api/files/media${pathname.slice(2)}`]) {
      const res = await t.app.inject({ url: candidate });
      expect(res.statusCode, candidate).toBe(404);
      expect(res.body, candidate).not.toContain('steal(');
    }
  });
});
