import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES, LEARNER_PATHS, REGISTRATION_PATHS, type HomeDashboard } from '@lp/shared/contract';
import { HOME_BLOCKS } from '@lp/shared/rules';
import { RATE_LIMIT_DEFAULTS } from '../src/config.ts';
import { saveLoginParams } from '../src/repositories/clients.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { IMPORTS, createImport, logsOf, processImport, settledImport, sheetRowsOf, upload, validated, xlsxOf } from './importFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const LAYOUT = `${API}${ADMIN_RESOURCES.home_layout.apiPath}`;
const CODES = `${API}${ADMIN_RESOURCES.import_codes.apiPath}`;
const allShown = () => HOME_BLOCKS.map((key) => ({ key, visible: true }));

/**
 * spec 1 §2.3 / §6.1–6.2 (issue 26 item 4): the portal home's layout per client (`home`), the
 * client import codes (`import-code`) and the headquarters import under its own key
 * (`headquarter-import`).
 */
describe.each(DIALECTS)('superuser screens on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let manager: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: { ...RATE_LIMIT_DEFAULTS, register_ip: { max: 1000, seconds: 60 } } });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    // every module item of its client, but no superuser
    manager = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });

  describe('home layout (spec 1 §2.3 admin home, superuser only)', () => {
    it('is every block, shown, in the default order until saved; only superusers read or change it', async () => {
      const res = await call('GET', LAYOUT, su);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ blocks: allShown() });
      for (const method of ['GET', 'PUT'] as const) {
        const refused = await call(method, LAYOUT, manager, method === 'PUT' ? { blocks: allShown() } : undefined);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('superuser_only');
      }
    });

    it('saves order and visibility per client; the learner home computes and answers only the shown blocks, in order', async () => {
      const blocks = [
        { key: 'ranking', visible: true }, { key: 'schedule', visible: true }, { key: 'my_score', visible: true },
        ...HOME_BLOCKS.filter((k) => !['ranking', 'schedule', 'my_score'].includes(k)).map((key) => ({ key, visible: false })),
      ];
      const saved = await call('PUT', LAYOUT, su, { blocks });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().blocks).toEqual(blocks);
      expect((await call('GET', LAYOUT, su)).json().blocks).toEqual(blocks);

      const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
      const home = (await call('GET', `${API}${LEARNER_PATHS.home}`, learner)).json<HomeDashboard>();
      expect(home.blocks).toEqual(['ranking', 'schedule', 'my_score']);
      expect(Object.keys(home).sort()).toEqual(['blocks', 'my_score', 'schedule']);

      // another client keeps its own (the default) layout
      const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
      expect((await call('GET', `${API}${LEARNER_PATHS.home}`, other)).json<HomeDashboard>().blocks).toEqual([...HOME_BLOCKS]);

      await call('PUT', LAYOUT, su, { blocks: allShown() });
      const full = (await call('GET', `${API}${LEARNER_PATHS.home}`, learner)).json<HomeDashboard>();
      expect(full.blocks).toEqual([...HOME_BLOCKS]);
      expect(full).toHaveProperty('pending_trainings');
      expect(full).toHaveProperty('statistics');
    });

    it('refuses a layout that does not name every block once', async () => {
      const twice = [...allShown().slice(1), { key: 'next_steps', visible: true }, { key: 'ranking', visible: false }].slice(0, HOME_BLOCKS.length);
      twice[0] = { key: 'ranking', visible: true };
      for (const blocks of [allShown().slice(1), twice]) {
        const res = await call('PUT', LAYOUT, su, { blocks });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('validation_error');
      }
      expect((await call('PUT', LAYOUT, su, { blocks: [{ key: 'weather', visible: true }] })).statusCode).toBe(400);
    });
  });

  describe('import codes (spec 1 §2.3 import-code, superuser only)', () => {
    it('creates, lists, renames and deletes the selected client\'s codes; a code is unique across every client', async () => {
      const created = await call('POST', CODES, su, { code: ' lojas-sul ', description: 'Southern stores' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ code: 'LOJAS-SUL', description: 'Southern stores' });
      const id = created.json().id as number;

      // same code, other case: refused; in another client too
      const dup = await call('POST', CODES, su, { code: 'Lojas-Sul' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ code: 'import_code_not_unique', fields: { code: 'import_code_not_unique' } });
      const otherSu = await switchClient(su, c.other);
      expect((await call('POST', CODES, otherSu, { code: 'lojas-sul' })).json().code).toBe('import_code_not_unique');
      const otherCode = await call('POST', CODES, otherSu, { code: 'OTHER-1' });
      expect(otherCode.statusCode, otherCode.body).toBe(201);
      await switchClient(su, c.demo);

      // each client lists and reaches its own codes only
      const list = (await call('GET', `${CODES}?page_size=0`, su)).json().results.map((r: { code: string }) => r.code);
      expect(list).toContain('LOJAS-SUL');
      expect(list).not.toContain('OTHER-1');
      expect((await call('GET', `${CODES}${otherCode.json().id}/`, su)).statusCode).toBe(404);
      expect((await call('PUT', `${CODES}${otherCode.json().id}/`, su, { code: 'STOLEN' })).statusCode).toBe(404);

      expect((await call('POST', CODES, su, { code: 'a b' })).json()).toMatchObject({ code: 'invalid_import_code', fields: { code: 'invalid_import_code' } });
      expect((await call('PUT', `${CODES}${id}/`, su, { code: 'OTHER-1' })).json().code).toBe('import_code_not_unique');
      const renamed = await call('PUT', `${CODES}${id}/`, su, { code: 'lojas-norte', description: 'Northern stores' });
      expect(renamed.json()).toMatchObject({ code: 'LOJAS-NORTE', description: 'Northern stores' });
      expect((await call('DELETE', `${CODES}${id}/`, su)).statusCode).toBe(200);
      expect((await call('GET', `${CODES}${id}/`, su)).statusCode).toBe(404);
    });

    it('is refused to whoever is not a superuser', async () => {
      const res = await call('GET', CODES, manager);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('superuser_only');
      expect((await call('POST', CODES, manager, { code: 'MINE' })).statusCode).toBe(403);
    });

    it('self-registration with a code joins the client the code names; an unknown code is refused on its field', async () => {
      await saveLoginParams(t.app.db, { user_register: true, register_needs_approval: true, register: { fields: [], password_strong_level: 'low' } });
      const otherSu = await switchClient(su, c.other);
      expect((await call('POST', CODES, otherSu, { code: 'JOIN-OTHER' })).statusCode).toBe(201);
      await switchClient(su, c.demo);
      const person = (email: string, extra: object = {}) => ({ full_name: 'Nova Pessoa', email, password: 'Sign#Up12', confirm_password: 'Sign#Up12', ...extra });
      const register = (body: object) => t.app.inject({ method: 'POST', url: `${API}${REGISTRATION_PATHS.register}`, payload: body });

      const joined = await register(person('joins.other@example.com', { import_code: 'join-other' }));
      expect(joined.statusCode, joined.body).toBe(201);
      const user = await t.app.db.selectFrom('users').select(['id', 'selected_client_id']).where('email', '=', 'joins.other@example.com').executeTakeFirstOrThrow();
      expect(user.selected_client_id).toBe(c.other);
      const links = await t.app.db.selectFrom('user_clients').select('client_id').where('user_id', '=', user.id).execute();
      expect(links.map((l) => l.client_id)).toEqual([c.other]);

      const unknown = await register(person('unknown.code@example.com', { import_code: 'NOPE-123' }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'invalid_import_code', fields: { import_code: 'invalid_import_code' } });

      // asked by register.fields: required
      await saveLoginParams(t.app.db, { register: { fields: ['import_code'], password_strong_level: 'low' } });
      const missing = await register(person('no.code@example.com'));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ import_code: 'make_sure_that_all_fields_are_filled_in' });
      await saveLoginParams(t.app.db, { register: { fields: [], password_strong_level: 'low' } });
    });

    it('the users import accepts the selected client\'s codes and refuses a row with another client\'s', async () => {
      expect((await call('POST', CODES, su, { code: 'DEMO-SHEET' })).statusCode).toBe(201);
      const record = await validated(t.app, su, 'users', [
        { full_name: 'Coded One', email: 'coded.one@example.com', import_code: 'demo-sheet' },
        { full_name: 'Coded Two', email: 'coded.two@example.com', import_code: 'OTHER-1' },
        { full_name: 'No Code', email: 'no.code.import@example.com' },
      ]);
      expect(record.status).toBe('validated');
      const errors = (await logsOf(t.app, su, record.id as number)).filter((l) => l.log_type === 'error');
      expect(errors).toEqual([expect.objectContaining({ line: 3, field: 'import_code', code: 'unknown_value' })]);
    });
  });

  describe('headquarter-import (spec 1 §2.3, module item headquarter_import)', () => {
    it('opens the headquarters import, scoped to its client, and no other import type', async () => {
      const importer = (await adminWith(t.app, su, c.demo, ['headquarter_import'])).tokens;
      const template = await call('GET', `${API}/admin_imports/templates/headquarters/`, importer);
      expect(template.statusCode, template.body).toBe(200);
      const usersTemplate = await call('GET', `${API}/admin_imports/templates/users/`, importer);
      expect(usersTemplate.statusCode).toBe(403);
      expect(usersTemplate.json().code).toBe('superuser_only');

      const rows = await xlsxOf(sheetRowsOf('headquarters', [{ name: 'Rede Importada', company_document: '44555666000177' }]));
      const created = await createImport(t.app, importer, 'headquarters', rows);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      expect((await settledImport(t.app, importer, id)).status).toBe('validated');
      expect((await processImport(t.app, importer, id)).statusCode).toBe(202);
      expect((await settledImport(t.app, importer, id)).status).toBe('finalized');
      const hq = await t.app.db.selectFrom('headquarters').select('client_id').where('company_document', '=', '44555666000177').execute();
      expect(hq.map((h) => h.client_id)).toEqual([c.demo]);
      // the end of the pass links to the page this item opens
      const notes = (await call('GET', `${API}/notifications/`, importer)).json().results;
      expect(notes.find((n: { kind: string }) => n.kind === 'import_finished')?.payload.link).toBe(`/admin/headquarter-import?import=${id}`);

      // the users import is refused, before and after the upload
      const uploadId = await upload(t.app, importer, await xlsxOf(sheetRowsOf('users', [{ full_name: 'X', email: 'x@example.com' }])));
      const users = await call('POST', IMPORTS, importer, { import_type: 'users', upload_id: uploadId });
      expect(users.statusCode).toBe(403);
      expect(users.json().code).toBe('superuser_only');

      // the list shows its headquarters imports only; another type's import is unknown to it
      const superusers = await validated(t.app, su, 'users', [{ full_name: 'Only SU', email: 'only.su@example.com' }]);
      const listed = (await call('GET', `${IMPORTS}?page_size=0`, importer)).json().results as Array<{ id: number; import_type: string }>;
      expect(listed.map((r) => r.import_type)).toEqual(listed.map(() => 'headquarters'));
      expect(listed.map((r) => r.id)).toContain(id);
      for (const url of [`${IMPORTS}${superusers.id}/`, `${IMPORTS}${superusers.id}/logs/`]) expect((await call('GET', url, importer)).statusCode).toBe(404);
      expect((await processImport(t.app, importer, superusers.id as number)).statusCode).toBe(404);
      expect((await call('GET', `${IMPORTS}?page_size=0&import_type=users`, importer)).json().results).toEqual([]);
      // the superuser still sees every type
      expect((await call('GET', `${IMPORTS}${superusers.id}/`, su)).statusCode).toBe(200);
    });

    it('is refused without the item, and another client\'s headquarters imports stay unseen', async () => {
      const none = (await adminWith(t.app, su, c.demo, ['headquarter'])).tokens;
      const refused = await call('GET', `${IMPORTS}?page_size=0`, none);
      expect(refused.statusCode).toBe(403);
      expect((await call('GET', `${API}/admin_imports/templates/headquarters/`, none)).statusCode).toBe(403);

      await switchClient(su, c.other);
      const otherImporter = (await adminWith(t.app, su, c.other, ['headquarter_import'])).tokens;
      await switchClient(su, c.demo);
      const mine = await validated(t.app, su, 'headquarters', [{ name: 'Rede Demo', company_document: '12121212000112' }]);
      expect((await call('GET', `${IMPORTS}${mine.id}/`, otherImporter)).statusCode).toBe(404);
      expect((await processImport(t.app, otherImporter, mine.id as number)).statusCode).toBe(404);
      expect((await call('GET', `${IMPORTS}?page_size=0`, otherImporter)).json().results).toEqual([]);
    });
  });

  /** Selects `clientId` for the superuser (imports and codes act on the selected client). */
  async function switchClient(tokens: Tokens, clientId: number): Promise<Tokens> {
    const res = await t.app.inject({ method: 'POST', url: `${API}/users/session/select_client/`, headers: bearer(tokens), payload: { client_id: clientId } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return tokens;
  }
});
