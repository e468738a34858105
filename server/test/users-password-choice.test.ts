import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { clientIds, loginSuperuser, newUser, type Clients } from './userFixtures.ts';

const USERS = '/api/admin_users/users/';

/** Issue 25 item 5: on creation the admin sets a password now or has a first-access link e-mailed. */
describe.each(DIALECTS)('new user password choice on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
  });
  afterAll(async () => { await t.close(); });

  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: USERS, headers: bearer(su), payload: payload as object });
  const outboxFor = (email: string) => {
    const dir = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(email)) : [];
  };

  it('"set" needs the password (spec 1 §5.3 required) and the user logs in with it, no e-mail sent', async () => {
    const missing = await post(newUser(c.demo, { password_choice: 'set' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ password: 'make_sure_that_all_fields_are_filled_in' });
    const body = newUser(c.demo, { password_choice: 'set', password: 'Chosen#Pass1' });
    const created = await post(body);
    expect(created.statusCode, created.body).toBe(201);
    expect((await login(t.app, body.email, 'Chosen#Pass1')).access_token).toBeTruthy();
    expect(outboxFor(body.email)).toHaveLength(0);
  });

  it('"email" sends a first-access link and sets no password, whatever password the form carries', async () => {
    const body = newUser(c.demo, { password_choice: 'email', password: 'Ignored#Pass1' });
    const created = await post(body);
    expect(created.statusCode, created.body).toBe(201);
    const mails = outboxFor(body.email);
    expect(mails).toHaveLength(1);
    const mail = fs.readFileSync(path.join(t.config.dataDir, 'outbox', mails[0]!), 'utf8').replace(/=\r?\n/g, '');
    expect(mail).toMatch(/set-password\//);
    await expect(login(t.app, body.email, 'Ignored#Pass1')).rejects.toThrow(/failed/);
  });

  it('an unknown choice is refused by the contract', async () => {
    expect((await post(newUser(c.demo, { password_choice: 'sms' }))).statusCode).toBe(400);
  });
});
