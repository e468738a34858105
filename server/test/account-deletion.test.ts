import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brazilianDocumentOf } from '@lp/shared/rules';
import { verifyPassword } from '../src/lib/passwords.ts';
import { DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, newUser, type Clients } from './userFixtures.ts';

const USERS = '/api/admin_users/users/';

/** spec 1 §4.2 account deletion: request, then confirm (anonymise, irreversible) or reject. */
describe.each(DIALECTS)('account deletion on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let deleter: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    deleter = (await adminWith(t.app, su, c.demo, ['users', 'users_delete_manage', 'data_anonymization'])).tokens;
  });
  afterAll(async () => { await t.close(); });

  /** A user with every personal field filled, group and area links, who asked for deletion. */
  async function requester() {
    const area = await t.app.db.selectFrom('areas').select('id').where('client_id', '=', c.demo).executeTakeFirstOrThrow();
    const group = await t.app.db.selectFrom('user_groups').select('id').where('client_id', '=', c.demo).executeTakeFirstOrThrow();
    const body = newUser(c.demo, {
      password: 'Leave#Me1', nick_name: 'Nick', document: brazilianDocumentOf(`${Date.now()}`.slice(-9)), register: `R${Date.now()}`, gmin_number: `G${Date.now()}`,
      sap_code: 'SAP', gender: 'male', birthday: '1980-01-02', mobile_country_code: '55', mobile_area_code: '21', mobile: '999999999',
      area_ids: [area.id], group_ids: [group.id],
    });
    const created = await t.app.inject({ method: 'POST', url: USERS, headers: bearer(su), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const tokens = await login(t.app, body.email, 'Leave#Me1');
    const res = await t.app.inject({ method: 'POST', url: '/api/users/request_deletion/', headers: bearer(tokens) });
    expect(res.statusCode, res.body).toBe(200);
    return { id: created.json().id as number, email: body.email, tokens };
  }

  it('a request blocks access until an administrator decides', async () => {
    const u = await requester();
    expect((await t.app.inject({ url: '/api/users/session/', headers: bearer(u.tokens) })).statusCode).toBe(401);
    expect((await tokenCall(t.app, { grant_type: 'password', username: u.email, password: 'Leave#Me1' })).statusCode).not.toBe(200);
    const detail = (await t.app.inject({ url: `${USERS}${u.id}/`, headers: bearer(deleter) })).json();
    expect(detail.status).toBe('deletion_requested');
    expect(typeof detail.deletion_requested_at).toBe('string');
  });

  it('reject restores access', async () => {
    const u = await requester();
    const res = await t.app.inject({ method: 'POST', url: `${USERS}${u.id}/deletion/reject/`, headers: bearer(deleter) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', deletion_requested_at: null });
    await login(t.app, u.email, 'Leave#Me1');
    expect((await t.app.inject({ method: 'POST', url: `${USERS}${u.id}/deletion/reject/`, headers: bearer(deleter) })).json().code).toBe('invalid_status_transition');
  });

  it('confirm anonymises every personal field irreversibly; the e-mail becomes free', async () => {
    const u = await requester();
    const before = await t.app.db.selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: `${USERS}${u.id}/deletion/confirm/`, headers: bearer(deleter) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Deleted - anonymized data', status: 'deleted', area_ids: [], group_ids: [] });

    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.full_name).toBe('Deleted - anonymized data');
    expect(row.email).not.toBe(u.email);
    expect(row.email).not.toContain(u.email.split('@')[0]);
    for (const field of ['nick_name', 'document', 'register', 'gmin_number', 'sap_code', 'gender', 'birthday', 'mobile_country_code', 'mobile_area_code', 'mobile', 'country_id', 'branch_id'] as const) {
      expect(row[field], field).toBeNull();
    }
    // no personal value survives anywhere in the row
    const personal = [before.full_name, before.email, before.nick_name, before.document, before.register, before.gmin_number, before.mobile, before.birthday];
    const text = JSON.stringify(row);
    for (const value of personal) expect(text).not.toContain(String(value));
    expect(row.status).toBe('deleted');
    expect(row.anonymized_at).not.toBeNull();
    expect(await verifyPassword('Leave#Me1', row.password_hash)).toBe(false);
    expect(await t.app.db.selectFrom('user_group_members').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('user_areas').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);
    const live = await t.app.db.selectFrom('token_families').select('id').where('user_id', '=', u.id).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);

    expect((await tokenCall(t.app, { grant_type: 'password', username: u.email, password: 'Leave#Me1' })).statusCode).toBe(400);
    // irreversible: no status change or second confirm brings it back
    expect((await t.app.inject({ method: 'POST', url: `${USERS}${u.id}/deletion/reject/`, headers: bearer(deleter) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${USERS}${u.id}/unblock/`, headers: bearer(su) })).statusCode).toBe(400);
    const edit = await t.app.inject({ method: 'PUT', url: `${USERS}${u.id}/`, headers: bearer(su), payload: { full_name: 'Back', email: u.email, client_ids: [c.demo], status: 'active' } });
    expect(edit.statusCode).toBe(400);

    const reuse = await t.app.inject({ method: 'POST', url: USERS, headers: bearer(su), payload: newUser(c.demo, { email: u.email }) });
    expect(reuse.statusCode, reuse.body).toBe(201);
  });

  it('answers no_anonymization_permission without the anonymisation item, permission_denied without users_delete_manage', async () => {
    const u = await requester();
    const noAnon = (await adminWith(t.app, su, c.demo, ['users', 'users_delete_manage'])).tokens;
    const res = await t.app.inject({ method: 'POST', url: `${USERS}${u.id}/deletion/confirm/`, headers: bearer(noAnon) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('no_anonymization_permission');
    const noManage = (await adminWith(t.app, su, c.demo, ['users', 'data_anonymization'])).tokens;
    for (const path of ['confirm', 'reject']) {
      const r = await t.app.inject({ method: 'POST', url: `${USERS}${u.id}/deletion/${path}/`, headers: bearer(noManage) });
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('permission_denied');
    }
    expect((await t.app.db.selectFrom('users').select('status').where('id', '=', u.id).executeTakeFirstOrThrow()).status).toBe('deletion_requested');
  });

  it('request_deletion needs a login', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/request_deletion/' })).statusCode).toBe(401);
  });
});
