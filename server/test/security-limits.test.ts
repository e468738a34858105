import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_REQUEST_PATH, MY_CONSENTS_PATH } from '@lp/shared/contract';
import { RATE_LIMIT_DEFAULTS, loadConfig, parseRateLimits, parseTrustProxy, type RateLimits } from '../src/config.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp, type Tokens } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HELP = `/api${HELP_REQUEST_PATH}`;
const limits = (over: Partial<RateLimits>): RateLimits => ({ ...RATE_LIMIT_DEFAULTS, ...over });
const help = (t: TestApp, email: string, headers: Record<string, string> = {}, remoteAddress?: string) => t.app.inject({
  method: 'POST', url: HELP, headers, payload: { name: 'Rui', email, message: 'Não consigo entrar' }, ...(remoteAddress ? { remoteAddress } : {}),
});
const unique = () => `${randomBytes(4).toString('hex')}@example.com`;

describe('TRUST_PROXY and RATE_LIMITS parsing', () => {
  it('is off by default, names proxies, never believes everyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/name the proxies/);
  });

  it('reads overrides and off', () => {
    expect(parseRateLimits('api_user=5000/60,token_ip=0/60')).toMatchObject({ api_user: { max: 5000, seconds: 60 }, token_ip: { max: 0 }, help_ip: RATE_LIMIT_DEFAULTS.help_ip });
    expect(Object.values(parseRateLimits('off')).every((l) => l.max === 0)).toBe(true);
    expect(() => parseRateLimits('nope=1/1')).toThrow(/RATE_LIMITS/);
  });
});

