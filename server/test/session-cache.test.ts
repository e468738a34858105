import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPlugin } from '../src/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { DIALECTS, bearer, buildTestApp, login, tokenCall, type Dialect, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, newUser, type Clients } from './userFixtures.ts';

const TAGS = '/api/admin_tags/tags/';
const SESSION = '/api/users/session/';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The session cache (docs/security.md "Session cache"): with a TTL of an hour, only the
 * invalidation can explain a session ending at once. Each case first proves the session is
 * cached, then makes the change, then expects the very next request to see it.
 */
describe.each(DIALECTS)('session cache on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { authCacheSeconds: 3600, refreshReuseGraceSeconds: 0 });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, tokens: Tokens) => t.app.inject({ url, headers: bearer(tokens) });
  const isCached = (tokens: Tokens) => t.app.authCache.get(hashToken(tokens.access_token)) !== undefined;
  /** a request that leaves the session cached */
  async function warm(tokens: Tokens, url = SESSION) {
    expect((await get(url, tokens)).statusCode).toBe(200);
    expect(isCached(tokens)).toBe(true);
  }
  async function person(): Promise<{ id: number; email: string; tokens: Tokens }> {
    const body = newUser(c.demo, { password: 'User#Pass1' });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin_users/users/', headers: bearer(su), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, email: body.email, tokens: await login(t.app, body.email, 'User#Pass1') };
  }

  it('answers a cached session without looking it up again, and never caches a refused token', async () => {
    const p = await person();
    await warm(p.tokens);
    expect((await get(SESSION, p.tokens)).statusCode).toBe(200);
    expect((await get(SESSION, { access_token: 'not-a-token', refresh_token: '' })).statusCode).toBe(401);
    expect(t.app.authCache.get(hashToken('not-a-token'))).toBeUndefined();
  });

  it('logout ends the cached session at once', async () => {
    const p = await person();
    await warm(p.tokens);
    const out = await t.app.inject({ method: 'POST', url: '/api/o/revoke_token/', headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` }, payload: { token: p.tokens.access_token } });
    expect(out.statusCode, out.body).toBe(200);
    expect((await get(SESSION, p.tokens)).statusCode).toBe(401);
  });

  it('a password change ends the other cached sessions at once, not its own', async () => {
    const p = await person();
    const other = await login(t.app, p.email, 'User#Pass1');
    await warm(p.tokens);
    await warm(other);
    const changed = await t.app.inject({
      method: 'POST', url: '/api/users/change_password/', headers: bearer(p.tokens),
      payload: { current_password: 'User#Pass1', new_password: 'New#Pass12', confirm_password: 'New#Pass12' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(SESSION, other)).statusCode).toBe(401);
    expect((await get(SESSION, p.tokens)).statusCode).toBe(200);
  });

  it('blocking a user ends their cached session at once', async () => {
    const p = await person();
    await warm(p.tokens);
    const blocked = await t.app.inject({ method: 'POST', url: `/api/admin_users/users/${p.id}/block/`, headers: bearer(su) });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await get(SESSION, p.tokens)).statusCode).toBe(401);
  });

  it('a permission edit applies to the cached session at once', async () => {
    const admin = await adminWith(t.app, su, c.demo, ['tags']);
    await warm(admin.tokens, TAGS);
    const edit = await t.app.inject({
      method: 'PUT', url: `/api/admin_users/users/${admin.id}/permissions/`, headers: bearer(su),
      payload: { client_id: c.demo, module_items: [] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await get(TAGS, admin.tokens);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('permission_denied');
  });

  it('leaving a client applies to the cached session at once, once the transaction commits', async () => {
    const admin = await adminWith(t.app, su, c.demo, ['tags']);
    await warm(admin.tokens, TAGS);
    await t.app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_clients').where('user_id', '=', admin.id).execute();
      // Postgres: another connection still reads the committed link meanwhile, and caches it
      // (SQLite has one connection: a request would wait for the commit)
      if (dialect === 'postgres') expect((await get(TAGS, admin.tokens)).statusCode).toBe(200);
    });
    // no client left: no title either (spec 1 §6.1 checks the title in the selected client)
    expect((await get(TAGS, admin.tokens)).statusCode).toBe(403);
  });

  it('a refresh token presented twice ends the cached access token of its family at once', async () => {
    const p = await person();
    await warm(p.tokens);
    const rotated = await tokenCall(t.app, { grant_type: 'refresh_token', refresh_token: p.tokens.refresh_token });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await get(SESSION, p.tokens)).statusCode).toBe(200);
    const reused = await tokenCall(t.app, { grant_type: 'refresh_token', refresh_token: p.tokens.refresh_token });
    expect(reused.statusCode).not.toBe(200);
    expect((await get(SESSION, p.tokens)).statusCode).toBe(401);
    expect((await get(SESSION, rotated.json<Tokens>())).statusCode).toBe(401);
  });

  it('a profile edit is what the next request sees', async () => {
    const p = await person();
    await warm(p.tokens);
    const edit = await t.app.inject({ method: 'PATCH', url: '/api/users/profile/', headers: bearer(p.tokens), payload: { nick_name: 'Cached no more' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await get(SESSION, p.tokens)).json().nick_name).toBe('Cached no more');
  });
});

/** Two API nodes on one database and one Redis: a change made through one reaches the other's cache. */
describe.each<Dialect>(['sqlite', 'postgres'])('session cache across two nodes over Redis on %s', (dialect) => {
  let a: TestApp;
  let b: FastifyInstance;
  let su: Tokens;
  let c: Clients;
  beforeAll(async () => {
    const redisPrefix = `lp-test-${randomBytes(4).toString('hex')}`;
    a = await buildTestApp(dialect, { authCacheSeconds: 3600, redisUrl: REDIS_URL, redisPrefix });
    b = Fastify({ logger: false, pluginTimeout: 60_000 });
    await b.register(appPlugin, { config: { ...a.config, runJobs: false }, serveStatic: false });
    await b.ready();
    su = await loginSuperuser(a.app);
    c = await clientIds(a.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** the other node hears over pub/sub: a few milliseconds, waited for up to two seconds */
  async function eventually(app: FastifyInstance, url: string, tokens: Tokens, status: number) {
    let last = 0;
    for (let i = 0; i < 40; i++) {
      last = (await app.inject({ url, headers: bearer(tokens) })).statusCode;
      if (last === status) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(last).toBe(status);
  }

  it('a logout on one node ends the session cached by the other', async () => {
    const admin = await adminWith(a.app, su, c.demo, ['tags']);
    for (const app of [a.app, b]) expect((await app.inject({ url: SESSION, headers: bearer(admin.tokens) })).statusCode).toBe(200);
    expect(b.authCache.get(hashToken(admin.tokens.access_token))).toBeDefined();
    const out = await a.app.inject({ method: 'POST', url: '/api/o/revoke_token/', headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` }, payload: { token: admin.tokens.access_token } });
    expect(out.statusCode).toBe(200);
    expect((await a.app.inject({ url: SESSION, headers: bearer(admin.tokens) })).statusCode).toBe(401);
    await eventually(b, SESSION, admin.tokens, 401);
  });

  it('a permission edit on one node applies to the session cached by the other', async () => {
    const admin = await adminWith(a.app, su, c.demo, ['tags']);
    expect((await b.inject({ url: TAGS, headers: bearer(admin.tokens) })).statusCode).toBe(200);
    expect(b.authCache.get(hashToken(admin.tokens.access_token))).toBeDefined();
    const edit = await a.app.inject({
      method: 'PUT', url: `/api/admin_users/users/${admin.id}/permissions/`, headers: bearer(su),
      payload: { client_id: c.demo, module_items: [] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await eventually(b, TAGS, admin.tokens, 403);
  });
});
