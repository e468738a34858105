import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRateLimits } from '../src/config.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, tokenCall, type TestApp } from './helpers.ts';
import { clientIds, loginSuperuser, newUser } from './userFixtures.ts';

const ROUNDS = 15;
/** a lower bound on a noisy two-core machine: without the dummy hash the ratio is about a tenth */
const FRACTION = 0.5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * docs/security.md "Equal-time answers": a wrong login answers in the time of one password hash
 * whether the user is unknown, has no usable password, or typed a wrong one. Ratios of medians
 * within one run, the kinds interleaved so that the machine's load weighs on all alike.
 */
describe.each(DIALECTS)('equal-time login answers on %s', (dialect) => {
  let t: TestApp;
  let passwordless: string;
  beforeAll(async () => {
    // a hash of a few milliseconds (2^12): a measurable cost, affordable ROUNDS times
    t = await buildTestApp(dialect, { scryptLogN: 12, loginMaxFailures: 10_000, captchaAfterFailures: 0, rateLimits: parseRateLimits('off') });
    const su = await loginSuperuser(t.app);
    const body = newUser((await clientIds(t.app)).demo);
    const created = await t.app.inject({ method: 'POST', url: '/api/admin_users/users/', headers: bearer(su), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    passwordless = body.email;
  });
  afterAll(async () => { await t?.close(); });

  it('unknown user, passwordless account and wrong password take the same time', async () => {
    const kinds = {
      unknown: (i: number) => `nobody-${i}@demo.local`,
      passwordless: () => passwordless,
      wrong: () => DEMO.instructor.email,
    } as const;
    const times: Record<keyof typeof kinds, number[]> = { unknown: [], passwordless: [], wrong: [] };
    for (let i = 0; i < ROUNDS; i += 1) {
      // each kind first in turn
      const names = Object.keys(kinds) as Array<keyof typeof kinds>;
      const order = [...names.slice(i % 3), ...names.slice(0, i % 3)];
      for (const kind of order) {
        const started = performance.now();
        const res = await tokenCall(t.app, { grant_type: 'password', username: kinds[kind](i), password: `Wrong#${i}` });
        times[kind].push(performance.now() - started);
        expect(res.json().code, kind).toBe('invalid_username_or_password');
      }
    }
    const unknown = median(times.unknown);
    expect(median(times.passwordless) / unknown, JSON.stringify(times)).toBeGreaterThan(FRACTION);
    expect(median(times.wrong) / unknown, JSON.stringify(times)).toBeGreaterThan(FRACTION);
    expect(unknown / median(times.wrong), JSON.stringify(times)).toBeGreaterThan(FRACTION);
  });
});
