import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIL_PATHS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const LIST = `${API}${TRAIL_PATHS.categories}`;
const ONE = (id: number) => `${API}${TRAIL_PATHS.category(id)}`;

/** spec 2 §2.4 / spec 1 §2.3 trail categories (/admin/trail/categories, title slug trails). */
describe.each(DIALECTS)('trail categories on %s', (dialect) => {
  let t: TestApp;
  let c: Clients;
  let org: OrgIds;
  let manager: Tokens;
  let reader: Tokens;
  let otherAdmin: Tokens;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    manager = (await adminWith(t.app, su, c.demo, ['trails', 'trails_manage'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trails'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => { await t.close(); });

  const create = (name: string, tokens = manager) => t.app.inject({ method: 'POST', url: LIST, headers: bearer(tokens), payload: { name } });
  const get = (url: string, tokens = manager) => t.app.inject({ url, headers: bearer(tokens) });

  it('creates, reads, renames and lists categories in both envelopes', async () => {
    const res = await create('  Liderança  ');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(res.json()).toEqual({ id, name: 'Liderança', qty_trails: 0, created_at: expect.any(String) });
    expect((await get(ONE(id), reader)).json().name).toBe('Liderança');
    const renamed = await t.app.inject({ method: 'PUT', url: ONE(id), headers: bearer(manager), payload: { name: 'Liderança de loja' } });
    expect(renamed.json().name).toBe('Liderança de loja');
    await create('Atendimento');
    const drf = (await get(`${LIST}?page_size=0&ordering=name`)).json();
    expect(drf.results.map((r: { name: string }) => r.name)).toEqual(['Atendimento', 'Liderança de loja']);
    const simple = await get(`${LIST}?range=[0,0]&sort=["name","DESC"]&filter=${encodeURIComponent('{"q":"lider"}')}`);
    expect(simple.json().map((r: { name: string }) => r.name)).toEqual(['Liderança de loja']);
    expect(simple.headers['content-range']).toBe('trail_categories 0-0/1');
  });

  it('keeps names unique per client, whatever their case (name_not_unique)', async () => {
    const first = (await create('Produtos')).json().id as number;
    const twin = await create('produtos');
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ code: 'name_not_unique', fields: { name: 'name_not_unique' } });
    const other = (await create('Outra')).json().id as number;
    const rename = await t.app.inject({ method: 'PUT', url: ONE(other), headers: bearer(manager), payload: { name: 'PRODUTOS' } });
    expect(rename.statusCode).toBe(409);
    expect((await get(ONE(other))).json().name).toBe('Outra');
    // renaming to its own name (another case) is fine
    expect((await t.app.inject({ method: 'PUT', url: ONE(first), headers: bearer(manager), payload: { name: 'PRODUTOS' } })).statusCode).toBe(200);
    // another client may use the same name
    expect((await create('Produtos', otherAdmin)).statusCode).toBe(201);
    const blank = await create('   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe('make_sure_that_all_fields_are_filled_in');
    expect((await create('x'.repeat(151))).statusCode).toBe(400);
  });

  it('counts its trails and unlinks them when deleted', async () => {
    const id = (await create('Com trilhas')).json().id as number;
    const trail = await t.app.inject({
      method: 'POST', url: `${API}${TRAIL_PATHS.collection}`, headers: bearer(manager),
      payload: { title: 'Trilha categorizada', trail_categories: [id], tags: [org.tags.Product!], areas: [org.areas.Sales!], profiles: [org.profiles.Cashier!] },
    });
    expect(trail.statusCode, trail.body).toBe(201);
    expect((await get(ONE(id))).json().qty_trails).toBe(1);
    const del = await t.app.inject({ method: 'DELETE', url: ONE(id), headers: bearer(manager) });
    expect(del.statusCode).toBe(200);
    expect((await get(ONE(id))).statusCode).toBe(404);
    expect((await get(`${API}${TRAIL_PATHS.item(trail.json().id)}`)).json().trail_categories).toEqual([]);
  });

  it('needs the trails title to read and trails_manage to change; other clients see nothing', async () => {
    const id = (await create('Restrita')).json().id as number;
    expect((await get(LIST, reader)).statusCode).toBe(200);
    expect((await create('Leitor', reader)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: ONE(id), headers: bearer(reader), payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: ONE(id), headers: bearer(reader) })).statusCode).toBe(403);
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    expect((await get(LIST, learner)).statusCode).toBe(403);
    expect((await get(ONE(id), otherAdmin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: ONE(id), headers: bearer(otherAdmin), payload: { name: 'Tomada' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: ONE(id), headers: bearer(otherAdmin) })).statusCode).toBe(404);
    expect((await get(`${LIST}?search=Restrita`, otherAdmin)).json().count).toBe(0);
    expect((await get(ONE(id))).json().name).toBe('Restrita');
  });
});
