import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_PATHS } from '@lp/shared/contract';
import { saveLoginParams } from '../src/repositories/clients.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { clientIds, loginSuperuser, newUser, type Clients } from './userFixtures.ts';

const API = '/api';

/** spec 1 §2.1 pre-register (user_pre_register), §4.1 pre_registered → complete_registration → active, §8.2. */
describe.each(DIALECTS)('pre-registration on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    await saveLoginParams(t.app.db, { user_pre_register: true, register: { fields: ['document', 'mobile'], password_strong_level: 'low' } });
  });
  afterAll(async () => { await t.close(); });

  const ask = (username: string) => t.app.inject({ method: 'POST', url: `${API}${REGISTRATION_PATHS.preRegister}`, payload: { username } });
  const complete = (tokens: Tokens, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${API}${REGISTRATION_PATHS.complete}`, headers: bearer(tokens), payload: body });
  const session = async (tokens: Tokens) => (await t.app.inject({ url: `${API}/users/session/`, headers: bearer(tokens) })).json();
  const lastMailTo = (email: string) => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const file = fs.readdirSync(outbox).filter((f) => f.includes(email)).sort().at(-1)!;
    return fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
  };

  it('the pre-registered person gets a first-access link, logs in, completes the configured data and is active', async () => {
    const body = newUser(c.demo, { status: 'pre_registered', document: '39053344705' });
    expect((await t.app.inject({ method: 'POST', url: `${API}/admin_users/users/`, headers: bearer(su), payload: body })).statusCode).toBe(201);
    // by document, as the login accepts
    expect((await ask('390.533.447-05')).statusCode).toBe(200);
    const match = /set-password\/([^/\s]+)\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(lastMailTo(body.email))!;
    const link = { username: decodeURIComponent(match[1]!), uidb64: match[2]!, token: match[3]! };
    const set = await t.app.inject({ method: 'POST', url: `${API}/users/set_new_password/`, payload: { ...link, password: 'PreReg#1', confirm_password: 'PreReg#1' } });
    expect(set.statusCode, set.body).toBe(200);
    const tokens = await login(t.app, body.email, 'PreReg#1');
    expect((await session(tokens)).must_complete_registration).toBe(true);

    const missing = await complete(tokens, { full_name: 'Pre Person' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ mobile: 'make_sure_that_all_fields_are_filled_in', mobile_area_code: 'make_sure_that_all_fields_are_filled_in' });
    // the document held by someone else: "Document already registered"
    const taken = await complete(tokens, { full_name: 'Pre Person', document: DEMO.learner.document, mobile_area_code: '21', mobile: '987654321' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('document_already_registered');
    const done = await complete(tokens, { full_name: 'Pre Person', document: '390.533.447-05', mobile_area_code: '21', mobile: '98765-4321' });
    expect(done.statusCode, done.body).toBe(200);
    const row = await t.app.db.selectFrom('users').select(['status', 'full_name', 'mobile']).where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', full_name: 'Pre Person', mobile: '987654321' });
    expect((await session(tokens)).must_complete_registration).toBe(false);
    expect((await complete(tokens, { full_name: 'Again', mobile_area_code: '21', mobile: '1', document: '1234' })).json().code).toBe('user_already_registered');
  });

  it('tells an unknown person and an already registered one apart (spec 1 §8.2)', async () => {
    const unknown = await ask('nobody@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('user_not_found');
    const active = await ask(DEMO.learner.email);
    expect(active.statusCode).toBe(409);
    expect(active.json().code).toBe('user_already_registered');
  });

  it('is closed while user_pre_register is off', async () => {
    await saveLoginParams(t.app.db, { user_pre_register: false });
    expect((await ask(DEMO.learner.email)).json().code).toBe('registration_closed');
    await saveLoginParams(t.app.db, { user_pre_register: true });
  });
});
