import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_SIZE, runProcessing } from '../src/imports/engine.ts';
import { PROCESS_JOB, processKey } from '../src/imports/jobs.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { createImport, getImport, logsOf, processImport, validated, xlsxOf, header, type Cell } from './importFixtures.ts';
import { clientIds, loginSuperuser, newUser, type Clients } from './userFixtures.ts';

/** spec 1 §4.3 "process": creates or updates per row, once, and tells the user when it ends. */
describe.each(DIALECTS)('import processing on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  beforeAll(async () => {
    // the documented option USER_IMPORT_PASSWORD=default (first-access links: first-access.test.ts)
    t = await buildTestApp(dialect, { userImportPassword: 'default' });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
  });
  afterAll(async () => { await t.close(); });

  const userByEmail = (email: string) => t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const countUsers = async () => Number((await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const processed = async (id: number) => {
    const res = await processImport(t.app, su, id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'processing', phase: 'process' });
    await t.app.jobs.idle();
    const record = await getImport(t.app, su, id);
    return record;
  };

  it('creates users with the default password to change, updates existing ones, notifies and e-mails', async () => {
    const withoutPassword = (await t.app.inject({ method: 'POST', url: '/api/admin_users/users/', headers: bearer(su), payload: newUser(c.demo) })).json();
    const record = await validated(t.app, su, 'users', [
      { full_name: 'Nova Pessoa', email: 'Nova.Pessoa@Example.com', document: '52998224725'.replace('5', '1'), profile: 'Cashier', area: 'Sales; Operations', groups: 'Store leaders', language: 'en-us', mobile: 912345678 },
      { full_name: 'Lia Learner Updated', email: DEMO.learner.email, nick_name: 'Lia', profile: 'Salesperson' },
      { full_name: 'Sem Senha', email: withoutPassword.email },
      { full_name: 'Pre Registered', email: 'pre.registered@example.com', status: 'pre_registered', birthday: '17/05/1990' },
    ]);
    expect(record).toMatchObject({ status: 'validated', total_rows: 4, error_count: 0 });
    const before = await countUsers();

    const done = await processed(record.id);
    expect(done).toMatchObject({ status: 'finalized', phase: null, processed_rows: 4, created_count: 2, updated_count: 2, error_count: 0 });
    expect(done.finished_at).not.toBeNull();
    expect(await countUsers()).toBe(before + 2);
    expect(await userByEmail('pre.registered@example.com')).toMatchObject({ status: 'pre_registered', birthday: '1990-05-17' });

    const created = (await userByEmail('nova.pessoa@example.com'))!;
    expect(created).toMatchObject({ full_name: 'Nova Pessoa', mobile: '912345678', status: 'active', language_id: 2, selected_client_id: c.demo });
    const admin = (await t.app.inject({ url: `/api/admin_users/users/${created.id}/`, headers: bearer(su) })).json();
    expect(admin).toMatchObject({ client_ids: [c.demo], must_change_password: true });
    expect(admin.area_ids).toHaveLength(2);
    expect(admin.group_ids).toHaveLength(1);
    // the default password works once and must be changed (spec 1 §3.1 user_change_password)
    const tokens = await login(t.app, 'nova.pessoa@example.com', t.config.defaultUserPassword);
    const session = (await t.app.inject({ url: '/api/users/session/', headers: bearer(tokens) })).json();
    expect(session.user_change_password).toBe(true);

    // the existing user is updated, keeps its password; only the filled cells changed
    const learner = (await userByEmail(DEMO.learner.email))!;
    expect(learner).toMatchObject({ full_name: 'Lia Learner Updated', nick_name: 'Lia', document: DEMO.learner.document });
    await login(t.app, DEMO.learner.email, DEMO.learner.password);
    // the one without a usable password now has the default one
    const noPassword = await login(t.app, withoutPassword.email, t.config.defaultUserPassword);
    expect((await t.app.inject({ url: '/api/users/session/', headers: bearer(noPassword) })).json()).toMatchObject({ full_name: 'Sem Senha', user_change_password: true });

    // the end is told in the app and by e-mail, in the creator's language, with the link
    const notes = (await t.app.inject({ url: '/api/notifications/', headers: bearer(su) })).json().results;
    const link = `/admin/admin-imports/${record.id}/show`;
    expect(notes.find((n: { kind: string }) => n.kind === 'import_finished')?.payload).toMatchObject({
      id: record.id, import_type: 'users', file_name: 'import.xlsx', created_count: 2, updated_count: 2, error_count: 0, link,
    });
    expect(notes.find((n: { kind: string }) => n.kind === 'import_validated')?.payload).toMatchObject({ id: record.id });
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).filter((f) => f.includes(DEMO.superuser.email)).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''));
    const mail = mails.find((m) => m.includes(`${t.config.publicUrl}${link}`));
    expect(mail).toBeDefined();
    expect(mail).toContain('Ol=C3=A1, Ana Admin');
    // each count in its plural form (issue #25 item 4; pt-br says 0 in the singular)
    expect(mail).toContain('2 criados, 2 atualizados, 0 erro.');

    // processing again is refused; the job run again changes nothing
    const again = await processImport(t.app, su, record.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invalid_status_transition');
    await t.app.jobs.enqueue(PROCESS_JOB, { importId: record.id }, { dedupeKey: processKey(record.id) });
    await t.app.jobs.idle();
    expect(await countUsers()).toBe(before + 2);
    expect(await getImport(t.app, su, record.id)).toMatchObject({ status: 'finalized', created_count: 2, updated_count: 2 });

    // the same file imported again matches every row: nothing is created twice
    const second = await validated(t.app, su, 'users', [{ full_name: 'Nova Pessoa', email: 'nova.pessoa@example.com' }]);
    expect(await processed(second.id)).toMatchObject({ status: 'finalized', created_count: 0, updated_count: 1 });
    expect(await countUsers()).toBe(before + 2);
  });

  it('works across batches: repeats found between them, every row written once', async () => {
    const rows = (prefix: string) => Array.from({ length: BATCH_SIZE * 2 + 250 }, (_, i) => ({ full_name: `${prefix} ${i}`, email: `${prefix}.${i}@example.com`, register: `${prefix}-${i}` }));
    const broken = rows('batch');
    broken[798] = { ...broken[798]!, email: 'broken' };
    broken[1198] = { ...broken[1198]!, email: broken[1]!.email };
    const total = broken.length;
    const before = await countUsers();
    const checked = await validated(t.app, su, 'users', broken);
    // spec 1 §4.3: rows with errors are listed at validation, and "process" leaves them out
    expect(checked).toMatchObject({ status: 'validated', total_rows: total, processed_rows: total, error_count: 2 });
    const errorLines = async (id: number) => (await logsOf(t.app, su, id, 'log_type=error')).map((l) => [l.line, l.code]);
    expect(await errorLines(checked.id)).toEqual([[800, 'invalid_email'], [1200, 'email_not_unique']]);
    expect(await processed(checked.id)).toMatchObject({ status: 'with_errors', processed_rows: total, created_count: total - 2, error_count: 2 });
    expect(await errorLines(checked.id)).toEqual([[800, 'invalid_email'], [1200, 'email_not_unique']]);
    expect(await countUsers()).toBe(before + total - 2);

    const beforeClean = await countUsers();
    const clean = await validated(t.app, su, 'users', rows('bulk'));
    expect(clean).toMatchObject({ status: 'validated', total_rows: total });
    expect(await processed(clean.id)).toMatchObject({ status: 'finalized', processed_rows: total, created_count: total, error_count: 0 });
    expect(await countUsers()).toBe(beforeClean + total);
    const again = await validated(t.app, su, 'users', rows('bulk'));
    expect(await processed(again.id)).toMatchObject({ status: 'finalized', created_count: 0, updated_count: total });
    expect(await countUsers()).toBe(beforeClean + total);
  });

  it('resumes after the last committed line (a job that died mid-file)', async () => {
    const record = await validated(t.app, su, 'users', [
      { full_name: 'Resume One', email: 'resume.one@example.com' },
      { full_name: 'Resume Two', email: 'resume.two@example.com' },
      { full_name: 'Resume Three', email: 'resume.three@example.com' },
    ]);
    // what a first run leaves when it dies after committing lines 2–3
    await t.app.db.updateTable('imports').set({ status: 'processing', phase: 'process', processed_line: 3, processed_rows: 2, created_count: 2 })
      .where('id', '=', record.id).execute();
    await t.app.jobs.enqueue(PROCESS_JOB, { importId: record.id }, { dedupeKey: processKey(record.id) });
    await t.app.jobs.idle();
    expect(await getImport(t.app, su, record.id)).toMatchObject({ status: 'finalized', processed_rows: 3, created_count: 3 });
    expect(await userByEmail('resume.one@example.com')).toBeUndefined();
    expect(await userByEmail('resume.three@example.com')).toBeDefined();
  });

  it('ends two imports of the same new e-mail, processed at once, with one user', async () => {
    const rows = (name: string) => [{ full_name: name, email: 'race@example.com', register: `R-${name}` }, { full_name: `${name} Solo`, email: `${name.toLowerCase()}@example.com` }];
    const a = await validated(t.app, su, 'users', rows('Alpha'));
    const b = await validated(t.app, su, 'users', rows('Beta'));
    // both started by the route's own state change, then run side by side (not through the one worker)
    await t.app.db.updateTable('imports').set({ status: 'processing', phase: 'process' }).where('id', 'in', [a.id, b.id]).execute();
    const deps = { db: t.app.db, config: t.config, log: t.app.log, heartbeat: async () => {} };
    await Promise.all([runProcessing(deps, a.id), runProcessing(deps, b.id)]);

    const race = await t.app.db.selectFrom('users').select(['id', 'register']).where('email', '=', 'race@example.com').execute();
    expect(race).toHaveLength(1);
    const [ra, rb] = [await getImport(t.app, su, a.id), await getImport(t.app, su, b.id)];
    expect(ra.created_count + rb.created_count).toBe(3);
    // the loser either updated the user (matched by e-mail within the client) or logged the conflict
    expect(ra.updated_count + rb.updated_count + ra.error_count + rb.error_count).toBe(1);
    expect(await userByEmail('alpha@example.com')).toBeDefined();
    expect(await userByEmail('beta@example.com')).toBeDefined();

    // and through the route and the queue
    const c1 = await validated(t.app, su, 'users', [{ full_name: 'Queue A', email: 'queue.race@example.com' }]);
    const c2 = await validated(t.app, su, 'users', [{ full_name: 'Queue B', email: 'queue.race@example.com' }]);
    expect((await processImport(t.app, su, c1.id)).statusCode).toBe(202);
    expect((await processImport(t.app, su, c2.id)).statusCode).toBe(202);
    await t.app.jobs.idle();
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', 'queue.race@example.com').execute()).toHaveLength(1);
    const [q1, q2] = [await getImport(t.app, su, c1.id), await getImport(t.app, su, c2.id)];
    expect([q1.created_count + q2.created_count, q1.updated_count + q2.updated_count]).toEqual([1, 1]);
  });

  it('ends two branch imports of the same new code, processed at once, with one branch (branches_client_code_key)', async () => {
    const a = await validated(t.app, su, 'branches', [{ name: 'Race Alpha', code: 'RACE-1' }, { name: 'Alpha Solo', code: 'RACE-A' }]);
    const b = await validated(t.app, su, 'branches', [{ name: 'Race Beta', code: 'RACE-1' }, { name: 'Beta Solo', code: 'RACE-B' }]);
    await t.app.db.updateTable('imports').set({ status: 'processing', phase: 'process' }).where('id', 'in', [a.id, b.id]).execute();
    const deps = { db: t.app.db, config: t.config, log: t.app.log, heartbeat: async () => {} };
    await Promise.all([runProcessing(deps, a.id), runProcessing(deps, b.id)]);
    const codes = await t.app.db.selectFrom('branches').select('code').where('client_id', '=', c.demo).where('code', 'like', 'RACE-%').orderBy('code').execute();
    expect(codes.map((r) => r.code)).toEqual(['RACE-1', 'RACE-A', 'RACE-B']);
    const [ra, rb] = [await getImport(t.app, su, a.id), await getImport(t.app, su, b.id)];
    expect(ra.created_count + rb.created_count).toBe(3);
    // the loser updated the branch it met (found again by its code)
    expect(ra.updated_count + rb.updated_count + ra.error_count + rb.error_count).toBe(1);
  });

  it('imports headquarters by company document and branches by code or store document', async () => {
    const hq = await validated(t.app, su, 'headquarters', [
      { name: 'Rede Norte', company_name: 'Rede Norte SA', company_document: '11.222.333/0001-81', city: 'Recife' },
      { name: 'Rede Sul', company_document: '99' },
    ]);
    expect(await processed(hq.id)).toMatchObject({ status: 'finalized', created_count: 2 });
    const again = await validated(t.app, su, 'headquarters', [{ name: 'Rede Norte Renamed', company_document: '11222333000181' }]);
    expect(await processed(again.id)).toMatchObject({ created_count: 0, updated_count: 1 });
    const norte = await t.app.db.selectFrom('headquarters').selectAll().where('client_id', '=', c.demo).where('company_document', '=', '11222333000181').execute();
    expect(norte).toHaveLength(1);
    expect(norte[0]).toMatchObject({ name: 'Rede Norte Renamed', city: 'Recife', company_name: 'Rede Norte SA' });

    const dup = await validated(t.app, su, 'headquarters', [{ name: 'A', company_document: '5' }, { name: 'B', company_document: '5' }]);
    expect((await logsOf(t.app, su, dup.id, 'log_type=error')).map((l) => [l.line, l.code])).toEqual([[3, 'company_document_not_unique']]);

    const type = await t.app.inject({ method: 'POST', url: '/api/admin_organization/branch_types/', headers: bearer(su), payload: { name: 'Outlet' } });
    expect(type.statusCode).toBe(201);
    const wrong = await validated(t.app, su, 'branches', [
      { name: 'No key' },
      { name: 'Bad type', code: 'S9', branch_type: 'Kiosk' },
      { name: 'Bad hq', code: 'S8', headquarter: '000' },
    ]);
    expect((await logsOf(t.app, su, wrong.id, 'log_type=error')).map((l) => [l.line, l.field, l.code])).toEqual([
      [2, 'code', 'make_sure_that_all_fields_are_filled_in'], [3, 'branch_type', 'unknown_value'], [4, 'headquarter', 'unknown_value'],
    ]);
    const branches = await validated(t.app, su, 'branches', [
      { name: 'Store 1', code: 'S1', headquarter: '11222333000181', branch_type: 'outlet', city: 'Olinda' },
      { name: 'Store 2', store_document: '12.345/0001' },
    ]);
    expect(await processed(branches.id)).toMatchObject({ status: 'finalized', created_count: 2 });
    const update = await validated(t.app, su, 'branches', [
      { name: 'Store 1 Renamed', code: 'S1' },
      { name: 'Store 2 Renamed', store_document: '123450001' },
    ]);
    expect(await processed(update.id), JSON.stringify(await logsOf(t.app, su, update.id))).toMatchObject({ created_count: 0, updated_count: 2 });
    const rows = await t.app.db.selectFrom('branches').selectAll().where('client_id', '=', c.demo).where('name', 'like', 'Store %').orderBy('id').execute();
    expect(rows.map((r) => [r.name, r.code, r.store_document])).toEqual([['Store 1 Renamed', 'S1', null], ['Store 2 Renamed', null, '123450001']]);
    expect(rows[0]).toMatchObject({ headquarter_id: norte[0]!.id, branch_type_id: type.json().id, city: 'Olinda' });
    // the other client has none of them
    expect(await t.app.db.selectFrom('branches').select('id').where('client_id', '=', c.other).execute()).toEqual([]);
  });

  it('never evaluates formulas: a cached result or the formula text, rich text and links as text', async () => {
    const keys = header('users');
    const row: Cell[] = keys.map(() => null);
    const set = (key: string, value: Cell) => { row[keys.indexOf(key)] = value; };
    set('full_name', { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'Text' }] });
    set('email', { text: 'formula@example.com', hyperlink: 'mailto:formula@example.com' });
    set('nick_name', { formula: '1+1', result: 2 });
    set('sap_code', { formula: 'HYPERLINK("http://evil.example","x")' } as Cell);
    set('register', { formula: 'CONCAT("R","-","7")', result: 'R-7' });
    const res = await createImport(t.app, su, 'users', await xlsxOf([keys, row]));
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.idle();
    expect(await getImport(t.app, su, res.json().id)).toMatchObject({ status: 'validated' });
    await processed(res.json().id);
    expect(await userByEmail('formula@example.com')).toMatchObject({
      full_name: 'Rich Text', nick_name: '2', register: 'R-7', sap_code: '=HYPERLINK("http://evil.example","x")',
    });
  });
});
