import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

/**
 * Routes that speak another protocol than JSON request/answer, named here with the reason: the
 * reference cannot describe them by a schema. Every other /api route declares its answer.
 */
const PROTOCOL_ROUTES: Readonly<Record<string, string>> = {
  'GET /api/realtime': 'a WebSocket upgrade (docs/api.md "Realtime")',
  'GET /api/streaming/webrtc-session.json': 'the stream studio signalling socket (a WebSocket upgrade)',
  'POST /api/files/tus/': 'tus 1.0 upload creation: headers in and out',
  'POST /api/files/tus': 'tus 1.0 upload creation: headers in and out',
  'PATCH /api/files/tus/:id': 'tus 1.0 chunk: an octet stream in, headers out',
  'DELETE /api/files/tus/:id': 'tus 1.0 termination: headers only',
  'OPTIONS /api/files/tus/': 'tus 1.0 capabilities: headers only',
  'OPTIONS /api/files/tus': 'tus 1.0 capabilities: headers only',
  'OPTIONS /api/files/tus/:id': 'tus 1.0 capabilities: headers only',
};

interface Operation { responses?: Record<string, unknown>; parameters?: Array<{ in: string; name: string }>; tags?: string[]; security?: unknown[] }
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

const key = (method: string, url: string) => `${method} ${url}`;
const isReference = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('API reference (docs/api.md "Reference")', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json<OpenApi>();
  });
  afterAll(async () => { await t?.close(); });

  const apiRoutes = () => t.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !isReference(r.url));

  it('every /api route declares the answers it gives, and its path parameters', () => {
    const missing: string[] = [];
    for (const route of apiRoutes()) {
      const name = key(route.method, route.url);
      if (PROTOCOL_ROUTES[name]) continue;
      const response = route.schema?.response as Record<string, unknown> | undefined;
      if (!response || !Object.keys(response).some((code) => /^[23]/.test(code))) missing.push(`${name}: no success answer schema`);
      if (route.url.includes(':') && !route.schema?.params) missing.push(`${name}: no params schema`);
    }
    expect(missing).toEqual([]);
  });

  it('the document is OpenAPI 3.1 with one operation per route, tagged by area, with its security', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([url, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ url, method, op })));
    const documented = new Set(operations.map((o) => key(o.method.toUpperCase(), o.url)));
    const toOpenApi = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}').replace(/\*$/, '{*}');
    for (const route of apiRoutes().filter((r) => !PROTOCOL_ROUTES[key(r.method, r.url)])) {
      expect(documented.has(key(route.method, toOpenApi(route.url))), key(route.method, route.url)).toBe(true);
    }
    expect(operations.some((o) => isReference(o.url))).toBe(false);
    const tags = (url: string, method: string) => doc.paths[url]?.[method]?.tags;
    expect(tags('/api/admin_tags/tags/', 'get')).toEqual(['admin_tags']);
    // public routes need no token; the others name the bearer scheme
    expect(doc.paths['/api/o/token/']?.post?.security).toEqual([]);
    expect(doc.paths['/api/admin_tags/tags/']?.get?.security).toEqual([{ bearer: [] }]);
    const tagsList = doc.paths['/api/admin_tags/tags/']?.get;
    expect(Object.keys(tagsList?.responses ?? {})).toContain('200');
    expect(JSON.stringify(tagsList?.responses)).toContain('"results"');
  });

  it('serves Swagger UI with no inline script, under its own policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    for (const src of [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) {
      const asset = await t.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/assets/package.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/assets/..%2Fpackage.json' })).statusCode).toBe(404);
  });
});
