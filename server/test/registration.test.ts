import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_PATHS, userActionPath } from '@lp/shared/contract';
import { RATE_LIMIT_DEFAULTS } from '../src/config.ts';
import { saveLoginParams } from '../src/repositories/clients.ts';
import { DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp } from './helpers.ts';
import { loginSuperuser, userId } from './userFixtures.ts';

const API = '/api';
let seq = 0;
const person = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return { full_name: `Visitor ${seq}`, email: `visitor${seq}-${Date.now()}@example.com`, password: 'Sign#Up12', confirm_password: 'Sign#Up12', ...extra };
};

/** spec 1 §2.1 register (outcomes), §3.3 register.fields / password_strong_level, §5.1, §8.2. */
describe.each(DIALECTS)('self-registration on %s', (dialect) => {
  let t: TestApp;
  // the per-address sign-up limit (register_ip) is raised: every request here comes from one address
  beforeAll(async () => { t = await buildTestApp(dialect, { rateLimits: { ...RATE_LIMIT_DEFAULTS, register_ip: { max: 1000, seconds: 60 } } }); });
  afterAll(async () => { await t.close(); });
  beforeEach(async () => {
    await saveLoginParams(t.app.db, { user_register: true, register_needs_approval: true, register: { fields: [], password_strong_level: 'low' } });
  });

  const register = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${API}${REGISTRATION_PATHS.register}`, payload: body });
  const verify = (link: { username: string; uidb64: string; token: string }) =>
    t.app.inject({ method: 'POST', url: `${API}${REGISTRATION_PATHS.verify}`, payload: link });
  const mailsTo = (email: string) => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((f) => f.includes(email)).sort().map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
      : [];
  };
  const verifyLinkOf = (email: string) => {
    const match = /verify-email\/([^/\s]+)\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(mailsTo(email).at(-1) ?? '');
    expect(match, 'a verification link was mailed').not.toBeNull();
    return { username: decodeURIComponent(match![1]!), uidb64: match![2]!, token: match![3]! };
  };
  const refusedLogin = async (email: string, password: string) => (await tokenCall(t.app, { grant_type: 'password', username: email, password })).json();

  it('is closed while user_register is off', async () => {
    await saveLoginParams(t.app.db, { user_register: false });
    const res = await register(person());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('registration_closed');
  });

  it('awaiting approval: no login until a users manager approves; the approval is e-mailed', async () => {
    const body = person();
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ outcome: 'awaiting_approval' });
    expect(mailsTo(body.email)).toHaveLength(0);
    expect((await refusedLogin(body.email, body.password)).code).toBe('user_does_not_have_access');
    const su = await loginSuperuser(t.app);
    const id = await userId(t.app, body.email);
    const approved = await t.app.inject({ method: 'POST', url: `${API}${userActionPath(id, 'approve')}`, headers: bearer(su) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('active');
    expect(mailsTo(body.email)).toHaveLength(1);
    const tokens = await login(t.app, body.email, body.password);
    // a newcomer has not accepted the client's terms yet: the portal asks before anything else
    const session = (await t.app.inject({ url: `${API}/users/session/`, headers: bearer(tokens) })).json();
    expect(session).toMatchObject({ accept_terms_and_conditions: false, terms_version: expect.any(String) });
  });

  it('verify your email: the link activates the account once; reused, tampered or expired links are refused', async () => {
    await saveLoginParams(t.app.db, { register_needs_approval: false });
    const body = person();
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ outcome: 'verify_email' });
    expect((await refusedLogin(body.email, body.password)).code).toBe('user_does_not_have_access');
    const link = verifyLinkOf(body.email);
    // a verification link never opens the set-password form
    expect((await t.app.inject({ method: 'POST', url: `${API}/users/recover_password/check/`, payload: link })).statusCode).toBe(400);
    expect((await verify({ ...link, token: `${link.token}x` })).json().code).toBe('invalid_verification_link');
    expect((await verify({ ...link, username: 'someone@else.example' })).statusCode).toBe(400);
    expect((await verify(link)).statusCode).toBe(200);
    expect((await login(t.app, body.email, body.password)).access_token).toBeTruthy();
    const reused = await verify(link);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invalid_verification_link');

    const late = person();
    expect((await register(late)).statusCode).toBe(201);
    const lateLink = verifyLinkOf(late.email);
    await t.app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', await userId(t.app, late.email)).execute();
    expect((await verify(lateLink)).json().code).toBe('invalid_verification_link');
    expect((await refusedLogin(late.email, late.password)).code).toBe('user_does_not_have_access');
  });

  it('asks the configured fields and the configured password strength (spec 1 §5.1)', async () => {
    await saveLoginParams(t.app.db, { register: { fields: ['document', 'mobile', 'unknown_field'], password_strong_level: 'strong' } });
    const missing = await register(person({ password: 'Abcdef12', confirm_password: 'Abcdef12' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      document: 'make_sure_that_all_fields_are_filled_in', mobile: 'make_sure_that_all_fields_are_filled_in',
      mobile_area_code: 'make_sure_that_all_fields_are_filled_in', password: 'password_needs_symbol',
    });
    const mismatch = await register(person({ document: '123.456.789-09', mobile_area_code: '11', mobile: '91234-5678', confirm_password: 'other' }));
    expect(mismatch.json().fields).toMatchObject({ confirm_password: 'password_confirmation_mismatch' });
    const ok = person({ document: '123.456.789-09', mobile_area_code: '11', mobile: '91234-5678' });
    expect((await register(ok)).statusCode).toBe(201);
    const row = await t.app.db.selectFrom('users').select(['document', 'mobile', 'status']).where('email', '=', ok.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ document: '12345678909', mobile: '912345678', status: 'awaiting_validation' });
  });

  it('"Email already in use" / "Document already registered" (spec 1 §8.2)', async () => {
    const first = person({ document: '98765432100' });
    expect((await register(first)).statusCode).toBe(201);
    const sameEmail = await register(person({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'email_already_in_use', fields: { email: 'email_already_in_use' } });
    const sameDocument = await register(person({ document: '987.654.321-00' }));
    expect(sameDocument.statusCode).toBe(409);
    expect(sameDocument.json()).toMatchObject({ code: 'document_already_registered', fields: { document: 'document_already_registered' } });
  });

  it('two sign-ups with one e-mail at the same moment make one account', async () => {
    const body = person();
    const answers = await Promise.all([register(body), register(body), register(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('email_already_in_use');
    const rows = await t.app.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(1);
  });
});
