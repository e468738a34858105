import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COOLDOWN_MS } from '@lp/shared/rules';
import { DEMO } from '../src/seed/demo.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const REPORT = '/api/admin_users/users/report/';

/** spec 1 §2.3 users report button, §4.4 cooldown, §8.4 "being processed … sent to your email". */
describe.each(DIALECTS)('users report on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let reporter: { id: number; email: string; tokens: Tokens };

  async function insertUser(clientId: number, fullName: string, email: string, status = 'active'): Promise<number> {
    const now = new Date();
    const row = await t.app.db.insertInto('users').values({
      email, document: null, register: null, gmin_number: null, sap_code: null, full_name: fullName, nick_name: null,
      password_hash: '!', is_superuser: false, status, language_id: 1, selected_client_id: clientId,
      must_change_password: false, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('user_clients').values({ user_id: row.id, client_id: clientId, profile_id: null }).execute();
    return row.id;
  }

  const request = (tokens: Tokens, payload: object = {}) => t.app.inject({ method: 'POST', url: REPORT, headers: bearer(tokens), payload });
  const outboxFor = (email: string) => {
    const dir = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => f.includes(email)).map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
      : [];
  };
  async function readSheet(file: string): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => { rows.push((row.values as unknown[]).slice(1)); });
    return rows;
  }
  const latestReport = (userId: number) => t.app.db.selectFrom('reports').selectAll()
    .where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const resetCooldown = (userId: number) => t.app.db.deleteFrom('report_requests').where('user_id', '=', userId).execute();

  beforeAll(async () => {
    // retries after 20 ms, 80 ms (the failure case runs every attempt)
    t = await buildTestApp(dialect, { jobRetryBaseMs: 20 });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    reporter = await adminWith(t.app, su, c.demo, ['users', 'reports']);
    await insertUser(c.demo, '=HYPERLINK("x")', 'formula@demo.local');
    await insertUser(c.demo, 'Bruno Blocked', 'blocked@demo.local', 'blocked');
    await insertUser(c.other, 'Olga Other', 'olga@other.local');
  });
  afterAll(async () => { await t.close(); });

  it('accepts the request (202), then e-mails and notifies a link to a real xlsx of the client users only', async () => {
    const res = await request(reporter.tokens);
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ detail: 'report_processing', report: 'users' });
    // spec 1 §3.1: the session carries the timestamp the admin button counts down from
    const session = (await t.app.inject({ url: '/api/users/session/', headers: bearer(reporter.tokens) })).json();
    expect(session.last_report_requests.users).toBe(body.requested_at);
    expect(Object.keys(session.last_report_requests)).toEqual(
      ['courses', 'appointments', 'trails', 'webcasts', 'podcasts', 'users', 'libraries', 'live_classes', 'mailing', 'surveys', 'field_tasks', 'reward_sales', 'reward_points', 'reward_orders', 'drills', 'general_tests'],
    );

    await t.app.jobs.idle();
    const report = await latestReport(reporter.id);
    expect(report.status).toBe('ready');
    const file = path.join(t.config.dataDir, 'reports', report.file_name!);
    const rows = await readSheet(file);
    expect(rows[0]).toEqual(['ID', 'Nome completo', 'Apelido', 'E-mail', 'Documento', 'Matrícula', 'Número GMIN', 'Código SAP',
      'Status', 'Perfil', 'Áreas', 'Grupos', 'Filial', 'Cadastrado em']);
    const emails = rows.slice(1).map((r) => r[3]);
    expect(emails).toEqual(expect.arrayContaining([DEMO.superuser.email, DEMO.learner.email, reporter.email, 'formula@demo.local', 'blocked@demo.local']));
    expect(emails).not.toContain('olga@other.local');
    expect(emails).not.toContain(DEMO.otherAdmin.email);
    expect(rows.length - 1).toBe(report.row_count);
    const formula = rows.find((r) => r[3] === 'formula@demo.local')!;
    expect(formula[1]).toBe(`'=HYPERLINK("x")`);
    expect(formula[8]).toBe('Ativo');
    expect(rows.find((r) => r[3] === 'blocked@demo.local')![8]).toBe('Bloqueado');
    expect(rows.find((r) => r[3] === DEMO.learner.email)![11]).toBe('Onboarding 2026');
    expect(formula[13]).toBeInstanceOf(Date);

    // the notification and the e-mail carry the same link
    const notes = (await t.app.inject({ url: '/api/notifications/', headers: bearer(reporter.tokens) })).json();
    const ready = notes.results.find((n: { kind: string }) => n.kind === 'report_ready');
    expect(ready.payload).toMatchObject({ report: 'Usuários', report_key: 'users', rows: report.row_count });
    const link = String(ready.payload.link);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/files\/reports\/[A-Za-z0-9_-]{43}\/$/);
    const mails = outboxFor(reporter.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(link);
    // the token is stored hashed only
    const token = link.split('/').at(-2)!;
    expect(report.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(report)).not.toContain(token);

    // the link works on its own (from the e-mail) and with the requester's session
    const url = new URL(link).pathname;
    for (const headers of [{}, bearer(reporter.tokens)]) {
      const download = await t.app.inject({ url, headers });
      expect(download.statusCode, download.body).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="users-report-\d{4}-\d{2}-\d{2}\.xlsx"$/);
      expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(download.headers['cache-control']).toBe('private, no-store');
      expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    // another signed-in user is refused; a made-up token finds nothing
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const refused = await t.app.inject({ url, headers: bearer(other) });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: bearer(su) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/files/reports/${'A'.repeat(43)}/` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/files/reports/short/' })).statusCode).toBe(400);
    // the other user's notifications do not hold the link
    const otherNotes = (await t.app.inject({ url: '/api/notifications/', headers: bearer(other) })).json();
    expect(JSON.stringify(otherNotes)).not.toContain(token);
  });

  it('applies the users list filters', async () => {
    await resetCooldown(reporter.id);
    const res = await request(reporter.tokens, { search: 'hyperlink', status: 'active' });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.idle();
    const report = await latestReport(reporter.id);
    const rows = await readSheet(path.join(t.config.dataDir, 'reports', report.file_name!));
    expect(rows.slice(1).map((r) => r[3])).toEqual(['formula@demo.local']);

    await resetCooldown(reporter.id);
    expect((await request(reporter.tokens, { status: 'blocked' })).statusCode).toBe(202);
    await t.app.jobs.idle();
    const blocked = await readSheet(path.join(t.config.dataDir, 'reports', (await latestReport(reporter.id)).file_name!));
    expect(blocked.slice(1).map((r) => r[3])).toEqual(['blocked@demo.local']);

  });

  it('refuses a second request within 5 minutes (429 report_cooldown), not for superusers', async () => {
    await resetCooldown(reporter.id);
    expect((await request(reporter.tokens)).statusCode).toBe(202);
    const again = await request(reporter.tokens);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('report_cooldown');
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(REPORT_COOLDOWN_MS / 1000);
    // after the 5 minutes it is accepted again
    await t.app.db.updateTable('report_requests').set({ requested_at: new Date(Date.now() - REPORT_COOLDOWN_MS - 1000) })
      .where('user_id', '=', reporter.id).execute();
    expect((await request(reporter.tokens)).statusCode).toBe(202);

    // spec 1 §6.1: superusers are exempt (a call without a body means "no filters")
    expect((await t.app.inject({ method: 'POST', url: REPORT, headers: bearer(su) })).statusCode).toBe(202);
    expect((await request(su)).statusCode).toBe(202);
    await t.app.jobs.idle();
  });

  it('needs the users screen and the reports permission', async () => {
    const usersOnly = await adminWith(t.app, su, c.demo, ['users']);
    const denied = await request(usersOnly.tokens);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_denied');
    const reportsOnly = await adminWith(t.app, su, c.demo, ['reports']);
    expect((await request(reportsOnly.tokens)).statusCode).toBe(403);
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    expect((await request(learner)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: REPORT, payload: {} })).statusCode).toBe(401);
    // a refused request does not start the cooldown
    const session = (await t.app.inject({ url: '/api/users/session/', headers: bearer(usersOnly.tokens) })).json();
    expect(session.last_report_requests.users).toBeNull();
  });

  it('stops serving the file when the link expires or the requester loses access', async () => {
    const owner = await adminWith(t.app, su, c.demo, ['users', 'reports']);
    expect((await request(owner.tokens)).statusCode).toBe(202);
    await t.app.jobs.idle();
    const notes = (await t.app.inject({ url: '/api/notifications/', headers: bearer(owner.tokens) })).json();
    const url = new URL(notes.results[0].payload.link).pathname;
    expect((await t.app.inject({ url })).statusCode).toBe(200);

    await t.app.db.updateTable('user_module_items').set({ permission: false })
      .where('user_id', '=', owner.id).where('slug', '=', 'reports').execute();
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    await t.app.db.updateTable('user_module_items').set({ permission: true })
      .where('user_id', '=', owner.id).where('slug', '=', 'reports').execute();
    expect((await t.app.inject({ url })).statusCode).toBe(200);

    const report = await latestReport(owner.id);
    await t.app.db.updateTable('reports').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', report.id).execute();
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    // the next report job removes expired files
    await resetCooldown(reporter.id);
    expect((await request(reporter.tokens)).statusCode).toBe(202);
    await t.app.jobs.idle();
    const swept = await t.app.db.selectFrom('reports').selectAll().where('id', '=', report.id).executeTakeFirstOrThrow();
    expect(swept.status).toBe('expired');
    expect(fs.existsSync(path.join(t.config.dataDir, 'reports', report.file_name!))).toBe(false);
  });

  it('notifies report_failed when the file cannot be built', async () => {
    const owner = await adminWith(t.app, su, c.demo, ['users', 'reports']);
    // a file where the reports folder should be: every attempt fails
    const dir = path.join(t.config.dataDir, 'reports');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.writeFileSync(dir, 'not a folder');
    try {
      expect((await request(owner.tokens)).statusCode).toBe(202);
      await expect.poll(async () => (await latestReport(owner.id)).status, { timeout: 10_000 }).toBe('failed');
      const notes = (await t.app.inject({ url: '/api/notifications/', headers: bearer(owner.tokens) })).json();
      expect(notes.results[0]).toMatchObject({ kind: 'report_failed', payload: { report: 'Usuários', report_key: 'users' } });
      await t.app.jobs.idle();
      expect(outboxFor(owner.email).join('\n')).toContain('Houve um erro ao gerar');
      expect(fs.readdirSync(t.config.dataDir).filter((f) => f.endsWith('.part'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { force: true });
    }
  });
});