/** docs/security.md "Client address": X-Forwarded-For counts only from a proxy TRUST_PROXY names. */
describe.each(DIALECTS)('proxy trust on %s', (dialect) => {
  let untrusted: TestApp;
  let trusted: TestApp;
  const learners = new Map<TestApp, Tokens>();
  beforeAll(async () => {
    untrusted = await buildTestApp(dialect, { loginMaxFailures: 2, rateLimits: limits({ help_ip: { max: 3, seconds: 60 } }) });
    trusted = await buildTestApp(dialect, { loginMaxFailures: 2, trustProxy: ['127.0.0.1'], rateLimits: limits({ help_ip: { max: 3, seconds: 60 } }) });
    for (const t of [untrusted, trusted]) learners.set(t, await login(t.app, DEMO.learner.email, DEMO.learner.password));
  });
  afterAll(async () => {
    await untrusted?.close();
    await trusted?.close();
  });

  const failLogin = (t: TestApp, n: number) => t.app.inject({
    method: 'POST', url: '/api/o/token/',
    headers: {
      authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${n}`,
    },
    payload: new URLSearchParams({ grant_type: 'password', username: `nobody${n}@demo.local`, password: 'wrong' }).toString(),
  });

  it('a forged X-Forwarded-For does not escape the login lock of the address', async () => {
    // the address locks after LOGIN_MAX_FAILURES × 10 failures, whatever the header says
    for (let n = 1; n <= 20; n += 1) expect((await failLogin(untrusted, n)).statusCode).toBe(400);
    const locked = await failLogin(untrusted, 21);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_login_attempts');
    // behind a named proxy each forwarded client is its own address
    for (let n = 1; n <= 21; n += 1) expect((await failLogin(trusted, n)).statusCode).toBe(400);
  });

  it('a forged X-Forwarded-For does not escape a per-address limit, nor become consent evidence', async () => {
    for (let n = 1; n <= 3; n += 1) expect((await help(untrusted, unique(), { 'x-forwarded-for': `198.51.100.${n}` })).statusCode).toBe(201);
    expect((await help(untrusted, unique(), { 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);
    for (let n = 1; n <= 4; n += 1) expect((await help(trusted, unique(), { 'x-forwarded-for': `198.51.100.${n}` })).statusCode).toBe(201);
    // a request that does not come from the proxy is its own address, whatever it forwards
    for (let n = 1; n <= 3; n += 1) expect((await help(trusted, unique(), { 'x-forwarded-for': `192.0.2.${n}` }, '192.0.2.200')).statusCode).toBe(201);
    expect((await help(trusted, unique(), { 'x-forwarded-for': '192.0.2.77' }, '192.0.2.200')).statusCode).toBe(429);

    for (const [t, expected] of [[untrusted, '127.0.0.1'], [trusted, '203.0.113.50']] as const) {
      const learner = learners.get(t)!;
      const res = await t.app.inject({
        method: 'POST', url: `/api${MY_CONSENTS_PATH}`, headers: { ...bearer(learner), 'x-forwarded-for': '203.0.113.50' },
        payload: { kind: 'terms', version: '1', accepted: true },
      });
      expect(res.statusCode, res.body).toBe(201);
      const row = await t.app.db.selectFrom('user_consents').select('ip').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.ip).toBe(expected);
    }
  });
});

/** docs/security.md "Rate limits": anonymous and mass-mailing endpoints, and the authenticated API per user. */
describe.each(DIALECTS)('rate limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      rateLimits: limits({
        api_user: { max: 6, seconds: 60 }, token_ip: { max: 8, seconds: 60 }, recovery_ip: { max: 4, seconds: 60 },
        recovery_email: { max: 2, seconds: 60 }, help_email: { max: 2, seconds: 60 },
      }),
    });
  });
  afterAll(async () => { await t?.close(); });

  const expect429 = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, code: string) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code, detail: expect.any(String) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  };

  it('limits help requests per e-mail (each one mails every superuser)', async () => {
    const email = unique();
    for (let i = 0; i < 2; i += 1) expect((await help(t, email, {}, '192.0.2.10')).statusCode).toBe(201);
    expect429(await help(t, email, {}, '192.0.2.11'), 'too_many_questions');
    expect(await t.app.db.selectFrom('help_requests').select('id').where('email', '=', email).execute()).toHaveLength(2);
  });

  it('limits password recovery per address and per e-mail', async () => {
    const recover = (email: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/users/recover_password/', payload: { email }, remoteAddress });
    expect((await recover(DEMO.learner.email, '192.0.2.20')).statusCode).toBe(200);
    expect((await recover(DEMO.learner.email, '192.0.2.21')).statusCode).toBe(200);
    expect429(await recover(DEMO.learner.email, '192.0.2.22'), 'too_many_requests');
    // one address asking for many mailboxes
    for (let i = 0; i < 4; i += 1) expect((await recover(unique(), '192.0.2.30')).statusCode).toBe(404);
    expect429(await recover(unique(), '192.0.2.30'), 'too_many_requests');
  });

  it('limits the token endpoint per address, on top of the login lock', async () => {
    const grant = (remoteAddress: string) => t.app.inject({
      method: 'POST', url: '/api/o/token/', remoteAddress,
      headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: DEMO.instructor.email, password: DEMO.instructor.password }).toString(),
    });
    for (let i = 0; i < 8; i += 1) expect((await grant('192.0.2.40')).statusCode).toBe(200);
    expect429(await grant('192.0.2.40'), 'too_many_requests');
    expect((await grant('192.0.2.41')).statusCode).toBe(200);
  });

  it('limits the authenticated API per user, not per address', async () => {
    const first = await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    const other = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const session = (tokens: typeof first, remoteAddress: string) => t.app.inject({ url: '/api/users/session/', headers: bearer(tokens), remoteAddress });
    for (let i = 0; i < 6; i += 1) expect((await session(first, `192.0.2.${50 + i}`)).statusCode).toBe(200);
    expect429(await session(first, '192.0.2.60'), 'too_many_requests');
    expect((await session(other, '192.0.2.60')).statusCode).toBe(200);
  });
});

/** Two nodes over one Redis count one limit; in memory each node counts its own. */
describe('rate limits shared across nodes through Redis', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  // four apps are built: on a loaded machine that alone can take half a minute
  it('a limit reached on one node holds on the other', { timeout: 120_000 }, async () => {
    const prefix = `lp-rl-${randomBytes(4).toString('hex')}`;
    const shared = { redisUrl: REDIS_URL, redisPrefix: prefix, runJobs: false, rateLimits: limits({ help_ip: { max: 3, seconds: 60 } }) };
    const [a, b] = [await buildTestApp('sqlite', shared), await buildTestApp('sqlite', shared)];
    apps.push(a!, b!);
    for (let i = 0; i < 3; i += 1) expect((await help(i === 1 ? b! : a!, unique(), {}, '192.0.2.90')).statusCode).toBe(201);
    const refused = await help(b!, unique(), {}, '192.0.2.90');
    expect(refused.statusCode).toBe(429);
    expect((await help(a!, unique(), {}, '192.0.2.90')).statusCode).toBe(429);

    const memory = { rateLimits: limits({ help_ip: { max: 3, seconds: 60 } }) };
    const [c, d] = [await buildTestApp('sqlite', memory), await buildTestApp('sqlite', memory)];
    apps.push(c!, d!);
    for (let i = 0; i < 3; i += 1) expect((await help(c!, unique(), {}, '192.0.2.91')).statusCode).toBe(201);
    expect((await help(d!, unique(), {}, '192.0.2.91')).statusCode).toBe(201);
  });

  it('the login lock is untouched: too_many_login_attempts after LOGIN_MAX_FAILURES', async () => {
    const t = await buildTestApp('sqlite', { loginMaxFailures: 3 });
    apps.push(t);
    for (let i = 0; i < 3; i += 1) expect((await tokenCall(t.app, { grant_type: 'password', username: DEMO.learner.email, password: 'nope' })).statusCode).toBe(400);
    const locked = await tokenCall(t.app, { grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_login_attempts');
  });
});
