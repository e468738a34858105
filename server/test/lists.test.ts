import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';

/** DESIGN "API contract": one list helper, DRF and ra-data-simple-rest envelopes. */
describe.each(DIALECTS)('list envelopes on %s', (dialect) => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await login(t.app, DEMO.superuser.email, DEMO.superuser.password);
    for (let i = 1; i <= 26; i++) {
      await t.app.inject({ method: 'POST', url: '/api/admin_tags/tags/', headers: bearer(admin), payload: { name: `Batch ${String(i).padStart(2, '0')}` } });
    }
  });
  afterAll(async () => { await t.close(); });

  const get = (query: string) => t.app.inject({ url: `/api/admin_tags/tags/?${query}`, headers: bearer(admin) });

  it('pages DRF style with count and results', async () => {
    const page = (await get('page=2&page_size=5&search=batch&ordering=name')).json();
    expect(page.count).toBe(26);
    expect(page.results.map((r: { name: string }) => r.name)).toEqual(['Batch 06', 'Batch 07', 'Batch 08', 'Batch 09', 'Batch 10']);
    const desc = (await get('page=1&page_size=2&search=BATCH&ordering=-name')).json();
    expect(desc.results.map((r: { name: string }) => r.name)).toEqual(['Batch 26', 'Batch 25']);
  });

  it('answers every row with page_size=0', async () => {
    const all = (await get('page_size=0')).json();
    expect(all.results).toHaveLength(all.count);
    expect(all.count).toBe(30);
  });

  it('answers a bare array with Content-Range for range/sort/filter', async () => {
    const res = await get(`range=${encodeURIComponent('[10,14]')}&sort=${encodeURIComponent('["name","DESC"]')}&filter=${encodeURIComponent('{"q":"batch"}')}`);
    expect(res.headers['content-range']).toBe('tags 10-14/26');
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(['Batch 16', 'Batch 15', 'Batch 14', 'Batch 13', 'Batch 12']);
    const ids = res.json().slice(0, 2).map((r: { id: number }) => r.id);
    const many = await get(`filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`);
    expect(many.json().map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
  });

  it('treats LIKE wildcards in a search as text', async () => {
    expect((await get('search=%25')).json().count).toBe(0);
    expect((await get('search=_')).json().count).toBe(0);
  });

  it('a list compiled once per shape runs each request with its own values (lib/list.ts reusableList)', async () => {
    const names = async (query: string) => (await get(query)).json().results.map((r: { name: string }) => r.name);
    expect(await names('page=1&page_size=3&search=batch 1&ordering=name')).toEqual(['Batch 10', 'Batch 11', 'Batch 12']);
    expect(await names('page=2&page_size=3&search=batch 2&ordering=name')).toEqual(['Batch 23', 'Batch 24', 'Batch 25']);
    const twice = async (ids: number[]) => (await get(`filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`)).json().length;
    const [a, b, c] = (await get('page_size=3&ordering=name')).json().results.map((r: { id: number }) => r.id);
    expect([await twice([a, b]), await twice([c, -1])]).toEqual([2, 1]);
    // another client's administrator, same shape: that client's tags only
    const other = await t.app.db.selectFrom('clients').select('id').where('name', '=', 'Other Company').executeTakeFirstOrThrow();
    await t.app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(admin), payload: { client_id: other.id } });
    expect((await get('page=1&page_size=3&search=batch 1&ordering=name')).json().count).toBe(0);
    const demo = await t.app.db.selectFrom('clients').select('id').where('name', '=', 'Demo Retail').executeTakeFirstOrThrow();
    await t.app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(admin), payload: { client_id: demo.id } });
    expect((await get('page=1&page_size=3&search=batch 1&ordering=name')).json().count).toBe(10);
  });

  it('rejects unknown sort fields and malformed JSON with validation_error', async () => {
    for (const q of ['ordering=password_hash', `sort=${encodeURIComponent('["secret","ASC"]')}`, 'range=oops', 'filter={']) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
  });
});
