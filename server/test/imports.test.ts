import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_MIME } from '@lp/shared/contract';
import { workbookSheets } from '../src/imports/reader.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import {
  IMPORTS, TUS, createImport, getImport, header, logsOf, processImport, sheetRowsOf, tusCreate, tusHeaders, tusPatch, upload,
  validated, xlsxOf,
} from './importFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/** spec 1 §2.3 admin-imports: template, tus upload, "save and validate", list, logs, access. */
describe.each(DIALECTS)('imports on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
  });
  afterAll(async () => { await t.close(); });

  /** Every sheet of a workbook with its state and rows (texts; empty rows kept as []), through the import's own reader. */
  async function readBack(bytes: Buffer) {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'template-'));
    const file = path.join(dir, 'template.xlsx');
    await fs.promises.writeFile(file, bytes);
    try {
      const sheets: Array<{ name: string; state: string; rows: unknown[][] }> = [];
      for await (const sheet of workbookSheets(file)) {
        const rows: unknown[][] = [];
        for await (const row of sheet.rows()) rows[row.line - 1] = row.cells;
        sheets.push({ name: sheet.name, state: sheet.state, rows: Array.from(rows, (r) => r ?? []) });
      }
      return sheets;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  /** A superuser who belongs to the other client only. */
  async function otherSuperuser(): Promise<Tokens> {
    const email = `root-${Date.now()}@other.local`;
    const now = new Date();
    const row = await t.app.db.insertInto('users').values({
      email, document: null, register: null, gmin_number: null, sap_code: null, full_name: 'Other Root', nick_name: null,
      password_hash: await hashPassword('Root#2026!', 10), is_superuser: true, status: 'active', language_id: 1,
      selected_client_id: c.other, must_change_password: false, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('user_clients').values({ user_id: row.id, client_id: c.other, profile_id: null }).execute();
    return login(t.app, email, 'Root#2026!');
  }

  it('downloads a template with the header, drop-downs on a hidden lists sheet and escaped values', async () => {
    // a lookup value that a spreadsheet would run as a formula is written as text
    await t.app.db.insertInto('user_groups').values({ client_id: c.demo, name: '=HYPERLINK("http://x","y")', created_at: new Date() }).execute();
    const res = await t.app.inject({ url: '/api/admin_imports/templates/users/', headers: bearer(su) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="modelo-de-importacao-usuarios\.xlsx"/);

    // the sheets through the import's own reader, the validations from the sheet XML
    const sheets = await readBack(res.rawPayload);
    const [data, lists, help] = sheets;
    expect(data!.rows[0]).toEqual(header('users'));
    expect(lists).toMatchObject({ name: 'lists', state: 'hidden' });
    expect(help!.state).not.toBe('hidden');
    expect(help!.rows[0]![0]).toContain('Usuários');
    expect(help!.rows.flat().join(' ')).toContain('primeiras 10000 linhas');

    const zip = await JSZip.loadAsync(res.rawPayload);
    const sheetXml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheetXml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    const comments = Object.keys(zip.files).find((f) => /^xl\/comments\d*\.xml$/.test(f))!;
    expect(await zip.file(comments)!.async('string')).toContain('Nome completo');
    const profileLetter = String.fromCharCode(64 + header('users').indexOf('profile') + 1);
    const validation = new RegExp(`<dataValidation [^>]*type="list"[^>]*sqref="${profileLetter}2:${profileLetter}10001"[^>]*>\\s*<formula1>lists!\\$([A-Z]+)\\$2:\\$[A-Z]+\\$(\\d+)</formula1>`).exec(sheetXml);
    expect(validation, sheetXml.slice(sheetXml.indexOf('<dataValidations'), sheetXml.indexOf('</dataValidations>'))).not.toBeNull();
    // the formula points at the client's profiles on the hidden sheet
    const column = validation![1]!.charCodeAt(0) - 65;
    const last = Number(validation![2]);
    expect(lists!.rows.slice(1, last).map((r) => r[column])).toEqual(['Cashier', 'Regional manager', 'Salesperson', 'Store manager']);
    const everyList = lists!.rows.flat();
    expect(everyList).toContain(`'=HYPERLINK("http://x","y")`);
    expect(everyList).not.toContain('=HYPERLINK("http://x","y")');
    expect(await zip.file('xl/worksheets/sheet2.xml')!.async('string')).not.toContain('<f>');

    for (const type of ['headquarters', 'branches'] as const) {
      const other = await t.app.inject({ url: `/api/admin_imports/templates/${type}/`, headers: bearer(su) });
      expect(other.statusCode).toBe(200);
      expect((await readBack(other.rawPayload))[0]!.rows[0]).toEqual(header(type));
    }
    expect((await t.app.inject({ url: '/api/admin_imports/templates/tags/', headers: bearer(su) })).statusCode).toBe(400);
  });

  it('takes uploads through tus, resumable, and only their owner can touch them', async () => {
    const bytes = await xlsxOf(sheetRowsOf('users', [{ full_name: 'Tus User', email: 'tus@example.com' }]));
    const created = await tusCreate(t.app, su, bytes.length, { filename: '../../etc/passwd.xlsx', kind: 'import' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/files\/tus\/[0-9a-f]+$/);
    const id = location.split('/').pop()!;
    // the client's name is only shown: the stored file is named by the random id
    const row = await t.app.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: 'passwd.xlsx', kind: 'import', client_id: c.demo, completed_at: null });

    expect((await tusPatch(t.app, su, location, 0, bytes.subarray(0, 100))).statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...bearer(su), ...tusHeaders } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('100');
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    // a wrong offset is refused by the protocol
    expect((await tusPatch(t.app, su, location, 5, bytes.subarray(5))).statusCode).toBe(409);

    // someone else: neither the offset nor the bytes
    const admin = await adminWith(t.app, su, c.demo, ['users']);
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: { ...bearer(admin.tokens), ...tusHeaders } })).statusCode).toBe(404);
    expect((await tusPatch(t.app, admin.tokens, location, 100, bytes.subarray(100))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: location, headers: { ...bearer(admin.tokens), ...tusHeaders } })).statusCode).toBe(404);
    // an import file is uploaded only by who may import
    expect((await tusCreate(t.app, admin.tokens, 10, { filename: 'a.xlsx', kind: 'import' })).statusCode).toBe(403);

    expect((await tusPatch(t.app, su, location, 100, bytes.subarray(100))).statusCode).toBe(204);
    expect((await t.app.db.selectFrom('uploads').select('completed_at').where('id', '=', id).executeTakeFirstOrThrow()).completed_at).not.toBeNull();

    expect((await t.app.inject({ method: 'POST', url: TUS, headers: { ...tusHeaders, 'upload-length': '10' } })).statusCode).toBe(401);
    expect((await tusCreate(t.app, su, 10, { filename: 'a.xlsx', kind: 'nope' })).statusCode).toBe(400);
    expect((await tusCreate(t.app, su, 10, { filename: 'a.csv', kind: 'import' })).statusCode).toBe(400);
    expect((await tusCreate(t.app, su, 151 * 1024 * 1024, { filename: 'a.xlsx', kind: 'import' })).statusCode).toBe(413);
    // termination by the owner
    const doomed = await tusCreate(t.app, su, 10, { filename: 'gone.xlsx', kind: 'import' });
    const doomedUrl = doomed.headers.location as string;
    expect((await t.app.inject({ method: 'DELETE', url: doomedUrl, headers: { ...bearer(su), ...tusHeaders } })).statusCode).toBe(204);
    expect(await t.app.db.selectFrom('uploads').select('id').where('id', '=', doomedUrl.split('/').pop()!).executeTakeFirst()).toBeUndefined();
    const options = await t.app.inject({ method: 'OPTIONS', url: TUS });
    expect(options.statusCode).toBe(204);
    expect(options.headers['tus-extension']).toContain('creation');
  });

  it('saves and validates: 201 awaiting, then line-numbered errors while valid rows pass', async () => {
    // Brazil is seeded (migration 2026_11_27_0110, spec 1 §5.2)
    await t.app.db.selectFrom('countries').select('id').where('code', '=', 'BRA').executeTakeFirstOrThrow();
    const records = [
      { full_name: 'Valid One', email: 'valid.one@example.com', profile: 'Cashier', area: 'Sales; Operations', country: 'Brasil', document: '935.411.347-80' },
      { full_name: 'Bad Mail', email: 'not-an-email' },
      { full_name: 'Bad Document', email: 'bad.doc@example.com', country: 'BRA', document: '111.111.111-11' },
      { full_name: '', email: 'no.name@example.com' },
      { full_name: 'Repeated', email: 'VALID.ONE@example.com' },
      { full_name: 'Unknown Profile', email: 'unknown.profile@example.com', profile: 'Astronaut' },
      // another client's user: never taken over from here
      { full_name: 'Other Manager', email: DEMO.otherAdmin.email },
      { full_name: 'Bad Birthday', email: 'bday@example.com', birthday: '31/02/1990' },
      { full_name: 'Valid Two', email: 'valid.two@example.com', birthday: new Date(Date.UTC(1991, 4, 17)), register: 'R-900' },
    ];
    const res = await createImport(t.app, su, 'users', await xlsxOf(sheetRowsOf('users', records)), 'people.xlsx');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      import_type: 'users', status: 'awaiting', phase: null, file_name: 'people.xlsx', total_rows: null, processed_rows: 0,
      created_by: { full_name: DEMO.superuser.full_name },
    });
    await t.app.jobs.idle();
    const record = await getImport(t.app, su, res.json().id);
    // two valid rows: the import can still be processed, leaving the seven out (spec 1 §4.3)
    expect(record).toMatchObject({ status: 'validated', total_rows: 9, processed_rows: 9, error_count: 7, created_count: 0 });
    const errors = (await logsOf(t.app, su, record.id, 'log_type=error&page_size=0')).map((l) => [l.line, l.field, l.code]);
    expect(errors).toEqual([
      [3, 'email', 'invalid_email'],
      [4, 'document', 'invalid_document'],
      [5, 'full_name', 'make_sure_that_all_fields_are_filled_in'],
      [6, 'email', 'email_not_unique'],
      [7, 'profile', 'unknown_value'],
      [8, 'email', 'email_not_unique'],
      [9, 'birthday', 'invalid_date'],
    ]);
    const logs = await logsOf(t.app, su, record.id);
    expect(logs.find((l) => l.line === 7)!.content).toBe('Perfil: "Astronaut" não está na lista deste cliente');
    expect(logs.find((l) => l.line === 3)!.content).toMatch(/^E-mail: /);
    expect(logs.at(-1)).toMatchObject({ line: null, code: 'validation_finished', log_type: 'info' });
    // nothing was written by the validation
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', 'valid.one@example.com').executeTakeFirst()).toBeUndefined();
    // "process" writes the two valid rows and leaves the others out, logged once
    expect((await processImport(t.app, su, record.id)).statusCode).toBe(202);
    await t.app.jobs.idle();
    expect(await getImport(t.app, su, record.id)).toMatchObject({ status: 'with_errors', created_count: 2, error_count: 7 });
    expect((await logsOf(t.app, su, record.id, 'log_type=error&page_size=0')).length).toBe(7);
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', 'valid.one@example.com').executeTakeFirst()).toBeDefined();
  });

  it('refuses to process an import where no row can be imported', async () => {
    const record = await validated(t.app, su, 'users', [{ full_name: 'X', email: 'broken' }, { full_name: '', email: 'y@example.com' }]);
    expect(record).toMatchObject({ status: 'with_errors', error_count: 2 });
    const refused = await processImport(t.app, su, record.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('invalid_status_transition');
  });

  it('writes log contents in the reader language', async () => {
    const record = await validated(t.app, su, 'users', [{ full_name: 'X', email: 'broken' }]);
    await t.app.inject({ method: 'PATCH', url: '/api/users/profile/', headers: bearer(su), payload: { id_user_language_selected: 2 } });
    try {
      const [entry] = await logsOf(t.app, su, record.id, 'log_type=error');
      expect(entry!.content).toBe('E-mail: Invalid email address');
    } finally {
      await t.app.inject({ method: 'PATCH', url: '/api/users/profile/', headers: bearer(su), payload: { id_user_language_selected: 1 } });
    }
  });

  it('refuses files that are not the template (spec 1 §8.4 test_validation_error)', async () => {
    const expectRefused = async (bytes: Buffer, filename = 'import.xlsx') => {
      const res = await createImport(t.app, su, 'users', bytes, filename);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('test_validation_error');
    };
    await expectRefused(Buffer.from('full_name,email\nAna,ana@example.com\n'));
    // a zip that is not a workbook
    await expectRefused(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    await expectRefused(await xlsxOf([['name', 'e-mail'], ['Ana', 'ana@example.com']]));
    await expectRefused(await xlsxOf([['email'], ['ana@example.com']]));
    await expectRefused(await xlsxOf([header('users')]));
    // the headquarters template is not a users file
    await expectRefused(await xlsxOf(sheetRowsOf('headquarters', [{ name: 'HQ', company_document: '1' }])));
    expect(await t.app.db.selectFrom('imports').select('id').where('file_name', '=', 'import.xlsx').where('import_type', '=', 'users').where('status', '=', 'awaiting').executeTakeFirst()).toBeUndefined();
  });

  it('uses an upload once, whole, and only its owner', async () => {
    const bytes = await xlsxOf(sheetRowsOf('users', [{ full_name: 'Once', email: 'once@example.com' }]));
    const id = await upload(t.app, su, bytes);
    const body = { import_type: 'users', upload_id: id };
    expect((await t.app.inject({ method: 'POST', url: IMPORTS, headers: bearer(su), payload: body })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: IMPORTS, headers: bearer(su), payload: body })).statusCode).toBe(404);
    // the bytes left the tus store with it
    expect((await t.app.inject({ method: 'HEAD', url: `${TUS}${id}`, headers: { ...bearer(su), ...tusHeaders } })).statusCode).toBe(404);

    const created = await tusCreate(t.app, su, bytes.length, { filename: 'half.xlsx', kind: 'import' });
    const location = created.headers.location as string;
    await tusPatch(t.app, su, location, 0, bytes.subarray(0, 10));
    const partial = await t.app.inject({ method: 'POST', url: IMPORTS, headers: bearer(su), payload: { import_type: 'users', upload_id: location.split('/').pop() } });
    expect(partial.statusCode).toBe(409);

    const root = await otherSuperuser();
    const mine = await upload(t.app, su, bytes);
    expect((await t.app.inject({ method: 'POST', url: IMPORTS, headers: bearer(root), payload: { import_type: 'users', upload_id: mine } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: IMPORTS, headers: bearer(su), payload: { import_type: 'users', upload_id: 'a/../b' } })).statusCode).toBe(400);
  });

  it('lists imports in both envelopes, filtered, newest first, for the selected client only', async () => {
    const hq = await validated(t.app, su, 'headquarters', [{ name: 'Listed HQ', company_document: '42' }]);
    const drf = await t.app.inject({ url: `${IMPORTS}?page_size=0`, headers: bearer(su) });
    expect(drf.statusCode).toBe(200);
    const ids = drf.json().results.map((r: { id: number }) => r.id);
    expect(drf.json().count).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(ids[0]).toBe(hq.id);
    const byType = await t.app.inject({ url: `${IMPORTS}?import_type=headquarters&page_size=0`, headers: bearer(su) });
    expect(byType.json().results.map((r: { id: number }) => r.id)).toEqual([hq.id]);
    const simple = await t.app.inject({ url: `${IMPORTS}?range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ status: 'validated', import_type: 'headquarters' }))}`, headers: bearer(su) });
    expect(simple.json().map((r: { id: number }) => r.id)).toEqual([hq.id]);
    expect(simple.headers['content-range']).toBe('admin-imports 0-0/1');
    const logs = await t.app.inject({ url: `${IMPORTS}${hq.id}/logs/?range=[0,9]`, headers: bearer(su) });
    expect(logs.headers['content-range']).toBe('admin-import-logs 0-0/1');

    // tenant isolation: a superuser of the other client sees none of it
    const root = await otherSuperuser();
    const theirs = await t.app.inject({ url: `${IMPORTS}?page_size=0`, headers: bearer(root) });
    expect(theirs.json()).toEqual({ count: 0, results: [] });
    for (const url of [`${IMPORTS}${hq.id}/`, `${IMPORTS}${hq.id}/logs/`]) {
      expect((await t.app.inject({ url, headers: bearer(root) })).statusCode).toBe(404);
    }
    expect((await processImport(t.app, root, hq.id)).statusCode).toBe(404);
  });

  it('is for superusers only (spec 1 §6.1 admin_imports)', async () => {
    const record = await validated(t.app, su, 'headquarters', [{ name: 'Guarded', company_document: '77' }]);
    const admin = await adminWith(t.app, su, c.demo, ['admin_import', 'users', 'headquarter']);
    for (const res of [
      await t.app.inject({ url: IMPORTS, headers: bearer(admin.tokens) }),
      await t.app.inject({ url: `${IMPORTS}${record.id}/`, headers: bearer(admin.tokens) }),
      await t.app.inject({ url: `${IMPORTS}${record.id}/logs/`, headers: bearer(admin.tokens) }),
      await processImport(t.app, admin.tokens, record.id),
      await t.app.inject({ url: '/api/admin_imports/templates/users/', headers: bearer(admin.tokens) }),
      await t.app.inject({ method: 'POST', url: IMPORTS, headers: bearer(admin.tokens), payload: { import_type: 'users', upload_id: 'abc' } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('superuser_only');
    }
    expect((await t.app.inject({ url: IMPORTS })).statusCode).toBe(401);
    expect((await getImport(t.app, su, record.id)).status).toBe('validated');
  });
});
