import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_PATHS, LIBRARY_UPLOAD_KIND, LOOKUP_LIST_PATHS, USER_IMAGE_UPLOAD_KIND, type AdminUser, type Branch, type Headquarter, type LibraryFile } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { getImport, logsOf, processImport, validated } from './importFixtures.ts';
import { pdf, png, tusCreate, tusUpload } from './mediaFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { clientIds, loginSuperuser, newUser, userId, type Clients } from './userFixtures.ts';

const USERS = '/api/admin_users/users/';
const HEADQUARTERS = '/api/admin_organization/headquarters/';
const BRANCHES = '/api/admin_organization/branches/';
const FILES = `/api${LIBRARY_PATHS.files}`;

/**
 * The entity fields of spec 1 §3.4–3.6 and spec 3 §3 "Library file", the §3.8 lookups that go
 * with them, and their import columns: validation (shared rules), tenant scoping, storage.
 */
describe.each(DIALECTS)('entity fields on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let otherOrg: OrgIds;
  let country: number;

  const send = (method: 'POST' | 'PUT', url: string, payload: object, tokens = su) => t.app.inject({ method, url, headers: bearer(tokens), payload });
  const get = (url: string, tokens = su) => t.app.inject({ url, headers: bearer(tokens) });

  beforeAll(async () => {
    t = await buildTestApp(dialect, { userImportPassword: 'default' });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    otherOrg = await orgIds(t.app, c.other);
    const existing = await t.app.db.selectFrom('countries').select('id').where('code', '=', 'ARG').executeTakeFirst();
    country = existing?.id ?? (await t.app.db.insertInto('countries').values({ name: 'Argentina', code: 'ARG', created_at: new Date() })
      .returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await t.close(); });

  describe('users (spec 1 §3.4)', () => {
    it('stores sex, type, zone, residence, main and mandatory areas and profiles, and answers the system dates', async () => {
      const sales = org.areas.Sales!;
      const operations = org.areas.Operations!;
      const body = newUser(c.demo, {
        sex: 'female', user_type: 'employee', timezone: 'America/Sao_Paulo', country_of_residence_id: country,
        area_ids: [sales, operations], main_area_id: sales, mandatory_area_ids: [operations], mandatory_profile_ids: [org.profiles.Cashier!],
      });
      const res = await send('POST', USERS, { ...body, email_confirm: body.email.toUpperCase() });
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json<AdminUser>();
      expect(user).toMatchObject({
        sex: 'female', user_type: 'employee', timezone: 'America/Sao_Paulo', country_of_residence_id: country,
        main_area_id: sales, mandatory_area_ids: [operations], mandatory_profile_ids: [org.profiles.Cashier], accept_terms_date: null, image: null,
      });
      expect(user.enrollment_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(user.date_updated).toBeTruthy();

      // new areas sent alone: a kept main area no longer among them goes
      const put = await send('PUT', `${USERS}${user.id}/`, { ...body, area_ids: [operations], main_area_id: undefined });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ main_area_id: null, mandatory_area_ids: [operations] });
    });

    it('refuses what the shared rules refuse, each on its field', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ sex: 'robot' }, 'sex', 'validation_error'],
        [{ user_type: 'alien' }, 'user_type', 'validation_error'],
        [{ timezone: 'Mars/Olympus' }, 'timezone', 'validation_error'],
        [{ email_confirm: 'someone@else.com' }, 'email_confirm', 'email_confirmation_mismatch'],
        [{ area_ids: [org.areas.Sales!], main_area_id: org.areas.Operations! }, 'main_area_id', 'main_area_not_chosen'],
        [{ area_ids: [org.areas.Sales!], mandatory_area_ids: [org.areas.Operations!] }, 'mandatory_area_ids', 'mandatory_audience_not_chosen'],
        [{ country_of_residence_id: 999_999 }, 'country_of_residence_id', 'validation_error'],
      ];
      for (const [extra, field, code] of cases) {
        const res = await send('POST', USERS, newUser(c.demo, extra));
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(res.json().fields).toMatchObject({ [field]: code });
      }
    });

    it('keeps to the selected client: another client\'s profile is no mandatory profile', async () => {
      const res = await send('POST', USERS, newUser(c.demo, { mandatory_profile_ids: [Object.values(otherOrg.profiles)[0]!] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({ mandatory_profile_ids: 'validation_error' });
    });

    it('takes a profile picture through the validated upload path (spec 1 §5.4) and refuses a disguised file', async () => {
      const refusedName = await tusCreate(t.app, su, 10, 'me.pdf', USER_IMAGE_UPLOAD_KIND);
      expect(refusedName.statusCode).toBeGreaterThanOrEqual(400);

      const disguised = await tusUpload(t.app, su, pdf(), 'me.png', USER_IMAGE_UPLOAD_KIND);
      const refused = await send('POST', USERS, newUser(c.demo, { image: disguised }));
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fields)).toEqual(['image']);

      const photo = await tusUpload(t.app, su, png(), 'me.png', USER_IMAGE_UPLOAD_KIND);
      const body = newUser(c.demo, { image: photo });
      const res = await send('POST', USERS, body);
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json<AdminUser>();
      expect(user.image).toMatch(/^users\//);
      expect(user.image_url).toMatch(/\/media\/users\//);
      // the stored path sent back keeps it; the upload cannot be used twice
      const kept = await send('PUT', `${USERS}${user.id}/`, { ...body, image: user.image });
      expect(kept.json().image).toBe(user.image);
      expect((await send('POST', USERS, newUser(c.demo, { image: photo }))).statusCode).toBe(400);
    });
  });

  describe('headquarters and branches (spec 1 §3.5–3.6)', () => {
    it('stores a company type and quantity of branches, and refuses an unknown type', async () => {
      const res = await send('POST', HEADQUARTERS, { name: 'Rede Sul', company_document: '11.222.333/0001-81', company_type: 'franchise', quantity_of_branches: 42 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Headquarter>()).toMatchObject({ company_type: 'franchise', quantity_of_branches: 42 });
      const bad = await send('POST', HEADQUARTERS, { name: 'Rede X', company_document: '999', company_type: 'cartel' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ company_type: 'validation_error' });
      expect((await send('POST', HEADQUARTERS, { name: 'Rede Y', company_document: '998', quantity_of_branches: -1 })).statusCode).toBe(400);
    });

    it('names managers among the client\'s people, with the store code, organisation type and operational area', async () => {
      const manager = await userId(t.app, DEMO.learner.email);
      const res = await send('POST', BRANCHES, {
        name: 'Loja Centro', code: 'EF-1', store_code: 'L-0042', organization_type: 'Própria', operational_area: 'Sul',
        general_manager_id: manager, regional_manager_id: null,
      });
      expect(res.statusCode, res.body).toBe(201);
      const branch = res.json<Branch>();
      expect(branch).toMatchObject({ store_code: 'L-0042', organization_type: 'Própria', operational_area: 'Sul', general_manager_id: manager, regional_manager: null });
      expect(branch.general_manager).toMatchObject({ id: manager, email: DEMO.learner.email });

      const outsider = await userId(t.app, DEMO.otherAdmin.email);
      const refused = await send('POST', BRANCHES, { name: 'Loja Fora', code: 'EF-2', regional_manager_id: outsider });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toMatchObject({ regional_manager_id: 'validation_error' });
    });
  });

  describe('lookups (spec 1 §3.8)', () => {
    it('answers the code lists in the caller\'s language, every time zone, and the client\'s profiles', async () => {
      const genders = (await get(`/api${LOOKUP_LIST_PATHS.genders}`)).json<Array<{ id: string; name: string }>>();
      // the demo superuser reads Portuguese
      expect(genders).toContainEqual({ id: 'male', name: 'Masculino' });
      for (const list of ['phone_types', 'user_types', 'company_types'] as const) {
        const res = await get(`/api${LOOKUP_LIST_PATHS[list]}`);
        expect(res.statusCode).toBe(200);
        expect(res.json<Array<{ name: string }>>().every((o) => !o.name.startsWith('lookups.'))).toBe(true);
      }
      const zones = (await get(`/api${LOOKUP_LIST_PATHS.timezones}`)).json<Array<{ id: string; name: string }>>();
      expect(zones.find((z) => z.id === 'America/Sao_Paulo')?.name).toMatch(/^\(GMT[+-]\d{2}:\d{2}\) America\/Sao_Paulo$/);
      const profiles = (await get(`/api${LOOKUP_LIST_PATHS.register_profiles}`)).json<Array<{ id: number }>>().map((p) => p.id).sort();
      expect(profiles).toEqual(Object.values(org.profiles).sort());
      expect((await t.app.inject({ url: `/api${LOOKUP_LIST_PATHS.genders}` })).statusCode).toBe(401);
    });
  });

  describe('library files (spec 3 §3)', () => {
    let category: number;
    beforeAll(async () => {
      category = (await send('POST', `/api${LIBRARY_PATHS.categories}`, { name: 'Manuais EF' })).json().id;
    });
    const create = async (extra: Record<string, unknown>) => send('POST', FILES, {
      title: 'Política de Trocas', category, user_groups: [org.groups['Store leaders']!],
      resource: await tusUpload(t.app, su, pdf(), 'trocas.pdf', LIBRARY_UPLOAD_KIND), ...extra,
    });

    it('makes the slug from the title, keeps it unique in the client and refuses a malformed one', async () => {
      const first = await create({ introduction: 'Leia antes de trocar.' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<LibraryFile>()).toMatchObject({ slug: 'politica-de-trocas', introduction: 'Leia antes de trocar.' });
      // made from a title another file gave: the next free number
      const numbered = await create({});
      expect(numbered.json<LibraryFile>().slug).toBe('politica-de-trocas-2');
      // typed: it names one file
      const again = await create({ slug: 'politica-de-trocas' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'library_slug_not_unique', fields: { slug: 'library_slug_not_unique' } });
      const bad = await create({ slug: 'Política Nova' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ slug: 'invalid_slug' });
      // another client's file with the same slug does not count
      await t.app.db.updateTable('library_files').set({ client_id: c.other }).where('id', '=', first.json<LibraryFile>().id).execute();
      const free = await create({ slug: 'politica-de-trocas' });
      expect(free.statusCode, free.body).toBe(201);
      expect(free.json<LibraryFile>().slug).toBe('politica-de-trocas');
    });
  });

  describe('imports of the new columns', () => {
    const processed = async (id: number) => {
      expect((await processImport(t.app, su, id)).statusCode).toBe(202);
      await t.app.jobs.idle();
      return getImport(t.app, su, id);
    };

    it('reads the users\' newer details, with drop-down labels in any language', async () => {
      const record = await validated(t.app, su, 'users', [{
        full_name: 'Import EF', email: 'import.ef@example.com', sex: 'Feminino', user_type: 'manager', timezone: 'America/Sao_Paulo',
        country_of_residence: 'ARG', area: 'Sales; Operations', main_area: 'Sales', mandatory_areas: 'Operations', mandatory_profiles: 'Cashier',
        marital_status: 'married', admission_date: '02/01/2020', city: 'Recife',
      }]);
      expect(record, JSON.stringify(await logsOf(t.app, su, record.id))).toMatchObject({ status: 'validated', error_count: 0 });
      expect(await processed(record.id)).toMatchObject({ status: 'finalized', created_count: 1 });
      const id = await userId(t.app, 'import.ef@example.com');
      const user = (await get(`${USERS}${id}/`)).json<AdminUser>();
      expect(user).toMatchObject({
        sex: 'female', user_type: 'manager', timezone: 'America/Sao_Paulo', country_of_residence_id: country,
        main_area_id: org.areas.Sales, mandatory_area_ids: [org.areas.Operations], mandatory_profile_ids: [org.profiles.Cashier],
        marital_status: 'married', admission_date: '2020-01-02', city: 'Recife',
      });
      expect(user.enrollment_date).toBeTruthy();
    });

    it('refuses a main area outside the row\'s areas and an unknown user type', async () => {
      const record = await validated(t.app, su, 'users', [
        { full_name: 'Bad Main', email: 'bad.main@example.com', area: 'Sales', main_area: 'Operations' },
        { full_name: 'Bad Type', email: 'bad.type@example.com', user_type: 'alien' },
      ]);
      expect(record).toMatchObject({ error_count: 2 });
      const logs = (await logsOf(t.app, su, record.id)).filter((l) => l.log_type === 'error');
      expect(logs.map((l) => [l.field, l.code])).toEqual(expect.arrayContaining([
        ['main_area', 'main_area_not_chosen'], ['user_type', 'unknown_value'],
      ]));
    });

    it('reads the branches\' managers by e-mail (people of the client only) and the headquarters\' company type', async () => {
      const hq = await validated(t.app, su, 'headquarters', [{ name: 'Rede Import', company_document: '55666777000199', company_type: 'Rede', quantity_of_branches: 12 }]);
      expect(hq).toMatchObject({ status: 'validated', error_count: 0 });
      await processed(hq.id);
      expect(await t.app.db.selectFrom('headquarters').select(['company_type', 'quantity_of_branches']).where('company_document', '=', '55666777000199').executeTakeFirst())
        .toEqual({ company_type: 'network', quantity_of_branches: 12 });

      const record = await validated(t.app, su, 'branches', [
        { name: 'Loja Import', code: 'IMP-1', store_code: 'S-1', organization_type: 'Franquia', operational_area: 'Norte', general_manager: DEMO.learner.email, opened_date: '2020-01-01' },
        { name: 'Loja Outra', code: 'IMP-2', regional_manager: DEMO.otherAdmin.email },
        { name: 'Loja Datas', code: 'IMP-3', opened_date: '2021-01-01', closed_date: '2020-01-01' },
      ]);
      expect(record).toMatchObject({ error_count: 2 });
      const logs = (await logsOf(t.app, su, record.id)).filter((l) => l.log_type === 'error');
      expect(logs.map((l) => [l.field, l.code])).toEqual(expect.arrayContaining([
        ['regional_manager', 'unknown_value'], ['closed_date', 'closed_before_opened'],
      ]));
      await processed(record.id);
      const branch = await t.app.db.selectFrom('branches').selectAll().where('code', '=', 'IMP-1').where('client_id', '=', c.demo).executeTakeFirstOrThrow();
      expect(branch).toMatchObject({
        store_code: 'S-1', organization_type: 'Franquia', operational_area: 'Norte', opened_date: '2020-01-01',
        general_manager_id: await userId(t.app, DEMO.learner.email),
      });
      // one login of the other client keeps its own view: its admin cannot see the demo branch's manager
      const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
      expect((await get(`${BRANCHES}${branch.id}/`, other)).statusCode).toBe(404);
    });
  });
});
