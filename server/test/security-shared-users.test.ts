import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { clientIds, loginSuperuser, newUser, userId, type Clients } from './userFixtures.ts';

const USERS = '/api/admin_users/users/';
const AUDIT = '/api/admin_users/audit_log/';
const PASSWORD = 'Shared#2026!';

/**
 * docs/security.md "Shared users": account-wide actions on a user linked to several clients need
 * the module item in every one of them; a "log in as" session stays in the administrator's
 * client; each account-wide action is in the superusers' audit log with where it came from.
 */
describe.each(DIALECTS)('shared users across clients on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let manager: Tokens;
  let c: Clients;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    manager = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    c = await clientIds(t.app);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: { ...bearer(tokens), 'user-agent': 'security-test/1.0' }, ...(payload ? { payload } : {}) });

  /** A learner linked to both clients, created by the superuser. */
  async function sharedUser(): Promise<{ id: number; email: string; body: ReturnType<typeof newUser> }> {
    const body = newUser(c.demo, { client_ids: [c.demo, c.other], password: PASSWORD });
    const res = await call('POST', USERS, su, body);
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, email: body.email, body };
  }

  /** The manager's form sends the clients they administer; the user's other links stay. */
  const asSeenByManager = (body: ReturnType<typeof newUser>) => {
    const { password: _p, ...rest } = body as typeof body & { password?: string };
    return { ...rest, client_ids: [c.other] };
  };

  it('the other client\'s manager cannot take over a user shared with Demo Retail', async () => {
    const shared = await sharedUser();
    const asIs = asSeenByManager(shared.body);
    const attempts: Array<[string, 'POST' | 'PUT', string, object | undefined]> = [
      ['login as', 'POST', `${USERS}${shared.id}/login_as/`, undefined],
      ['a password of their choice', 'PUT', `${USERS}${shared.id}/`, { ...asIs, password: 'Taken#2026!' }],
      ['the e-mail', 'PUT', `${USERS}${shared.id}/`, { ...asIs, email: `taken-${Date.now()}@evil.local` }],
      ['the status', 'PUT', `${USERS}${shared.id}/`, { ...asIs, status: 'blocked' }],
      ['the document (a login name)', 'PUT', `${USERS}${shared.id}/`, { ...asIs, document: '123.456.789-09' }],
      ['reset the password', 'POST', `${USERS}${shared.id}/reset_password/`, { mode: 'default' }],
      ['block', 'POST', `${USERS}${shared.id}/block/`, undefined],
    ];
    for (const [what, method, url, payload] of attempts) {
      const res = await call(method, url, manager, payload);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json().code, what).toBe('account_shared_with_other_clients');
    }
    // nothing changed: the user still logs in with their own password, with their own e-mail, active
    const row = await t.app.db.selectFrom('users').select(['email', 'status', 'must_change_password', 'document']).where('id', '=', shared.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: shared.email, status: 'active', document: null });
    await login(t.app, shared.email, PASSWORD);
    const links = await t.app.db.selectFrom('user_clients').select('client_id').where('user_id', '=', shared.id).execute();
    expect(links.map((l) => l.client_id).sort()).toEqual([c.demo, c.other].sort());
    expect(await t.app.db.selectFrom('token_families').select('id').where('user_id', '=', shared.id).where('acting_user_id', 'is not', null).execute()).toEqual([]);
  });

  it('other edits of a shared user (the fields of the selected client) stay allowed', async () => {
    const shared = await sharedUser();
    const area = await t.app.db.selectFrom('areas').select('id').where('client_id', '=', c.other).executeTakeFirstOrThrow();
    const asIs = asSeenByManager(shared.body);
    const res = await call('PUT', `${USERS}${shared.id}/`, manager, { ...asIs, full_name: 'Renamed By Other', area_ids: [area.id], status: 'active' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Renamed By Other', area_ids: [area.id], email: shared.email, client_ids: [c.demo, c.other].sort((a, b) => a - b) });
  });

  it('an administrator holding the item in every client of the user may; a user of their client alone too', async () => {
    const shared = await sharedUser();
    // an administrator of both clients (not a superuser), users_manage and login_as_user in each
    const body = newUser(c.demo, { client_ids: [c.demo, c.other], password: 'Both#2026!' });
    const admin = await call('POST', USERS, su, body);
    expect(admin.statusCode, admin.body).toBe(201);
    for (const clientId of [c.demo, c.other]) {
      const grant = await call('PUT', `${USERS}${admin.json().id}/permissions/`, su, {
        client_id: clientId, module_items: ['users', 'users_manage', 'login_as_user'].map((slug) => ({ slug, permission: true })),
      });
      expect(grant.statusCode, grant.body).toBe(200);
    }
    const both = await login(t.app, body.email, 'Both#2026!');
    expect((await call('POST', `${USERS}${shared.id}/block/`, both)).statusCode).toBe(200);
    expect((await call('POST', `${USERS}${shared.id}/unblock/`, both)).statusCode).toBe(200);
    expect((await call('POST', `${USERS}${shared.id}/login_as/`, both)).statusCode).toBe(200);

    // Other Company's own user: the manager keeps every account action there
    const own = await call('POST', USERS, manager, newUser(c.other, { password: PASSWORD }));
    expect(own.statusCode, own.body).toBe(201);
    expect((await call('POST', `${USERS}${own.json().id}/reset_password/`, manager, { mode: 'default' })).statusCode).toBe(200);
    expect((await call('POST', `${USERS}${own.json().id}/login_as/`, manager)).statusCode).toBe(200);
  });

  it('a "log in as" session is confined to the administrator\'s client', async () => {
    const shared = await sharedUser();
    // the user last worked in Other Company; the superuser acts from Demo Retail
    await t.app.db.updateTable('users').set({ selected_client_id: c.other }).where('id', '=', shared.id).execute();
    const res = await call('POST', `${USERS}${shared.id}/login_as/`, su);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<Tokens>();
    const session = await call('GET', '/api/users/session/', view);
    expect(session.json()).toMatchObject({ id: shared.id, id_user_client_selected: c.demo, administrative_view: { by_user_id: await userId(t.app, DEMO.superuser.email) } });
    expect(session.json().user_clients.map((u: { id: number }) => u.id)).toEqual([c.demo]);
    const away = await call('POST', '/api/users/session/select_client/', view, { client_id: c.other });
    expect(away.statusCode).toBe(403);
    expect(away.json().code).toBe('client_not_available');
    expect((await call('POST', '/api/users/session/select_client/', view, { client_id: c.demo })).statusCode).toBe(200);
    // a refreshed session stays confined
    const refreshed = await t.app.inject({
      method: 'POST', url: '/api/o/token/',
      headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: view.refresh_token }).toString(),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await call('POST', '/api/users/session/select_client/', refreshed.json<Tokens>(), { client_id: c.other })).statusCode).toBe(403);
    // an administrative view opens no other one
    const instructorId = await userId(t.app, DEMO.instructor.email);
    await t.app.db.insertInto('user_module_items').values({ user_id: shared.id, client_id: c.demo, slug: 'login_as_user', permission: true }).execute();
    expect((await call('POST', `${USERS}${instructorId}/login_as/`, refreshed.json<Tokens>())).statusCode).toBe(403);
    // the user's own login is not confined
    const own = await login(t.app, shared.email, PASSWORD);
    expect((await call('POST', '/api/users/session/select_client/', own, { client_id: c.other })).statusCode).toBe(200);
  });

  it('writes every account-wide action to the audit log, which superusers read', async () => {
    const shared = await sharedUser();
    const { password: _p, ...asIs } = shared.body as typeof shared.body & { password?: string };
    const email = `moved-${Date.now()}@example.com`;
    expect((await call('PUT', `${USERS}${shared.id}/`, su, { ...asIs, email, password: 'Changed#2026!', client_ids: [c.demo], status: 'inactive' })).statusCode).toBe(200);
    expect((await call('POST', `${USERS}${shared.id}/reset_password/`, su, { mode: 'default' })).statusCode).toBe(200);
    expect((await call('POST', `${USERS}${shared.id}/block/`, su)).statusCode).toBe(200);

    const read = await call('GET', `${AUDIT}?target_user_id=${shared.id}&page_size=50`, su);
    expect(read.statusCode, read.body).toBe(200);
    const entries = read.json<{ count: number; results: AuditLogEntry[] }>().results;
    const byAction = new Map(entries.map((e) => [e.action, e]));
    for (const action of ['user_create', 'password_set', 'email_change', 'status_change', 'client_links_change', 'password_reset', 'user_block']) {
      expect(byAction.get(action), action).toMatchObject({
        actor_id: await userId(t.app, DEMO.superuser.email), actor_name: DEMO.superuser.full_name, target_user_id: shared.id,
        ip: '127.0.0.1', user_agent: 'security-test/1.0',
      });
      expect(Date.parse(byAction.get(action)!.created_at)).not.toBeNaN();
    }
    expect(byAction.get('email_change')!.details).toEqual({ from: shared.email, to: email });
    expect(byAction.get('status_change')!.details).toEqual({ from: 'active', to: 'inactive' });
    expect(byAction.get('client_links_change')!.details).toEqual({ added: [], removed: [c.other] });
    // newest first, filtered by action and actor; the simple envelope too
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    const resets = await call('GET', `${AUDIT}?action=password_reset&actor_id=${await userId(t.app, DEMO.superuser.email)}`, su);
    expect(resets.json().results.every((e: AuditLogEntry) => e.action === 'password_reset')).toBe(true);
    expect(resets.json().count).toBeGreaterThan(0);
    const simple = await call('GET', `${AUDIT}?range=[0,1]&filter=${encodeURIComponent(JSON.stringify({ target_user_id: shared.id }))}`, su);
    expect(simple.statusCode).toBe(200);
    expect(simple.json()).toHaveLength(2);
    expect(simple.headers['content-range']).toMatch(/^audit-log 0-1\/\d+$/);
    // a client's administrator, even with every module item, does not read it
    const denied = await call('GET', AUDIT, manager);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('superuser_only');
  });

  it('adding a client link needs the item in that client too', async () => {
    // linked to both clients, with the users items in Other Company only
    const body = newUser(c.demo, { client_ids: [c.demo, c.other], password: 'Half#2026!' });
    const admin = await call('POST', USERS, su, body);
    const grant = await call('PUT', `${USERS}${admin.json().id}/permissions/`, su, {
      client_id: c.other, module_items: ['users', 'users_manage'].map((slug) => ({ slug, permission: true })),
    });
    expect(grant.statusCode, grant.body).toBe(200);
    await t.app.db.updateTable('users').set({ selected_client_id: c.other }).where('id', '=', admin.json().id).execute();
    const half = await login(t.app, body.email, 'Half#2026!');
    const own = newUser(c.other, { password: PASSWORD });
    const created = await call('POST', USERS, half, own);
    expect(created.statusCode, created.body).toBe(201);
    const { password: _p, ...asIs } = own as typeof own & { password?: string };
    const linked = await call('PUT', `${USERS}${created.json().id}/`, half, { ...asIs, client_ids: [c.other, c.demo] });
    expect(linked.statusCode, linked.body).toBe(403);
    expect(linked.json().code).toBe('account_shared_with_other_clients');
    expect((await call('GET', `${USERS}${created.json().id}/`, half)).json().client_ids).toEqual([c.other]);
  });

  it('records the login as, with where it came from', async () => {
    const own = await call('POST', USERS, manager, newUser(c.other, { password: PASSWORD }));
    expect((await call('POST', `${USERS}${own.json().id}/login_as/`, manager)).statusCode).toBe(200);
    const rows = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'login_as').where('target_user_id', '=', own.json().id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: await userId(t.app, DEMO.otherAdmin.email), client_id: c.other, ip: '127.0.0.1', user_agent: 'security-test/1.0' });
  });
});
