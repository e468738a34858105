import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeClientSettings } from '../src/repositories/clients.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { clientIds, loginSuperuser, newUser, type Clients } from './userFixtures.ts';

const USERS = '/api/admin_users/users/';

/** spec 1 §5.2 (issue 25 item 2): a fresh install knows the countries with document rules and checks documents from the first user on. */
describe.each(DIALECTS)('country documents on %s', (dialect) => {
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

  it('seeds Brazil, Argentina and Uruguay with their masks on (spec 1 §5.2 masks)', async () => {
    const res = await t.app.inject({ url: '/api/lookups/countries/', headers: bearer(su) });
    expect(res.statusCode).toBe(200);
    const byCode = Object.fromEntries((res.json() as { code: string; use_document_mask: boolean }[]).map((row) => [row.code, row]));
    for (const code of ['BRA', 'ARG', 'URY']) expect(byCode[code], code).toMatchObject({ code, use_document_mask: true });
    // the admin's countries list says the same, and a country turns its mask off and on
    const list = await t.app.inject({ url: '/api/admin_organization/countries/', headers: bearer(su) });
    const rows = (list.json().results ?? list.json()) as { id: number; code: string; name: string; use_document_mask: boolean }[];
    const uruguay = rows.find((row) => row.code === 'URY')!;
    expect(uruguay.use_document_mask).toBe(true);
    const off = await t.app.inject({
      method: 'PUT', url: `/api/admin_organization/countries/${uruguay.id}/`, headers: bearer(su),
      payload: { name: uruguay.name, code: 'URY', use_document_mask: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().use_document_mask).toBe(false);
  });

  it('refuses an invalid Brazilian document whatever the form sends: with Brazil, and with no country (the client default)', async () => {
    const bra = await t.app.db.selectFrom('countries').select('id').where('code', '=', 'BRA').executeTakeFirstOrThrow();
    for (const document of ['123.456.789-00', '12345678900', '111.111.111-11']) {
      const withCountry = await post(newUser(c.demo, { country_id: bra.id, document }));
      expect(withCountry.statusCode, document).toBe(400);
      expect(withCountry.json()).toMatchObject({ code: 'invalid_document', fields: { document: 'invalid_document' } });
      const withoutCountry = await post(newUser(c.demo, { document }));
      expect(withoutCountry.statusCode, document).toBe(400);
      expect(withoutCountry.json().fields).toMatchObject({ document: 'invalid_document' });
    }
    const valid = await post(newUser(c.demo, { document: '111.444.777-35' }));
    expect(valid.statusCode, valid.body).toBe(201);
    expect(valid.json().document).toBe('11144477735');
  });

  it('another country has its own rules, and a client without a default country checks none', async () => {
    const arg = await t.app.db.selectFrom('countries').select('id').where('code', '=', 'ARG').executeTakeFirstOrThrow();
    expect((await post(newUser(c.demo, { country_id: arg.id, document: '12345678' }))).statusCode).toBe(201);
    await mergeClientSettings(t.app.db, c.demo, { default_country_code: '' }, undefined);
    try {
      expect((await post(newUser(c.demo, { document: '123.456.789-00' }))).statusCode).toBe(201);
    } finally {
      await mergeClientSettings(t.app.db, c.demo, { default_country_code: 'BRA' }, undefined);
    }
  });
});
