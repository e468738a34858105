import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_HEADER } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { REFRESH_COOKIE } from '../src/lib/refreshCookie.ts';
import { BASIC, DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp } from './helpers.ts';

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The refresh cookie an answer sets: its value and attributes (lower-cased names). */
function setCookie(res: Injected): { value: string; attributes: Record<string, string | true> } | null {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!header) return null;
  const [pair, ...attrs] = header.split(';').map((p) => p.trim());
  const attributes: Record<string, string | true> = {};
  for (const attr of attrs) {
    const eq = attr.indexOf('=');
    if (eq < 0) attributes[attr.toLowerCase()] = true;
    else attributes[attr.slice(0, eq).toLowerCase()] = attr.slice(eq + 1);
  }
  return { value: decodeURIComponent(pair!.slice(REFRESH_COOKIE.length + 1)), attributes };
}

/** docs/security.md "Tokens": the browser apps' refresh token in an HttpOnly cookie. */
describe.each(DIALECTS)('refresh token cookie on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { refreshReuseGraceSeconds: 5 }); });
  afterAll(async () => { await t.close(); });

  const form = { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' };
  const browser = { ...form, [REFRESH_COOKIE_HEADER]: '1' };
  const cookieHeader = (value: string) => ({ cookie: `${REFRESH_COOKIE}=${encodeURIComponent(value)}` });
  const token = (payload: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/o/token/', headers, payload: new URLSearchParams(payload).toString() });
  const browserLogin = () => token({ grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password }, browser);
  const refreshByCookie = (value: string) => token({ grant_type: 'refresh_token' }, { ...browser, ...cookieHeader(value) });
  const session = (access: string) => t.app.inject({ url: '/api/users/session/', headers: bearer(access) });

  it('a browser login sets the cookie (HttpOnly, SameSite=Strict, Path=/api/o/) and keeps the refresh token out of the body', async () => {
    const res = await browserLogin();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.refresh_token).toBeUndefined();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    expect((await session(body.access_token)).statusCode).toBe(200);
    const cookie = setCookie(res)!;
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/api/o/', 'max-age': String(t.config.refreshTokenTtlSeconds) });
    // plain http here: not Secure (a browser would drop it); over https it is (below)
    expect(cookie.attributes.secure).toBeUndefined();
    // the answer also says no-store (RFC 6749 §5.1)
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('non-browser clients keep the documented contract: the refresh token in the body, no cookie', async () => {
    const res = await tokenCall(t.app, { grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password });
    expect(res.json().refresh_token).toMatch(/^[\w-]{43}$/);
    expect(setCookie(res)).toBeNull();
    const refreshed = await tokenCall(t.app, { grant_type: 'refresh_token', refresh_token: res.json().refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).toMatch(/^[\w-]{43}$/);
    // the cookie alone, without the header, is never read (another site cannot add the header)
    const cookieOnly = await token({ grant_type: 'refresh_token' }, { ...form, ...cookieHeader(refreshed.json().refresh_token) });
    expect(cookieOnly.statusCode).toBe(400);
    expect(cookieOnly.json().code).toBe('token_expired');
    expect((await tokenCall(t.app, { grant_type: 'refresh_token', refresh_token: refreshed.json().refresh_token })).statusCode).toBe(200);
  });

  it('refreshes from the cookie, rotating it; a page reload starts from the cookie alone', async () => {
    const first = setCookie(await browserLogin())!.value;
    const res = await refreshByCookie(first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
    expect((await session(res.json().access_token)).statusCode).toBe(200);
    const second = setCookie(res)!.value;
    expect(second).not.toBe(first);
    expect((await refreshByCookie(second)).statusCode).toBe(200);
  });

  it('two tabs refreshing from the same cookie at once both go on (grace), the family survives', async () => {
    const cookie = setCookie(await browserLogin())!.value;
    const [a, b] = await Promise.all([refreshByCookie(cookie), refreshByCookie(cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await session(a.json().access_token)).statusCode).toBe(200);
    expect((await session(b.json().access_token)).statusCode).toBe(200);
    // whichever cookie the browser kept goes on working
    expect((await refreshByCookie(setCookie(b)!.value)).statusCode).toBe(200);
  });

  it('outside the grace — later, or once its successor was used — a rotated token revokes its family', async () => {
    const late = setCookie(await browserLogin())!.value;
    const rotated = await refreshByCookie(late);
    await t.app.db.updateTable('oauth_tokens').set({ used_at: new Date(Date.now() - 6_000) }).where('used_at', 'is not', null).execute();
    const replay = await refreshByCookie(late);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('token_expired');
    // the refusal clears the browser's cookie
    expect(setCookie(replay)).toMatchObject({ value: '', attributes: { path: '/api/o/' } });
    expect((await session(rotated.json().access_token)).statusCode).toBe(401);

    const first = setCookie(await browserLogin())!.value;
    const second = setCookie(await refreshByCookie(first))!.value;
    const third = await refreshByCookie(second);
    expect(third.statusCode).toBe(200);
    // two rotations within one millisecond (a fast machine) share a clock reading: the order of
    // issue, not the clock, says which came later
    await t.app.db.updateTable('oauth_tokens').set({ used_at: new Date() }).where('used_at', 'is not', null).execute();
    // `first` is within the time window but no longer the last rotated: a leak, the family goes
    expect((await refreshByCookie(first)).statusCode).toBe(400);
    expect((await session(third.json().access_token)).statusCode).toBe(401);
  });

  it('login as: a refresh token given in the body moves into the cookie', async () => {
    const adopted = await tokenCall(t.app, { grant_type: 'password', username: DEMO.instructor.email, password: DEMO.instructor.password });
    const res = await token({ grant_type: 'refresh_token', refresh_token: adopted.json().refresh_token }, browser);
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
    const cookie = setCookie(res)!.value;
    expect((await session((await refreshByCookie(cookie)).json().access_token)).json().email).toBe(DEMO.instructor.email);
  });

  it('logout revokes the cookie\'s session and clears the cookie', async () => {
    const login1 = await browserLogin();
    const cookie = setCookie(login1)!.value;
    const res = await t.app.inject({ method: 'POST', url: '/api/o/revoke_token/', headers: { ...browser, ...cookieHeader(cookie) }, payload: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(setCookie(res)).toMatchObject({ value: '', attributes: { path: '/api/o/', httponly: true, samesite: 'Strict' } });
    const expires = setCookie(res)!.attributes.expires;
    expect(typeof expires === 'string' && new Date(expires).getTime()).toBeLessThan(Date.now());
    expect((await session(login1.json().access_token)).statusCode).toBe(401);
    expect((await refreshByCookie(cookie)).statusCode).toBe(400);
    // a refresh without any token clears whatever cookie there was
    const none = await token({ grant_type: 'refresh_token' }, browser);
    expect(none.statusCode).toBe(400);
    expect(setCookie(none)?.value).toBe('');
    // without the header, a revoke still needs its token
    expect((await t.app.inject({ method: 'POST', url: '/api/o/revoke_token/', headers: form, payload: '' })).statusCode).toBe(400);
  });

  it('no other answer of the API sets or reads a cookie', async () => {
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const cookie = setCookie(await browserLogin())!.value;
    for (const url of ['/api/users/session/', '/api/login_params/', '/api/health']) {
      const res = await t.app.inject({ url, headers: { ...bearer(tokens), ...cookieHeader(cookie) } });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    // the cookie is no credential for the API
    expect((await t.app.inject({ url: '/api/users/session/', headers: cookieHeader(cookie) })).statusCode).toBe(401);
  });
});

describe('refresh token cookie over https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const t = await buildTestApp('sqlite', { publicUrl: 'https://lp.example' });
    try {
      const res = await t.app.inject({
        method: 'POST', url: '/api/o/token/', headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded', [REFRESH_COOKIE_HEADER]: '1' },
        payload: new URLSearchParams({ grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password }).toString(),
      });
      expect(setCookie(res)?.attributes).toMatchObject({ secure: true, httponly: true, samesite: 'Strict', path: '/api/o/' });
    } finally {
      await t.close();
    }
  });
});
