import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { saveLoginParams } from '../src/repositories/clients.ts';
import { BASIC, DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('auth on %s (spec 1 §4.4, §7)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { loginMaxFailures: 3 }); });
  afterAll(async () => { await t.close(); });

  const session = (tokens: { access_token: string }) =>
    t.app.inject({ method: 'GET', url: '/api/users/session/', headers: bearer(tokens) });

  it('reports the database in /api/health', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', redis: 'off', storage: 'ok', dialect });
  });

  it('logs in by e-mail (any case) and by document, masked or not', async () => {
    const byEmail = await login(t.app, 'LEARNER@demo.local', DEMO.learner.password);
    expect((await session(byEmail)).json().email).toBe(DEMO.learner.email);
    const byDoc = await login(t.app, '529.982.247-25', DEMO.learner.password);
    expect((await session(byDoc)).json().id).toBe((await session(byEmail)).json().id);
  });

  it('refuses unknown client credentials', async () => {
    const res = await tokenCall(t.app, { grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password },
      `Basic ${Buffer.from('web:wrong').toString('base64')}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_client');
  });

  it('answers the spec key for a wrong password and never stores tokens in clear', async () => {
    const res = await tokenCall(t.app, { grant_type: 'password', username: DEMO.instructor.email, password: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_username_or_password');
    const tokens = await login(t.app, DEMO.instructor.email, DEMO.instructor.password);
    const stored = await t.app.db.selectFrom('oauth_tokens').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(tokens.access_token);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
  });

  it('throttles repeated failures, even with the right password afterwards', async () => {
    const username = DEMO.otherAdmin.email;
    for (let i = 0; i < 3; i++) {
      expect((await tokenCall(t.app, { grant_type: 'password', username, password: `bad${i}` })).statusCode).toBe(400);
    }
    const locked = await tokenCall(t.app, { grant_type: 'password', username, password: DEMO.otherAdmin.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_login_attempts');
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('rotates refresh tokens and revokes the family when a rotated one is re-used', async () => {
    const first = await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    const r1 = await tokenCall(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await session(second)).statusCode).toBe(200);

    // past the grace window of two tabs refreshing at once (token-cookie.test.ts)
    await t.app.db.updateTable('oauth_tokens').set({ used_at: new Date(Date.now() - 60_000) }).where('used_at', 'is not', null).execute();
    const reuse = await tokenCall(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('token_expired');
    // the whole family is gone: the newest access and refresh tokens no longer work
    expect((await session(second)).statusCode).toBe(401);
    expect((await tokenCall(t.app, { grant_type: 'refresh_token', refresh_token: second.refresh_token })).statusCode).toBe(400);
    // another login is unaffected
    const other = await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    expect((await session(other)).statusCode).toBe(200);
  });

  it('enforces the absolute expiry of a login', async () => {
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    await t.app.db.updateTable('token_families').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const res = await tokenCall(t.app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(res.statusCode).toBe(400);
    expect((await session(tokens)).statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const res = await t.app.inject({
      method: 'POST', url: '/api/o/revoke_token/',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(tokens.refresh_token)}`,
    });
    expect(res.statusCode).toBe(200);
    expect((await session(tokens)).statusCode).toBe(401);
  });

  it('answers 401 with the spec key without or with a bad bearer token', async () => {
    const none = await t.app.inject('/api/users/session/');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('not_authenticated');
    expect((await session({ access_token: 'forged' })).json().code).toBe('token_expired');
  });

  it('ends the session of a user blocked after logging in', async () => {
    const tokens = await login(t.app, DEMO.instructor.email, DEMO.instructor.password);
    await t.app.db.updateTable('users').set({ status: 'blocked' }).where('email', '=', DEMO.instructor.email).execute();
    const res = await session(tokens);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('user_does_not_have_access');
    const refresh = await tokenCall(t.app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().code).toBe('user_does_not_have_access');
    await t.app.db.updateTable('users').set({ status: 'active' }).where('email', '=', DEMO.instructor.email).execute();
    expect((await session(tokens)).statusCode).toBe(401);
  });

  it('refuses blocked users, outdated apps and non-superusers under maintenance', async () => {
    await t.app.db.updateTable('users').set({ status: 'blocked' }).where('email', '=', DEMO.instructor.email).execute();
    const blocked = await tokenCall(t.app, { grant_type: 'password', username: DEMO.instructor.email, password: DEMO.instructor.password });
    expect(blocked.json().code).toBe('user_does_not_have_access');
    await t.app.db.updateTable('users').set({ status: 'active' }).where('email', '=', DEMO.instructor.email).execute();

    const outdated = await tokenCall(t.app, { grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password, app_version: '1.9.0' });
    expect(outdated.statusCode).toBe(403);
    expect(outdated.json().code).toBe('app_outdated');

    await saveLoginParams(t.app.db, { under_maintenance: true });
    const params = await t.app.inject('/api/login_params/');
    expect(params.json().under_maintenance).toBe(true);
    const learner = await tokenCall(t.app, { grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password });
    expect(learner.json().code).toBe('under_maintenance');
    await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    await saveLoginParams(t.app.db, { under_maintenance: false });
  });
});
