import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp, type Tokens } from './helpers.ts';
import { logsOf, validated } from './importFixtures.ts';
import { adminWith, clientIds, loginSuperuser, newUser, userId, type Clients } from './userFixtures.ts';

const USERS = '/api/admin_users/users/';

/** spec 1 §4.1 status actions, §2.3 reset password, permissions per client and the administrative view. */
describe.each(DIALECTS)('user actions on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let manager: { id: number; tokens: Tokens };
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    manager = await adminWith(t.app, su, c.demo, ['users', 'users_manage', 'user_management', 'login_as_user']);
  });
  afterAll(async () => { await t.close(); });

  const action = (id: number, name: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method: 'POST', url: `${USERS}${id}/${name}/`, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  async function createUser(extra: Record<string, unknown> = {}) {
    const body = newUser(c.demo, { password: 'User#Pass1', ...extra });
    const res = await t.app.inject({ method: 'POST', url: USERS, headers: bearer(su), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, email: body.email };
  }
  const outboxFor = (email: string) => {
    const dir = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(email)).map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '')) : [];
  };

  it('blocks (ending sessions) and unblocks', async () => {
    const u = await createUser();
    const session = await login(t.app, u.email, 'User#Pass1');
    const blocked = await action(u.id, 'block', manager.tokens);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().status).toBe('blocked');
    expect((await t.app.inject({ url: '/api/users/session/', headers: bearer(session) })).statusCode).toBe(401);
    expect((await tokenCall(t.app, { grant_type: 'password', username: u.email, password: 'User#Pass1' })).statusCode).not.toBe(200);
    expect((await action(u.id, 'block', manager.tokens)).json().code).toBe('invalid_status_transition');
    const unblocked = await action(u.id, 'unblock', manager.tokens);
    expect(unblocked.json().status).toBe('active');
    await login(t.app, u.email, 'User#Pass1');
    expect((await action(u.id, 'unblock', manager.tokens)).json().code).toBe('invalid_status_transition');
  });

  it('approval is its own action: an edit or an import cannot activate an account awaiting validation (spec 1 §4.1)', async () => {
    const u = await createUser({ status: 'awaiting_validation' });
    const edit = await t.app.inject({ method: 'PUT', url: `${USERS}${u.id}/`, headers: bearer(manager.tokens), payload: newUser(c.demo, { email: u.email, status: 'active' }) });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ status: 'invalid_status_transition' });
    expect(outboxFor(u.email)).toHaveLength(0);
    // nor a users import
    const imported = await validated(t.app, su, 'users', [{ full_name: 'Aguardando', email: u.email, status: 'active' }]);
    expect((await logsOf(t.app, su, imported.id, 'log_type=error')).map((l) => [l.line, l.field, l.code])).toEqual([[2, 'status', 'invalid_status_transition']]);
    const blocked = await t.app.inject({ method: 'PUT', url: `${USERS}${u.id}/`, headers: bearer(manager.tokens), payload: newUser(c.demo, { email: u.email, status: 'inactive' }) });
    expect(blocked.statusCode, blocked.body).toBe(200);
  });

  it("superiors approve: one of the user's superiors holding superiors_approvers, not another approver nor a superior without it", async () => {
    const superior = await adminWith(t.app, su, c.demo, ['users', 'superiors_approvers']);
    const otherApprover = await adminWith(t.app, su, c.demo, ['users', 'superiors_approvers']);
    const plainSuperior = await adminWith(t.app, su, c.demo, ['users']);
    const u = await createUser({ status: 'awaiting_validation', superior_ids: [superior.id, plainSuperior.id] });
    const read = (await t.app.inject({ url: `${USERS}${u.id}/`, headers: bearer(su) })).json();
    expect(read.superior_ids.sort()).toEqual([superior.id, plainSuperior.id].sort());
    expect(read.superiors_list).toContainEqual({ id: superior.id, full_name: expect.any(String), email: superior.email });

    for (const someone of [otherApprover, plainSuperior]) {
      const refused = await action(u.id, 'approve', someone.tokens);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('permission_denied');
    }
    const approved = await action(u.id, 'approve', superior.tokens);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('active');
    expect(outboxFor(u.email)).toHaveLength(1);
    // approving is all a superior may do: blocking stays with the users managers
    expect((await action(u.id, 'block', superior.tokens)).statusCode).toBe(403);
  });

  it("a user's superiors are people of the selected client, never the user themself", async () => {
    const u = await createUser();
    // someone of another client only
    const other = await t.app.inject({ method: 'POST', url: USERS, headers: bearer(su), payload: newUser(c.demo, { client_ids: [c.demo, c.other] }) });
    expect(other.statusCode, other.body).toBe(201);
    await t.app.db.deleteFrom('user_clients').where('user_id', '=', other.json().id).where('client_id', '=', c.demo).execute();
    for (const ids of [[other.json().id as number], [u.id], [999_999]]) {
      const res = await t.app.inject({ method: 'PUT', url: `${USERS}${u.id}/`, headers: bearer(su), payload: newUser(c.demo, { email: u.email, superior_ids: ids }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ superior_ids: 'validation_error' });
    }
    const saved = await t.app.inject({ method: 'PUT', url: `${USERS}${u.id}/`, headers: bearer(su), payload: newUser(c.demo, { email: u.email, superior_ids: [manager.id] }) });
    expect(saved.json().superior_ids).toEqual([manager.id]);
    // left out, they are kept; an empty list clears them
    expect((await t.app.inject({ method: 'PUT', url: `${USERS}${u.id}/`, headers: bearer(su), payload: newUser(c.demo, { email: u.email }) })).json().superior_ids).toEqual([manager.id]);
    expect((await t.app.inject({ method: 'PUT', url: `${USERS}${u.id}/`, headers: bearer(su), payload: newUser(c.demo, { email: u.email, superior_ids: [] }) })).json().superior_ids).toEqual([]);
  });

  it('approves an account awaiting validation and e-mails the user', async () => {
    const u = await createUser({ status: 'awaiting_validation' });
    expect((await tokenCall(t.app, { grant_type: 'password', username: u.email, password: 'User#Pass1' })).statusCode).not.toBe(200);
    const res = await action(u.id, 'approve', manager.tokens);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('active');
    const mails = outboxFor(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Seu cadastro foi aprovado');
    await login(t.app, u.email, 'User#Pass1');
    const again = await action(u.id, 'approve', manager.tokens);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_status_transition');
  });

  it('resets the password by e-mail (recovery link) or to the default, revoking sessions', async () => {
    const u = await createUser();
    const s1 = await login(t.app, u.email, 'User#Pass1');
    expect((await action(u.id, 'reset_password', manager.tokens, { mode: 'email' })).statusCode).toBe(200);
    expect(outboxFor(u.email).some((m) => /recover-password\//.test(m))).toBe(true);
    expect((await t.app.inject({ url: '/api/users/session/', headers: bearer(s1) })).statusCode).toBe(401);

    const s2 = await login(t.app, u.email, 'User#Pass1');
    expect((await action(u.id, 'reset_password', manager.tokens, { mode: 'default' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/session/', headers: bearer(s2) })).statusCode).toBe(401);
    const s3 = await login(t.app, u.email, t.config.defaultUserPassword);
    expect((await t.app.inject({ url: '/api/users/session/', headers: bearer(s3) })).json().user_change_password).toBe(true);
    expect((await action(u.id, 'reset_password', manager.tokens, { mode: 'sms' })).statusCode).toBe(400);
  });

  it('reads and replaces module items per client, only from the catalogue and administrable clients', async () => {
    const u = await createUser();
    const url = `${USERS}${u.id}/permissions/`;
    const put = await t.app.inject({ method: 'PUT', url, headers: bearer(manager.tokens), payload: { client_id: c.demo, module_items: [{ slug: 'tags', permission: true }, { slug: 'news', permission: false }] } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ client_id: c.demo, module_items: [{ slug: 'news', permission: false }, { slug: 'tags', permission: true }] });
    expect((await t.app.inject({ url, headers: bearer(manager.tokens) })).json()).toEqual(put.json());
    const s = await login(t.app, u.email, 'User#Pass1');
    expect((await t.app.inject({ url: '/api/admin_tags/tags/', headers: bearer(s) })).statusCode).toBe(200);

    const bad = await t.app.inject({ method: 'PUT', url, headers: bearer(manager.tokens), payload: { client_id: c.demo, module_items: [{ slug: 'root', permission: true }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('unknown_permission_slug');
    const foreign = await t.app.inject({ method: 'PUT', url, headers: bearer(manager.tokens), payload: { client_id: c.other, module_items: [] } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('client_not_available');
    const usersOnly = await adminWith(t.app, su, c.demo, ['users']);
    expect((await t.app.inject({ url, headers: bearer(usersOnly.tokens) })).json().code).toBe('permission_denied');
  });

  it('logs in as a user: token pair, administrative_view on the session, an audit row', async () => {
    const u = await createUser();
    const res = await action(u.id, 'login_as', manager.tokens);
    expect(res.statusCode, res.body).toBe(200);
    const session = await t.app.inject({ url: '/api/users/session/', headers: bearer(res.json().access_token) });
    expect(session.json()).toMatchObject({ id: u.id, administrative_view: { by_user_id: manager.id } });
    expect(typeof session.json().administrative_view.by_name).toBe('string');
    const rows = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'login_as').where('target_user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: manager.id, client_id: c.demo });
    // an ordinary login carries no administrative view
    const own = await login(t.app, u.email, 'User#Pass1');
    expect((await t.app.inject({ url: '/api/users/session/', headers: bearer(own) })).json().administrative_view).toBeUndefined();
  });

  it('never impersonates a superuser', async () => {
    const res = await action(await userId(t.app, DEMO.superuser.email), 'login_as', manager.tokens);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('cannot_impersonate_superuser');
  });

  it('keeps superuser accounts and own permissions out of a client administrator\'s reach', async () => {
    const suId = await userId(t.app, DEMO.superuser.email);
    for (const [name, payload] of [['block'], ['reset_password', { mode: 'default' }]] as const) {
      const res = await action(suId, name, manager.tokens, payload);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().code).toBe('superuser_only');
    }
    const edit = await t.app.inject({ method: 'PUT', url: `${USERS}${suId}/`, headers: bearer(manager.tokens), payload: { full_name: 'x', email: 'takeover@example.com', client_ids: [c.demo] } });
    expect(edit.statusCode).toBe(403);
    await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    const self = await t.app.inject({
      method: 'PUT', url: `${USERS}${manager.id}/permissions/`, headers: bearer(manager.tokens),
      payload: { client_id: c.demo, module_items: [{ slug: 'data_anonymization', permission: true }] },
    });
    expect(self.statusCode).toBe(403);
  });

  it('refuses each action without its module item', async () => {
    const usersOnly = await adminWith(t.app, su, c.demo, ['users']);
    const learnerId = await userId(t.app, DEMO.learner.email);
    for (const [name, payload] of [['block'], ['unblock'], ['approve'], ['reset_password', { mode: 'email' }], ['login_as']] as const) {
      const res = await action(learnerId, name, usersOnly.tokens, payload);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
  });
});
