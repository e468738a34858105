import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, buildTestApp, login, tokenCall, type TestApp } from './helpers.ts';

/** spec 1 §2.1: recover-password/{username}/{uidb64}/{token}; §8.2 messages. */
describe.each(DIALECTS)('password recovery by e-mail on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect); });
  afterAll(async () => { await t.close(); });

  async function requestLink(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/recover_password/', payload: { email } });
    expect(res.statusCode).toBe(200);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const newest = fs.readdirSync(outbox).filter((f) => f.includes(email)).sort().at(-1)!;
    const mail = fs.readFileSync(path.join(outbox, newest), 'utf8').replace(/=\r?\n/g, '');
    const match = /recover-password\/([^/\s]+)\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(mail);
    expect(match).not.toBeNull();
    return { mail, username: decodeURIComponent(match![1]!), uidb64: match![2]!, token: match![3]! };
  }

  it('mails a link in the user language, which sets a new password once', async () => {
    const link = await requestLink(DEMO.instructor.email);
    expect(link.mail).toContain('Subject: ');
    expect(link.username).toBe(DEMO.instructor.email);
    const check = await t.app.inject({ method: 'POST', url: '/api/users/recover_password/check/', payload: { username: link.username, uidb64: link.uidb64, token: link.token } });
    expect(check.statusCode).toBe(200);

    const weak = await t.app.inject({ method: 'POST', url: '/api/users/set_new_password/', payload: { ...link, mail: undefined, password: '123', confirm_password: '123' } });
    expect(weak.json().code).toBe('password_too_short');

    const body = { username: link.username, uidb64: link.uidb64, token: link.token, password: 'Recovered#1', confirm_password: 'Recovered#1' };
    expect((await t.app.inject({ method: 'POST', url: '/api/users/set_new_password/', payload: body })).statusCode).toBe(200);
    await login(t.app, DEMO.instructor.email, 'Recovered#1');
    expect((await tokenCall(t.app, { grant_type: 'password', username: DEMO.instructor.email, password: DEMO.instructor.password })).statusCode).toBe(400);

    const reused = await t.app.inject({ method: 'POST', url: '/api/users/set_new_password/', payload: { ...body, password: 'Again#2', confirm_password: 'Again#2' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invalid_password_change_link');
  });

  it('refuses expired, tampered and superseded links', async () => {
    const first = await requestLink(DEMO.learner.email);
    const second = await requestLink(DEMO.learner.email);
    const check = (l: { username: string; uidb64: string; token: string }) =>
      t.app.inject({ method: 'POST', url: '/api/users/recover_password/check/', payload: { username: l.username, uidb64: l.uidb64, token: l.token } });
    expect((await check(first)).json().code).toBe('invalid_password_change_link');
    expect((await check({ ...second, username: DEMO.superuser.email })).statusCode).toBe(400);
    expect((await check({ ...second, uidb64: 'MQ' })).statusCode).toBe(400);
    expect((await check(second)).statusCode).toBe(200);
    await t.app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await check(second)).json().code).toBe('invalid_password_change_link');
  });

  it('says the e-mail was not found', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/recover_password/', payload: { email: 'nobody@demo.local' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('email_not_found');
  });
});
