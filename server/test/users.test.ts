import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { uniqueConflictOf } from '../src/repositories/adminUsers.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { clientIds, loginSuperuser, newUser, userId, type Clients } from './userFixtures.ts';

const USERS = '/api/admin_users/users/';

/** spec 1 §3.4, §5.3, §8.3: the users register, its rules and tenant scoping. */
describe.each(DIALECTS)('admin users on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
  });
  afterAll(async () => { await t.close(); });

  const post = (payload: unknown, tokens = su) => t.app.inject({ method: 'POST', url: USERS, headers: bearer(tokens), payload: payload as object });
  const put = (id: number, payload: unknown, tokens = su) => t.app.inject({ method: 'PUT', url: `${USERS}${id}/`, headers: bearer(tokens), payload: payload as object });

  it('keeps the §3.4 details: address, other phones, marital status, children, disability, admission date, store manager', async () => {
    const details = {
      postal_code: '50000-000', address: 'Rua das Flores', number: '10', complement: 'Apto 2', neighborhood: 'Boa Vista', city: 'Recife', state: 'PE',
      commercial_phone: '+55 81 3333-0000', residential_phone: '+55 81 3222-0000', whatsapp: '+55 81 99999-0000',
      marital_status: 'married', number_of_children: 2, is_handicapped: true, handicap_description: 'Baixa visão', admission_date: '2024-03-01', store_manager: true,
    };
    const res = await post(newUser(c.demo, details));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject(details);
    const id = res.json().id as number;
    // the description goes with the disability mark; an unknown marital status is refused
    const cleared = await put(id, newUser(c.demo, { email: res.json().email, ...details, is_handicapped: false }));
    expect(cleared.json()).toMatchObject({ is_handicapped: false, handicap_description: null, city: 'Recife' });
    const bad = await put(id, newUser(c.demo, { email: res.json().email, marital_status: 'complicated' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ marital_status: 'validation_error' });
    expect((await put(id, newUser(c.demo, { email: res.json().email, number_of_children: -1 }))).statusCode).toBe(400);
  });

  it('creates a user with personal and organisation data and reads it back', async () => {
    const area = await t.app.db.selectFrom('areas').select('id').where('client_id', '=', c.demo).where('name', '=', 'Sales').executeTakeFirstOrThrow();
    // a group of its own: the demo groups have members already
    const group = await t.app.db.insertInto('user_groups').values({ client_id: c.demo, name: 'Users test group', created_at: new Date().toISOString() })
      .returning('id').executeTakeFirstOrThrow();
    const profile = await t.app.db.selectFrom('profiles').select('id').where('client_id', '=', c.demo).where('name', '=', 'Cashier').executeTakeFirstOrThrow();
    const body = newUser(c.demo, {
      nick_name: 'Bea', document: '123.456.789-09', register: 'R-1', gmin_number: 'G-1', sap_code: 'S-1', gender: 'female',
      birthday: '1990-05-17', mobile_country_code: '55', mobile_area_code: '11', mobile: '912345678',
      profile_id: profile.id, area_ids: [area.id], group_ids: [group.id], password: 'Secret#12',
    });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      full_name: body.full_name, email: body.email, document: '12345678909', register: 'R-1', gmin_number: 'G-1', gender: 'female',
      birthday: '1990-05-17', mobile: '912345678', profile_id: profile.id, area_ids: [area.id], group_ids: [group.id],
      client_ids: [c.demo], status: 'active', is_superuser: false, deletion_requested_at: null,
    });
    expect(typeof user.date_joined).toBe('string');
    expect((await t.app.inject({ url: `${USERS}${user.id}/`, headers: bearer(su) })).json()).toEqual(user);
    await login(t.app, body.email, 'Secret#12');

    // filters and search, both envelopes
    const byArea = await t.app.inject({ url: `${USERS}?area_id=${area.id}&page_size=0`, headers: bearer(su) });
    expect(byArea.json().results.map((u: { id: number }) => u.id)).toEqual([user.id]);
    const byGroup = await t.app.inject({ url: `${USERS}?filter=${encodeURIComponent(JSON.stringify({ group_id: group.id }))}&range=[0,9]`, headers: bearer(su) });
    expect(byGroup.json().map((u: { id: number }) => u.id)).toEqual([user.id]);
    expect(byGroup.headers['content-range']).toBe('users 0-0/1');
    const byProfile = await t.app.inject({ url: `${USERS}?filter=${encodeURIComponent(JSON.stringify({ profile_id: profile.id }))}`, headers: bearer(su) });
    expect(byProfile.json().map((u: { id: number }) => u.id)).toEqual([user.id]);
    const bySearch = await t.app.inject({ url: `${USERS}?search=12345678909`, headers: bearer(su) });
    expect(bySearch.json().results.map((u: { id: number }) => u.id)).toEqual([user.id]);
    const byStatus = await t.app.inject({ url: `${USERS}?status=blocked`, headers: bearer(su) });
    expect(byStatus.json().count).toBe(0);
  });

  it('updates a user and keeps the links of the edited client only', async () => {
    const created = (await post(newUser(c.demo))).json();
    const res = await put(created.id, { full_name: 'Renamed', email: created.email, client_ids: [c.demo], area_ids: [], status: 'inactive' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Renamed', status: 'inactive', area_ids: [] });
  });

  it('validates with the shared rules (spec 1 §5.2–5.3)', async () => {
    const missing = await post({ full_name: ' ', email: '', client_ids: [c.demo] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('make_sure_that_all_fields_are_filled_in');
    expect(missing.json().fields).toMatchObject({ full_name: 'make_sure_that_all_fields_are_filled_in', email: 'make_sure_that_all_fields_are_filled_in' });
    expect((await post(newUser(c.demo, { email: 'not-an-email' }))).json().code).toBe('invalid_email');
    expect((await post(newUser(c.demo, { client_ids: [] }))).json().code).toBe('user_needs_a_client');
    expect((await post(newUser(c.demo, { password: '123' }))).json().fields.password).toBe('password_too_short');
    // Brazil is seeded (migration 2026_11_27_0110, spec 1 §5.2)
    const bra = await t.app.db.selectFrom('countries').select('id').where('code', '=', 'BRA').executeTakeFirstOrThrow();
    const badDoc = await post(newUser(c.demo, { country_id: bra.id, document: '111.111.111-11' }));
    expect(badDoc.statusCode).toBe(400);
    expect(badDoc.json()).toMatchObject({ code: 'invalid_document', fields: { document: 'invalid_document' } });
    expect((await post(newUser(c.demo, { country_id: bra.id, document: '935.411.347-80' }))).statusCode).toBe(201);
    // a status only an action may set
    expect((await post(newUser(c.demo, { status: 'deleted' }))).json().code).toBe('invalid_status_transition');
  });

  it('answers each uniqueness key with 409 and fields, on create and update', async () => {
    const first = (await post(newUser(c.demo, { document: '39053344705', register: 'REG-9', gmin_number: 'GM-9' }))).json();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['email', { email: first.email.toUpperCase() }, 'email_not_unique'],
      ['document', { document: '390.533.447-05' }, 'document_not_unique'],
      ['register', { register: 'REG-9' }, 'register_not_unique'],
      ['gmin_number', { gmin_number: 'GM-9' }, 'gmin_number_not_unique'],
    ];
    const other = (await post(newUser(c.demo))).json();
    for (const [field, extra, code] of cases) {
      const res = await post(newUser(c.demo, extra));
      expect(res.statusCode, field).toBe(409);
      expect(res.json()).toMatchObject({ code, fields: { [field]: code } });
      const upd = await put(other.id, { full_name: other.full_name, email: other.email, client_ids: [c.demo], ...extra });
      expect(upd.statusCode, field).toBe(409);
      expect(upd.json().code).toBe(code);
    }
    // saving a user with its own values is not a conflict
    expect((await put(first.id, { full_name: 'Same', email: first.email, document: first.document, register: 'REG-9', gmin_number: 'GM-9', client_ids: [c.demo] })).statusCode).toBe(200);
  });

  it('gives one of two concurrent creates with the same e-mail a 409 email_not_unique', async () => {
    const body = newUser(c.demo);
    const results = await Promise.all([post(body), post({ ...body, full_name: 'Twin' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'email_not_unique', fields: { email: 'email_not_unique' } });
  });

  it('maps the unique constraint itself to the spec key (the race path)', async () => {
    const existing = await t.app.db.selectFrom('users').selectAll().where('email', '=', DEMO.learner.email).executeTakeFirstOrThrow();
    for (const [column, code] of [['email', 'email_not_unique'], ['document', 'document_not_unique']] as const) {
      const error = await t.app.db.insertInto('users').values({
        email: column === 'email' ? existing.email : 'fresh@example.com', document: column === 'document' ? existing.document : null,
        register: null, gmin_number: null, sap_code: null, full_name: 'x', nick_name: null, password_hash: 'x', is_superuser: false,
        status: 'active', language_id: 1, selected_client_id: null, must_change_password: false, created_at: new Date(), updated_at: new Date(),
      }).execute().then(() => null, (e: unknown) => e);
      expect(uniqueConflictOf(error)).toEqual({ [column]: code });
    }
  });

  it('keeps a user of client B invisible to client A (tenant isolation)', async () => {
    const otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const learnerId = await userId(t.app, DEMO.learner.email);
    const list = await t.app.inject({ url: `${USERS}?page_size=0`, headers: bearer(otherAdmin) });
    expect(list.json().results.map((u: { email: string }) => u.email)).not.toContain(DEMO.learner.email);
    expect((await t.app.inject({ url: `${USERS}?search=lia`, headers: bearer(otherAdmin) })).json().count).toBe(0);
    for (const [method, url, payload] of [
      ['GET', `${USERS}${learnerId}/`, undefined],
      ['PUT', `${USERS}${learnerId}/`, { full_name: 'Hijack', email: DEMO.learner.email, client_ids: [c.other] }],
      ['GET', `${USERS}${learnerId}/permissions/`, undefined],
      ['POST', `${USERS}${learnerId}/block/`, undefined],
      ['POST', `${USERS}${learnerId}/reset_password/`, { mode: 'default' }],
      ['POST', `${USERS}${learnerId}/login_as/`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(otherAdmin), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // nor can client B's admin attach a user to client A
    const res = await t.app.inject({ method: 'POST', url: USERS, headers: bearer(otherAdmin), payload: newUser(c.other, { client_ids: [c.other, c.demo] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.client_ids).toBe('client_not_available');
  });

  it('refuses the users routes without the module item', async () => {
    const instructor = await login(t.app, DEMO.instructor.email, DEMO.instructor.password);
    const learnerId = await userId(t.app, DEMO.learner.email);
    for (const [method, url] of [['GET', USERS], ['POST', USERS], ['GET', `${USERS}${learnerId}/`], ['PUT', `${USERS}${learnerId}/`]] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(instructor), ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
  });
});
