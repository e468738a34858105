import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';

describe.each(DIALECTS)('admin resources on %s', (dialect) => {
  let t: TestApp;
  let admin: Tokens;
  let otherAdmin: Tokens;
  let demoClient: number;
  let otherClient: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const clients = await t.app.db.selectFrom('clients').select(['id', 'name']).execute();
    demoClient = clients.find((c) => c.name === 'Demo Retail')!.id;
    otherClient = clients.find((c) => c.name === 'Other Company')!.id;
  });
  afterAll(async () => { await t.close(); });

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, tokens = admin) =>
    t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });

  describe('tags', () => {
    it('creates, reads, renames, links areas and deletes', async () => {
      const areas = (await req('GET', '/api/lookups/areas/')).json();
      const created = await req('POST', '/api/admin_tags/tags/', { name: ' Onboarding ', area_ids: [areas[0].id] });
      expect(created.statusCode).toBe(201);
      const tag = created.json();
      expect(tag).toMatchObject({ name: 'Onboarding', area_ids: [areas[0].id], areas: [{ id: areas[0].id, name: areas[0].name }] });

      const updated = await req('PUT', `/api/admin_tags/tags/${tag.id}/`, { name: 'Onboarding 2027', area_ids: [] });
      expect(updated.json()).toMatchObject({ name: 'Onboarding 2027', area_ids: [] });
      expect((await req('GET', `/api/admin_tags/tags/${tag.id}/`)).json().name).toBe('Onboarding 2027');

      const deleted = await req('DELETE', `/api/admin_tags/tags/${tag.id}/`);
      expect(deleted.json().id).toBe(tag.id);
      expect((await req('GET', `/api/admin_tags/tags/${tag.id}/`)).statusCode).toBe(404);
    });

    it('answers name_not_unique and the fill-in key, keeping what was saved', async () => {
      const dup = await req('POST', '/api/admin_tags/tags/', { name: 'Product' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().code).toBe('name_not_unique');
      const blank = await req('POST', '/api/admin_tags/tags/', { name: '' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ code: 'make_sure_that_all_fields_are_filled_in', fields: { name: 'make_sure_that_all_fields_are_filled_in' } });
      const list = (await req('GET', '/api/admin_tags/tags/?page_size=0&search=product')).json();
      expect(list.count).toBe(1);
    });

    it('refuses linking another client\'s area', async () => {
      const foreign = await t.app.db.selectFrom('areas').select('id').where('client_id', '=', otherClient).executeTakeFirstOrThrow();
      const res = await req('POST', '/api/admin_tags/tags/', { name: 'Sneaky', area_ids: [foreign.id] });
      expect(res.statusCode).toBe(400);
      expect((await req('GET', '/api/admin_tags/tags/?search=sneaky')).json().count).toBe(0);
    });
  });

  it('areas: renames per client and filters by is_active', async () => {
    const created = (await req('POST', '/api/admin_users/areas/', { name: 'Logistics', translations: { 'en-us': 'Logistics', 'pt-br': 'Logística' }, is_active: false })).json();
    expect(created).toMatchObject({ name: 'Logistics', is_active: false, translations: { 'pt-br': 'Logística' } });
    const renamed = (await req('PUT', `/api/admin_users/areas/${created.id}/`, { name: 'Supply chain' })).json();
    expect(renamed).toMatchObject({ name: 'Supply chain', is_active: false, translations: { 'pt-br': 'Logística' } });
    const inactive = await req('GET', `/api/admin_users/areas/?filter=${encodeURIComponent(JSON.stringify({ is_active: false }))}`);
    expect(inactive.json().map((a: { name: string }) => a.name)).toEqual(['Supply chain']);
  });

  it('profiles: full round trip', async () => {
    const p = (await req('POST', '/api/admin_users/profiles/', { name: 'Trainer' })).json();
    expect((await req('PUT', `/api/admin_users/profiles/${p.id}/`, { name: 'Senior trainer' })).json().name).toBe('Senior trainer');
    expect((await req('DELETE', `/api/admin_users/profiles/${p.id}/`)).statusCode).toBe(200);
  });

  it('user groups: members added and removed in bulk, only from the same client', async () => {
    const group = (await req('POST', '/api/admin_users/user_groups/', { name: 'Night shift' })).json();
    expect(group.members_count).toBe(0);
    const users = await t.app.db.selectFrom('users').innerJoin('user_clients', 'user_clients.user_id', 'users.id')
      .select(['users.id', 'user_clients.client_id']).execute();
    const mine = users.filter((u) => u.client_id === demoClient).map((u) => u.id);
    const foreign = users.find((u) => u.client_id === otherClient && !mine.includes(u.id))!.id;

    const add = await req('POST', `/api/admin_users/user_groups/${group.id}/members/`, { user_ids: mine });
    expect(add.statusCode).toBe(200);
    // adding twice creates nothing twice
    await req('POST', `/api/admin_users/user_groups/${group.id}/members/`, { user_ids: mine });
    expect((await req('GET', `/api/admin_users/user_groups/${group.id}/`)).json().members_count).toBe(mine.length);
    const refused = await req('POST', `/api/admin_users/user_groups/${group.id}/members/`, { user_ids: [foreign] });
    expect(refused.statusCode).toBe(400);

    const members = await req('GET', `/api/admin_users/user_groups/${group.id}/members/?range=[0,1]&sort=["full_name","ASC"]`);
    expect(members.headers['content-range']).toBe(`group_members 0-1/${mine.length}`);
    await req('POST', `/api/admin_users/user_groups/${group.id}/members/remove/`, { user_ids: mine.slice(0, 2) });
    expect((await req('GET', `/api/admin_users/user_groups/${group.id}/`)).json().members_count).toBe(mine.length - 2);

    const sorted = (await req('GET', '/api/admin_users/user_groups/?ordering=-members_count&page_size=0')).json();
    expect(sorted.results[0].members_count).toBeGreaterThanOrEqual(sorted.results.at(-1).members_count);
  });

  describe('tenant isolation', () => {
    it('never shows, reads, changes or deletes another client\'s rows', async () => {
      const foreignTag = await t.app.db.selectFrom('tags').select('id').where('client_id', '=', otherClient).executeTakeFirstOrThrow();
      const list = (await req('GET', '/api/admin_tags/tags/?page_size=0')).json();
      expect(list.results.map((r: { id: number }) => r.id)).not.toContain(foreignTag.id);
      expect((await req('GET', `/api/admin_tags/tags/${foreignTag.id}/`)).statusCode).toBe(404);
      expect((await req('PUT', `/api/admin_tags/tags/${foreignTag.id}/`, { name: 'hijack' })).statusCode).toBe(404);
      expect((await req('DELETE', `/api/admin_tags/tags/${foreignTag.id}/`)).statusCode).toBe(404);
      const still = await t.app.db.selectFrom('tags').select('name').where('id', '=', foreignTag.id).executeTakeFirstOrThrow();
      expect(still.name).toBe('Other tag');

      const demoGroup = await t.app.db.selectFrom('user_groups').select('id').where('client_id', '=', demoClient).executeTakeFirstOrThrow();
      expect((await req('GET', `/api/admin_users/user_groups/${demoGroup.id}/members/`, undefined, otherAdmin)).statusCode).toBe(404);
      const theirs = (await req('GET', '/api/admin_users/users/?page_size=0', undefined, otherAdmin)).json();
      expect(theirs.results.map((u: { email: string }) => u.email)).toEqual([DEMO.otherAdmin.email, DEMO.superuser.email].sort((a, b) => {
        const names: Record<string, string> = { [DEMO.otherAdmin.email]: DEMO.otherAdmin.full_name, [DEMO.superuser.email]: DEMO.superuser.full_name };
        return names[a]!.localeCompare(names[b]!);
      }));
      // the same name may exist in two clients
      expect((await req('POST', '/api/admin_tags/tags/', { name: 'Product' }, otherAdmin)).statusCode).toBe(201);
    });
  });
});
