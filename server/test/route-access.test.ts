import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';

/**
 * docs/architecture/routes.md "Access": every /api route declares who may call it, and the
 * check runs before the body is parsed or validated. A new public route is a conscious
 * decision: it has to be added here.
 */
const PUBLIC_ROUTES: Record<string, 'public' | 'optional'> = {
  // liveness and readiness for proxies and supervisors (docs/production.md "Health")
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/health/live': 'public',
  // the API reference: the front ends' bundles name the same routes (docs/api.md "Reference")
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/init.js': 'public',
  'GET /api/docs/openapi.json': 'public',
  'GET /api/docs/assets/:file': 'public',
  'GET /api/login_params/': 'public',
  'POST /api/o/token/': 'public',
  'POST /api/o/revoke_token/': 'public',
  'POST /api/users/recover_password/': 'public',
  'POST /api/users/recover_password/check/': 'public',
  'POST /api/users/set_new_password/': 'public',
  'POST /api/users/register/': 'public',
  'POST /api/users/register/verify/': 'public',
  'POST /api/users/pre_register/': 'public',
  'POST /api/users/recover_password/sms/': 'public',
  'GET /api/auth/partners/:partner/authorize/': 'public',
  'GET /api/captcha/challenge/': 'public',
  'POST /api/users/recover_password/sms/confirm/': 'public',
  'GET /api/legal_texts/:kind/': 'public',
  'POST /api/help_requests/': 'public',
  'GET /api/public/faq/': 'public',
  'POST /api/public/faq/questions/': 'public',
  'GET /api/certificates/verify/:code/': 'public',
  // the signature in the path is the credential (docs/security.md "Signed media")
  'GET /api/files/media/*': 'public',
  // the e-mailed link's token is the credential; a session sent along must be the requester's
  'GET /api/files/reports/:token/': 'optional',
  // sockets: a ticket (realtime) or the stream name (signalling) is the credential
  'GET /api/realtime': 'public',
  'GET /api/streaming/webrtc-session.json': 'public',
  // WHEP playback (RFC 9725): the signed grant in the path, given while live to those who may watch, is the credential
  'POST /api/streaming/whep/:webcast/:grant': 'public',
  'DELETE /api/streaming/whep/:webcast/:grant/:viewerId': 'public',
  // tus preflight (the upload itself needs a session)
  'OPTIONS /api/files/tus/': 'public',
  'OPTIONS /api/files/tus': 'public',
  'OPTIONS /api/files/tus/:id': 'public',
};

/** Path parameters that would fail validation (or match nothing): only the access check may answer. */
const garbageUrl = (url: string) => url.replace(/:\w+/g, 'not-an-id').replace(/\*$/, 'x');

describe('route access (sqlite)', () => {
  let t: TestApp;
  let learner: Tokens;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
  });
  afterAll(async () => { await t.close(); });

  const apiRoutes = () => {
    const seen = new Set<string>();
    return t.routes
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
      .filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
  };
  /** invalid JSON: parsing it before the access check would answer 400 */
  const call = (route: { method: string; url: string }, tokens?: Tokens) => t.app.inject({
    method: route.method as 'POST',
    url: garbageUrl(route.url),
    headers: { ...(tokens ? bearer(tokens) : {}), ...(route.method === 'GET' || route.method === 'OPTIONS' ? {} : { 'content-type': 'application/json' }) },
    ...(route.method === 'GET' || route.method === 'OPTIONS' ? {} : { payload: '{"not json' }),
  });

  it('finds every route and its declaration', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(250);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('has exactly the allowed public routes', () => {
    const open = Object.fromEntries(apiRoutes()
      .filter((r) => r.access === 'public' || r.access === 'optional')
      .map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(open).toEqual(PUBLIC_ROUTES);
  });

  it('refuses every other route without a token: 401 before the body or the parameters are read', async () => {
    const closed = apiRoutes().filter((r) => r.access !== 'public' && r.access !== 'optional');
    for (const route of closed) {
      const res = await call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code, `${route.method} ${route.url}`).toBe('not_authenticated');
    }
    // a token that is not one is refused the same way
    const [first] = closed;
    const res = await call(first!, { access_token: 'garbage', refresh_token: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_expired');
  });

  it('refuses every admin route to a learner without module items: 403 before the body is read', async () => {
    const admin = apiRoutes().filter((r) => typeof r.access === 'object');
    expect(admin.length).toBeGreaterThan(150);
    for (const route of admin) {
      const res = await call(route, learner);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(['permission_denied', 'superuser_only'], `${route.method} ${route.url}`).toContain(res.json().code);
    }
  });
});
