import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';

const ADMIN_PREFIXES = ['/api/admin_tags/', '/api/admin_users/', '/api/admin_organization/'];

/** spec 1 §6.1: each admin endpoint needs its title slug; some are superuser-only. */
describe.each(DIALECTS)('admin permissions on %s', (dialect) => {
  let t: TestApp;
  let learner: Tokens;
  let instructor: Tokens;
  let otherAdmin: Tokens;
  let superuser: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    instructor = await login(t.app, DEMO.instructor.email, DEMO.instructor.password);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    superuser = await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
  });
  afterAll(async () => { await t.close(); });

  const adminRoutes = () => {
    const seen = new Set<string>();
    return t.routes
      .filter((r) => ADMIN_PREFIXES.some((p) => r.url.startsWith(p)) && r.method !== 'HEAD')
      .filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
  };
  const call = (r: { method: string; url: string }, tokens?: Tokens) => t.app.inject({
    method: r.method as 'GET',
    url: r.url.replace(':id', '1'),
    headers: tokens ? bearer(tokens) : {},
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: { name: 'x', user_ids: [1] } }),
  });

  it('finds the admin routes to sweep', () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(20);
  });

  it('refuses every admin route without a token (401) and to a learner without module items (403)', async () => {
    for (const route of adminRoutes()) {
      const anonymous = await call(route);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const res = await call(route, learner);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(['permission_denied', 'superuser_only']).toContain(res.json().code);
    }
  });

  it('lets the instructor into tags only', async () => {
    for (const route of adminRoutes()) {
      const res = await call(route, instructor);
      if (route.url.startsWith('/api/admin_tags/')) expect(res.statusCode, route.url).not.toBe(403);
      else expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('keeps superuser-only routes (area_config) from a user holding every module item', async () => {
    const res = await t.app.inject({ url: '/api/admin_users/areas/', headers: bearer(otherAdmin) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('superuser_only');
    expect((await t.app.inject({ url: '/api/admin_users/profiles/', headers: bearer(otherAdmin) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin_users/areas/', headers: bearer(superuser) })).statusCode).toBe(200);
  });

  it('re-reads module items on each request (a revoked permission applies at once)', async () => {
    expect((await t.app.inject({ url: '/api/admin_tags/tags/', headers: bearer(instructor) })).statusCode).toBe(200);
    await t.app.db.updateTable('user_module_items').set({ permission: false }).where('slug', '=', 'tags').execute();
    expect((await t.app.inject({ url: '/api/admin_tags/tags/', headers: bearer(instructor) })).statusCode).toBe(403);
    await t.app.db.updateTable('user_module_items').set({ permission: true }).where('slug', '=', 'tags').execute();
  });

  it('keeps the people search from learners', async () => {
    expect((await t.app.inject({ url: '/api/lookups/users/?search=lia', headers: bearer(learner) })).statusCode).toBe(403);
    const ok = await t.app.inject({ url: '/api/lookups/users/?search=lia', headers: bearer(instructor) });
    expect(ok.json().map((u: { email: string }) => u.email)).toEqual([DEMO.learner.email]);
  });
});
