import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_JOB, processKey } from '../src/imports/jobs.ts';
import { DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp, type Tokens } from './helpers.ts';
import { processImport, validated } from './importFixtures.ts';
import { clientIds, loginSuperuser, newUser, type Clients } from './userFixtures.ts';

type Link = { username: string; uidb64: string; token: string };

/**
 * spec 1 §2.1 set-password/{username}/{uidb64}/{token} (first access): the user form and imports
 * send it instead of a shared default password (USER_IMPORT_PASSWORD=link, the default); an
 * invalid or used link gets "Information to change the password is invalid; request a new change".
 */
describe.each(DIALECTS)('first-access links on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
  });
  afterAll(async () => { await t.close(); });

  const mailsTo = (email: string) => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((f) => f.includes(email)).sort().map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
      : [];
  };
  const linkIn = (mail: string): Link => {
    const match = /\/set-password\/([^/\s]+)\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(mail);
    expect(match, 'a set-password link').not.toBeNull();
    return { username: decodeURIComponent(match![1]!), uidb64: match![2]!, token: match![3]! };
  };
  const check = (link: Link) => t.app.inject({ method: 'POST', url: '/api/users/recover_password/check/', payload: link });
  const setPassword = (link: Link, password: string) => t.app.inject({
    method: 'POST', url: '/api/users/set_new_password/', payload: { ...link, password, confirm_password: password },
  });

  it('the user form sends a set-password link that sets the first password once', async () => {
    const body = newUser(c.demo, { password_choice: 'email' });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin_users/users/', headers: bearer(su), payload: body })).statusCode).toBe(201);
    const link = linkIn(mailsTo(body.email).at(-1)!);
    expect((await check(link)).statusCode).toBe(200);
    expect((await check({ ...link, token: link.token.slice(1) })).json().code).toBe('invalid_password_change_link');
    expect((await setPassword(link, 'First#Pass1')).statusCode).toBe(200);
    expect((await login(t.app, body.email, 'First#Pass1')).access_token).toBeTruthy();
    const used = await setPassword(link, 'Second#Pass2');
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('invalid_password_change_link');
  });

  it('an expired first-access link is refused with the spec message', async () => {
    const body = newUser(c.demo, { password_choice: 'email' });
    const created = (await t.app.inject({ method: 'POST', url: '/api/admin_users/users/', headers: bearer(su), payload: body })).json();
    const link = linkIn(mailsTo(body.email).at(-1)!);
    await t.app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', created.id).execute();
    expect((await setPassword(link, 'Late#Pass1')).json().code).toBe('invalid_password_change_link');
  });

  it('an import mails each new user a first-access link (no default password), once', async () => {
    const email = `imported-${Date.now()}@example.com`;
    const record = await validated(t.app, su, 'users', [{ full_name: 'Imported Person', email }]);
    expect((await processImport(t.app, su, record.id)).statusCode).toBe(202);
    await t.app.jobs.idle();
    const row = await t.app.db.selectFrom('users').select(['must_change_password', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('!unusable$')).toBe(true);
    expect((await tokenCall(t.app, { grant_type: 'password', username: email, password: t.config.defaultUserPassword })).statusCode).toBe(400);
    expect(mailsTo(email)).toHaveLength(1);
    // the job run again sends no second link
    await t.app.jobs.enqueue(PROCESS_JOB, { importId: record.id }, { dedupeKey: processKey(record.id) });
    await t.app.jobs.idle();
    expect(mailsTo(email)).toHaveLength(1);
    const link = linkIn(mailsTo(email)[0]!);
    expect((await setPassword(link, 'Imported#1')).statusCode).toBe(200);
    const session = (await t.app.inject({ url: '/api/users/session/', headers: bearer(await login(t.app, email, 'Imported#1')) })).json();
    expect(session.user_change_password).toBe(false);
  });
});
