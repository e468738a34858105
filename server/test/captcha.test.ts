import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CAPTCHA_PATH, REGISTRATION_PATHS, SMS_RECOVERY_PATHS } from '@lp/shared/contract';
import { RATE_LIMIT_DEFAULTS } from '../src/config.ts';
import { saveLoginParams } from '../src/repositories/clients.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, buildTestApp, tokenCall, type TestApp } from './helpers.ts';

const API = '/api';

/** spec 1 §2.1 / §5.5 captcha (use_recaptcha; after repeated login failures): ALTCHA proof of work checked on the server. */
describe.each(DIALECTS)('captcha on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // a light proof of work: the test solves it itself as the widget would
    t = await buildTestApp(dialect, {
      captchaCost: 1, captchaMaxCounter: 40, captchaAfterFailures: 2,
      rateLimits: { ...RATE_LIMIT_DEFAULTS, register_ip: { max: 1000, seconds: 60 }, recovery_ip: { max: 1000, seconds: 60 } },
    });
  });
  afterAll(async () => { await t.close(); });
  beforeEach(async () => { await saveLoginParams(t.app.db, { use_recaptcha: false, user_register: true, register_needs_approval: true }); });
  afterEach(() => { vi.useRealTimers(); });

  const challenge = async () => {
    const res = await t.app.inject({ url: `${API}${CAPTCHA_PATH}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json<Challenge>();
  };
  /** What the widget puts in the form: base64 of {challenge, solution}. */
  const solved = async () => {
    const c = await challenge();
    const solution = await solveChallenge({ challenge: c, deriveKey });
    expect(solution).not.toBeNull();
    return Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
  };
  const passwordLogin = (password: string, captcha?: string) => tokenCall(t.app, {
    grant_type: 'password', username: DEMO.instructor.email, password, ...(captcha ? { captcha } : {}),
  });
  let seq = 0;
  const signUp = (captcha?: string) => {
    seq += 1;
    return t.app.inject({
      method: 'POST', url: `${API}${REGISTRATION_PATHS.register}`,
      payload: { full_name: 'Robot?', email: `captcha${seq}-${Date.now()}@example.com`, password: 'secret1', confirm_password: 'secret1', ...(captcha ? { captcha } : {}) },
    });
  };

  it('after repeated login failures the login asks for it, even with use_recaptcha off', async () => {
    expect((await passwordLogin('wrong-1')).json().code).toBe('invalid_username_or_password');
    expect((await passwordLogin('wrong-2')).json().code).toBe('invalid_username_or_password');
    const asked = await passwordLogin(DEMO.instructor.password);
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ code: 'captcha_required', fields: { captcha: 'captcha_required' } });
    expect((await passwordLogin(DEMO.instructor.password, await solved())).statusCode).toBe(200);
    // a success clears the failures: no captcha next time
    expect((await passwordLogin(DEMO.instructor.password)).statusCode).toBe(200);
  });

  it('use_recaptcha: required on login, sign-up, recovery (e-mail and SMS), pre-registration and the public question form', async () => {
    await saveLoginParams(t.app.db, { use_recaptcha: true, user_pre_register: true, show_public_faq: true });
    const calls = [
      () => passwordLogin(DEMO.instructor.password),
      () => signUp(),
      () => t.app.inject({ method: 'POST', url: `${API}/users/recover_password/`, payload: { email: DEMO.learner.email } }),
      () => t.app.inject({ method: 'POST', url: `${API}${SMS_RECOVERY_PATHS.send}`, payload: { username: DEMO.learner.email, phone_area_code: '11', phone: '1' } }),
      () => t.app.inject({ method: 'POST', url: `${API}${REGISTRATION_PATHS.preRegister}`, payload: { username: DEMO.learner.email } }),
      () => t.app.inject({ method: 'POST', url: `${API}/public/faq/questions/`, payload: { name: 'V', email: 'v@example.com', question: 'Q?' } }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('captcha_required');
    }
    expect((await passwordLogin(DEMO.instructor.password, await solved())).statusCode).toBe(200);
    expect((await signUp(await solved())).statusCode).toBe(201);
  });

  it('refuses a forged, tampered, replayed or expired solution', async () => {
    await saveLoginParams(t.app.db, { use_recaptcha: true });
    expect((await signUp('bm90IGEgcGF5bG9hZA==')).json().code).toBe('captcha_invalid');
    // another challenge's parameters under a valid signature
    const payload = JSON.parse(Buffer.from(await solved(), 'base64').toString()) as { challenge: Challenge };
    payload.challenge.parameters.cost = 2;
    expect((await signUp(Buffer.from(JSON.stringify(payload)).toString('base64'))).json().code).toBe('captcha_invalid');
    // a solution counts once
    const once = await solved();
    expect((await signUp(once)).statusCode).toBe(201);
    expect((await signUp(once)).json().code).toBe('captcha_invalid');
    // solved, but sent after the challenge expired
    const late = await solved();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    expect((await signUp(late)).json().code).toBe('captcha_invalid');
  });
});
