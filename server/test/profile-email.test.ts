import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { logsOf, validated } from './importFixtures.ts';
import { clientIds, loginSuperuser, newUser, type Clients } from './userFixtures.ts';

const PROFILES = `/api${ADMIN_RESOURCES.profiles.apiPath}`;
const USERS = '/api/admin_users/users/';

/**
 * spec 1 §5.3 / §8.3 "Invalid email for this profile" (when the e-mail does not suit the chosen
 * profile): a profile names the e-mail domains of its users; the user form, the API and the
 * users import all apply the shared emailSuitsProfile.
 */
describe.each(DIALECTS)('e-mail for the profile on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let corporate: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: bearer(su), payload });

  it('a profile stores its domains normalised and refuses what is not a domain name', async () => {
    const created = await call('POST', PROFILES, { name: 'Corporativo', email_domains: [' @ACME.com', 'acme.com', '', 'acme.com.br'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Corporativo', email_domains: ['acme.com', 'acme.com.br'] });
    corporate = created.json().id;
    const bad = await call('PUT', `${PROFILES}${corporate}/`, { name: 'Corporativo', email_domains: ['acme.com', 'acme'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_email_domain', fields: { email_domains: 'invalid_email_domain' } });
    // nothing already saved is lost
    expect((await t.app.inject({ url: `${PROFILES}${corporate}/`, headers: bearer(su) })).json().email_domains).toEqual(['acme.com', 'acme.com.br']);
    // the form's profile list carries them (the user form checks as the server does)
    const lookup = (await t.app.inject({ url: '/api/lookups/profiles/', headers: bearer(su) })).json() as Array<{ id: number; email_domains: string[] }>;
    expect(lookup.find((p) => p.id === corporate)?.email_domains).toEqual(['acme.com', 'acme.com.br']);
    expect(lookup.filter((p) => p.id !== corporate).every((p) => p.email_domains.length === 0)).toBe(true);
  });

  it('the users API answers invalid_email_for_profile on the email field, on create and on update', async () => {
    const refused = await call('POST', USERS, newUser(c.demo, { email: 'bia@gmail.com', profile_id: corporate }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_email_for_profile', fields: { email: 'invalid_email_for_profile' } });
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', 'bia@gmail.com').executeTakeFirst()).toBeUndefined();

    const created = await call('POST', USERS, newUser(c.demo, { email: 'bia@sp.acme.com', profile_id: corporate }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    // an update that leaves the profile out keeps it, and its domains still apply
    const withoutProfile = newUser(c.demo, { email: 'bia@gmail.com' });
    const moved = await call('PUT', `${USERS}${id}/`, withoutProfile);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ email: 'invalid_email_for_profile' });
    // a profile without domains takes any e-mail
    const store = await t.app.db.selectFrom('profiles').select('id').where('client_id', '=', c.demo).where('name', '=', 'Cashier').executeTakeFirstOrThrow();
    expect((await call('PUT', `${USERS}${id}/`, newUser(c.demo, { email: 'bia@gmail.com', profile_id: store.id }))).statusCode).toBe(200);
  });

  it('a users import logs the row with its line, for the profile in the row or the one the user keeps', async () => {
    await t.app.db.updateTable('user_clients').set({ profile_id: corporate })
      .where('client_id', '=', c.demo)
      .where('user_id', '=', t.app.db.selectFrom('users').select('id').where('email', '=', DEMO.learner.email))
      .execute();
    const record = await validated(t.app, su, 'users', [
      { full_name: 'Caio Acme', email: 'caio@acme.com', profile: 'Corporativo' },
      { full_name: 'Caio Gmail', email: 'caio@gmail.com', profile: 'Corporativo' },
      { full_name: 'Lia Learner', email: DEMO.learner.email },
      { full_name: 'Loja', email: 'loja@gmail.com', profile: 'Cashier' },
    ]);
    expect(record).toMatchObject({ status: 'validated', total_rows: 4, error_count: 2 });
    const errors = (await logsOf(t.app, su, record.id)).filter((l) => l.log_type === 'error');
    expect(errors.map((l) => [l.line, l.field, l.code])).toEqual([[3, 'email', 'invalid_email_for_profile'], [4, 'email', 'invalid_email_for_profile']]);
  });
});
