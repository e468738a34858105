import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const ORG = '/api/admin_organization/';

/** spec 1 §3.5–3.7 headquarters, branches and their lookups; §5.3 company_document unique. */
describe.each(DIALECTS)('organisation on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let orgAdmin: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    orgAdmin = (await adminWith(t.app, su, c.demo, ['headquarter', 'branch'])).tokens;
  });
  afterAll(async () => { await t.close(); });

  const post = (resource: string, payload: object, tokens = orgAdmin) => t.app.inject({ method: 'POST', url: `${ORG}${resource}/`, headers: bearer(tokens), payload });

  it('creates headquarters with a company document unique per client', async () => {
    const hq = await post('headquarters', { name: 'Rede Norte', company_name: 'Rede Norte SA', company_document: '11.222.333/0001-81', city: 'Recife' });
    expect(hq.statusCode, hq.body).toBe(201);
    expect(hq.json()).toMatchObject({ name: 'Rede Norte', company_document: '11222333000181', city: 'Recife', country_id: null });
    const dup = await post('headquarters', { name: 'Copy', company_document: '11222333000181' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'company_document_not_unique', fields: { company_document: 'company_document_not_unique' } });
    expect((await post('headquarters', { name: 'Dots', company_document: './-' })).json().code).toBe('make_sure_that_all_fields_are_filled_in');
    expect((await post('headquarters', { name: 'Nowhere', company_document: '77', country_id: 99999 })).json().fields).toEqual({ country_id: 'validation_error' });
    const second = (await post('headquarters', { name: 'Rede Sul', company_document: '99' })).json();
    const upd = await t.app.inject({ method: 'PUT', url: `${ORG}headquarters/${second.id}/`, headers: bearer(orgAdmin), payload: { name: 'Rede Sul', company_document: '11222333000181' } });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().code).toBe('company_document_not_unique');
    // another client may hold the same document
    const otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await post('headquarters', { name: 'Elsewhere', company_document: '11222333000181' }, otherAdmin)).statusCode).toBe(201);
    // and never sees this client's rows
    expect((await t.app.inject({ url: `${ORG}headquarters/${hq.json().id}/`, headers: bearer(otherAdmin) })).statusCode).toBe(404);
    const list = await t.app.inject({ url: `${ORG}headquarters/?page_size=0`, headers: bearer(otherAdmin) });
    expect(list.json().results.map((r: { name: string }) => r.name)).toEqual(['Elsewhere']);
  });

  it('creates branches with their types, size types, regional, headquarter and country', async () => {
    const type = (await post('branch_types', { name: 'Outlet' })).json();
    const size = (await post('branch_size_types', { name: 'Large' })).json();
    const regional = (await post('regionals', { name: 'Northeast' })).json();
    const hq = (await post('headquarters', { name: 'Chain', company_document: '555' })).json();
    // Argentina is seeded (spec 1 §5.2); a country of one's own is added with its code upper-cased
    const country = await post('countries', { name: 'Paraguay', code: 'pry' }, su);
    expect(country.json()).toMatchObject({ code: 'PRY', use_document_mask: false });
    expect((await post('branch_types', { name: 'Outlet' })).json().code).toBe('name_not_unique');
    const branch = await post('branches', {
      name: 'Store 1', code: 'S1', branch_type_id: type.id, size_type_id: size.id, regional_id: regional.id, headquarter_id: hq.id,
      country_id: country.json().id, address: 'Rua A', number: '10', postal_code: '50000-000',
    });
    expect(branch.statusCode, branch.body).toBe(201);
    expect(branch.json()).toMatchObject({ name: 'Store 1', branch_type_id: type.id, size_type_id: size.id, regional_id: regional.id, headquarter_id: hq.id, address: 'Rua A' });
    const filtered = await t.app.inject({ url: `${ORG}branches/?filter=${encodeURIComponent(JSON.stringify({ headquarter_id: hq.id }))}`, headers: bearer(orgAdmin) });
    expect(filtered.json().map((b: { id: number }) => b.id)).toEqual([branch.json().id]);

    // lookups for the form selects
    for (const [path, name] of [['branch_types', 'Outlet'], ['branch_size_types', 'Large'], ['regionals', 'Northeast'], ['branches', 'Store 1'], ['headquarters', 'Chain']]) {
      const res = await t.app.inject({ url: `/api/lookups/${path}/`, headers: bearer(orgAdmin) });
      expect(res.json().map((o: { name: string }) => o.name), path).toContain(name);
    }
    expect((await t.app.inject({ url: '/api/lookups/countries/', headers: bearer(orgAdmin) })).json()).toContainEqual({ id: country.json().id, name: 'Paraguay', code: 'PRY', use_document_mask: false });
    expect((await t.app.inject({ url: '/api/lookups/user_statuses/', headers: bearer(orgAdmin) })).json()).toContainEqual({ id: 'awaiting_validation', name: 'awaiting_validation' });

    // deleting a type clears the reference
    expect((await t.app.inject({ method: 'DELETE', url: `${ORG}branch_types/${type.id}/`, headers: bearer(orgAdmin) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${ORG}branches/${branch.json().id}/`, headers: bearer(orgAdmin) })).json().branch_type_id).toBeNull();
  });

  it('a branch code names one branch of the client: 409 branch_code_not_unique on create and update, free for another client', async () => {
    const first = await post('branches', { name: 'Code 1', code: 'DUP-1' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('branches', { name: 'Code 1 again', code: 'DUP-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'branch_code_not_unique', fields: { code: 'branch_code_not_unique' } });
    const second = (await post('branches', { name: 'Code 2', code: 'DUP-2' })).json();
    const moved = await t.app.inject({ method: 'PUT', url: `${ORG}branches/${second.id}/`, headers: bearer(orgAdmin), payload: { name: 'Code 2', code: 'DUP-1' } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('branch_code_not_unique');
    // branches without a code, and another client's same code, are fine
    for (const name of ['No code A', 'No code B']) expect((await post('branches', { name })).statusCode).toBe(201);
    const otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await post('branches', { name: 'Elsewhere', code: 'DUP-1' }, otherAdmin)).statusCode).toBe(201);
  });

  it('keeps the §3.6 details; a company document names one branch of the client (§5.3); dates and the area e-mail checked', async () => {
    const details = {
      company_document: '12.345.678/0001-95', register: 'IE-1', cd_matriz: 'M-1', economic_group: 'Grupo Norte', division: 'Varejo', district: 'D1',
      region: 'Nordeste', area_email: 'Loja.Recife@Acme.com', opened_date: '2019-04-01', closed_date: null, latitude: -8.0476, longitude: -34.877, retailer: true,
    };
    const created = await post('branches', { name: 'Detalhada', code: 'DET-1', ...details });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...details, company_document: '12345678000195', area_email: 'loja.recife@acme.com' });
    const taken = await post('branches', { name: 'Outra', company_document: '12345678000195' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'company_document_not_unique', fields: { company_document: 'company_document_not_unique' } });
    const closedBefore = await post('branches', { name: 'Datas', opened_date: '2020-05-01', closed_date: '2020-04-30', area_email: 'x' });
    expect(closedBefore.statusCode).toBe(400);
    expect(closedBefore.json().fields).toEqual({ area_email: 'invalid_email', closed_date: 'closed_before_opened' });
    expect((await post('branches', { name: 'Longe', latitude: 91 })).statusCode).toBe(400);
  });

  it('refuses references to another client rows', async () => {
    const otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const foreignType = (await post('branch_types', { name: 'Foreign' }, otherAdmin)).json();
    const res = await post('branches', { name: 'Bad', branch_type_id: foreignType.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ branch_type_id: 'validation_error' });
    const lookup = await t.app.inject({ url: '/api/lookups/branch_types/', headers: bearer(orgAdmin) });
    expect(lookup.json().map((o: { name: string }) => o.name)).not.toContain('Foreign');
  });

  it('checks each resource title: headquarter, branch, configuration (countries, superuser only)', async () => {
    const hqOnly = (await adminWith(t.app, su, c.demo, ['headquarter'])).tokens;
    expect((await t.app.inject({ url: `${ORG}headquarters/`, headers: bearer(hqOnly) })).statusCode).toBe(200);
    for (const path of ['branches', 'branch_types', 'branch_size_types', 'regionals']) {
      const res = await t.app.inject({ url: `${ORG}${path}/`, headers: bearer(hqOnly) });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    const branchOnly = (await adminWith(t.app, su, c.demo, ['branch'])).tokens;
    expect((await t.app.inject({ url: `${ORG}headquarters/`, headers: bearer(branchOnly) })).json().code).toBe('permission_denied');
    const countries = await post('countries', { name: 'Chile', code: 'CHL' });
    expect(countries.statusCode).toBe(403);
    expect(countries.json().code).toBe('superuser_only');
  });
});
