import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COURSES_REPORT_PATH, LIBRARIES_REPORT_PATH, LIVE_CLASS_PATHS, MAILING_REPORT_PATH, PODCASTS_REPORT_PATH, TRAILS_REPORT_PATH, USERS_REPORT_PATH,
  WEBCASTS_REPORT_PATH,
} from '@lp/shared/contract';
import { REPORT_KEYS, type ReportKey } from '@lp/shared/rules';
import { DEMO } from '../src/seed/demo.ts';
import { translate } from '../src/lib/i18n.ts';
import { REPORTS } from '../src/reports/catalogue.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, loginSuperuser } from './userFixtures.ts';
import { buildOverviewWorld, type OverviewWorld } from './overviewFixtures.ts';

const PATHS: Partial<Record<ReportKey, string>> = {
  courses: COURSES_REPORT_PATH, trails: TRAILS_REPORT_PATH, webcasts: WEBCASTS_REPORT_PATH, podcasts: PODCASTS_REPORT_PATH,
  libraries: LIBRARIES_REPORT_PATH, mailing: MAILING_REPORT_PATH, users: USERS_REPORT_PATH, live_classes: LIVE_CLASS_PATHS.report,
};
const pt = (key: string) => translate(1, key);
const d = (iso: string) => new Date(iso);

/**
 * spec 1 §2.3 report buttons, §3.1 one timestamp per report, §4.4 5 minutes (superusers exempt),
 * §6.2 `reports`, §7, §8.4; spec 2 §2.4 "open a trail report"; spec 3 §4 "Reports in these
 * modules": every report of the registry, its rows read back from the xlsx.
 */
describe.each(DIALECTS)('content reports on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let w: OverviewWorld;

  const ask = (key: ReportKey, tokens: Tokens, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api${PATHS[key]}`, headers: bearer(tokens), payload });
  const resetCooldown = (userId: number) => t.app.db.deleteFrom('report_requests').where('user_id', '=', userId).execute();

  /** Asks for the report (without cooldown), runs the job and reads the file: header, then rows. */
  async function sheetOf(key: ReportKey, tokens: Tokens, userId: number, payload: object = {}): Promise<unknown[][]> {
    await resetCooldown(userId);
    const res = await ask(key, tokens, payload);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ detail: 'report_processing', report: key });
    await t.app.jobs.idle();
    const report = await t.app.db.selectFrom('reports').selectAll().where('user_id', '=', userId).where('report', '=', key)
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(report.status, report.error ?? '').toBe('ready');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(t.config.dataDir, 'reports', report.file_name!));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe(pt(`reports.names.${key}`));
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(Array.from({ length: sheet.columnCount }, (_, i) => values[i] ?? null));
    });
    expect(rows.length - 1).toBe(report.row_count);
    return rows;
  }
  const headerOf = (key: ReportKey) => REPORTS.find((r) => r.key === key)!.columns.map((c) => pt(c.label));

  beforeAll(async () => {
    t = await buildTestApp(dialect, { jobRetryBaseMs: 20 });
    su = await loginSuperuser(t.app);
    w = await buildOverviewWorld(t.app, su);
  });
  afterAll(async () => { await t.close(); });

  it('declares one report per key of the session, each at its own path', () => {
    expect(REPORTS.map((r) => r.key).sort()).toEqual([...REPORT_KEYS].sort());
    expect(new Set(REPORTS.map((r) => r.path)).size).toBe(REPORTS.length);
    // spec 1 §6.2: `reports` (Excel reports), `reports_manager` for the appointment reports (presential-report.test.ts)
    for (const r of REPORTS) expect(r.permissions).toContain(r.key === 'appointments' ? 'reports_manager' : 'reports');
  });

  it('courses: one row per enrolled learner with standing, progress, score, dates and certificate', async () => {
    const rows = await sheetOf('courses', w.admin.tokens, w.admin.id);
    expect(rows[0]).toEqual([
      'ID do treinamento', 'Treinamento', 'Status', 'Aluno', 'E-mail', 'Situação do aluno', 'Progresso (%)', 'Melhor nota na prova (%)',
      'Tentativas finalizadas', 'Iniciado em (UTC)', 'Concluído em (UTC)', 'Última atividade (UTC)', 'Código do certificado',
      'Certificado emitido em (UTC)', 'Validade do certificado (UTC)',
    ]);
    const data = rows.slice(1);
    const { t1, t2, t4, t5 } = w.trainings;
    // deleted T3 is not listed; trainings in id order, learners in enrolment order
    expect(data.map((r) => [r[0], r[3]])).toEqual([
      [t1, 'Una Um'], [t1, 'Duda Dois'], [t1, "'=Tres Formula"], [t2, 'Una Um'], [t2, 'Duda Dois'], [t2, 'Quatro Quatro'], [t4, "'=Tres Formula"], [t5, 'Una Um'],
    ]);
    const [u1t1, u2t1, u3t1] = data;
    const published = pt('common.content_status.published');
    expect(u1t1!.slice(1, 12)).toEqual([
      'Sales basics', published, 'Una Um', expect.stringContaining('@overview.local'), pt('reports.enrollment_status.finished'), 100, 80, 1,
      d('2026-03-02T10:00:00Z'), d('2026-03-05T12:00:00Z'), d('2026-03-05T12:00:00Z'),
    ]);
    expect(u1t1![12]).toMatch(/^ov-/);
    expect(u1t1![13]).toEqual(d('2026-03-05T12:00:00Z'));
    expect(u1t1![14]).toBeNull();
    // u2 passed the test (50.5) but not the module: 1 of 2; u3 failed the test (10): 0 of 2
    expect([u2t1![5], u2t1![6], u2t1![7], u2t1![8], u2t1![10], u2t1![12]]).toEqual([pt('reports.enrollment_status.ongoing'), 50, 50.5, 1, null, null]);
    expect([u3t1![6], u3t1![7], u3t1![8]]).toEqual([0, 10, 1]);
    // T2 has no published activity; u2's certificate of T2 expires in 40 days
    expect(data[4]![6]).toBe(0);
    expect(data[4]![14]).toBeInstanceOf(Date);

    const searched = await sheetOf('courses', w.admin.tokens, w.admin.id, { search: ' BASICS ' });
    expect(searched.slice(1).map((r) => r[1])).toEqual(['Sales basics', 'Sales basics', 'Sales basics']);
    const deleted = await sheetOf('courses', w.admin.tokens, w.admin.id, { status: 3 });
    expect(deleted.slice(1).map((r) => [r[1], r[3]])).toEqual([['Retired training', 'Quatro Quatro']]);
  });

  it('trails: the list, or the one trail of the editor (spec 2 §2.4 "open a trail report")', async () => {
    const rows = await sheetOf('trails', w.admin.tokens, w.admin.id, { trail_id: w.trailId });
    expect(rows[0]).toEqual(headerOf('trails'));
    expect(rows.slice(1).map((r) => r.slice(0, 11))).toEqual([
      // u1: T1 100 % and T2 0 % → 50 %; finished T1 of the trail's two trainings
      [w.trailId, 'Onboarding trail', pt('common.content_status.unpublished'), 'Una Um', expect.any(String), pt('reports.enrollment_status.finished'), 50, 1, 2,
        d('2026-03-02T10:00:00Z'), d('2026-03-31T23:00:00Z')],
      // u2: T1 50 % → 25 %; finished T2
      [w.trailId, 'Onboarding trail', pt('common.content_status.unpublished'), 'Duda Dois', expect.any(String), pt('reports.enrollment_status.ongoing'), 25, 1, 2,
        d('2026-03-10T08:00:00Z'), null],
    ]);
    expect(rows[1]![11]).toMatch(/^ov-/);
    expect(rows[1]![12]).toEqual(d('2026-03-31T23:00:00Z'));
    expect(rows[2]![11]).toBeNull();
    const all = await sheetOf('trails', w.admin.tokens, w.admin.id);
    expect(all.slice(1).map((r) => r[1])).toEqual(['Onboarding trail', 'Onboarding trail']);
  });

  it('webcasts: one row per subscriber with chat messages and test score', async () => {
    const rows = await sheetOf('webcasts', w.admin.tokens, w.admin.id);
    expect(rows[0]).toEqual(headerOf('webcasts'));
    const published = pt('resources.webcasts.status.published');
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[6], r[7], r[8], r[9]])).toEqual([
      ['March town hall', d('2026-03-10T15:00:00Z'), published, 'Una Um', d('2026-03-01T09:00:00Z'), 2, null, 0],
      ['March town hall', d('2026-03-10T15:00:00Z'), published, 'Duda Dois', d('2026-03-02T09:00:00Z'), 0, 75, 1],
      ['April town hall', d('2026-04-02T15:00:00Z'), published, "'=Tres Formula", expect.any(Date), 0, null, 0],
    ]);
  });

  it('podcasts, library and mailing: one row per listener, reader and recipient', async () => {
    const podcasts = await sheetOf('podcasts', w.admin.tokens, w.admin.id);
    expect(podcasts[0]).toEqual(headerOf('podcasts'));
    expect(podcasts.slice(1).map((r) => r.slice(1))).toEqual([
      ['Weekly cast', pt('common.content_status.published'), 'Una Um', expect.any(String), pt('reports.enrollment_status.finished'), 100,
        d('2026-03-03T10:00:00Z'), d('2026-03-03T10:00:00Z')],
      ['Weekly cast', pt('common.content_status.published'), 'Duda Dois', expect.any(String), pt('reports.enrollment_status.ongoing'), 50, null,
        d('2026-03-04T10:00:00Z')],
    ]);

    const library = await sheetOf('libraries', w.admin.tokens, w.admin.id);
    expect(library[0]).toEqual(headerOf('libraries'));
    expect(library.slice(1)).toEqual([[w.fileId, 'Price list', null, pt('resources.libraries.status.active'), 'Una Um', expect.any(String),
      d('2026-03-06T10:00:00Z'), d('2026-03-06T10:05:00Z')]]);

    const mailing = await sheetOf('mailing', w.admin.tokens, w.admin.id);
    expect(mailing[0]).toEqual(headerOf('mailing'));
    const R = 'resources.messages.recipients';
    expect(mailing.slice(1).map((r) => r.slice(1))).toEqual([
      ['Welcome', d('2026-03-01T12:00:00Z'), pt('resources.messages.status.sent'), 'Una Um', expect.any(String), pt(`${R}.states.read`),
        d('2026-03-02T08:00:00Z'), pt(`${R}.opened_in_values.web`), pt(`${R}.email_states.sent`), d('2026-03-01T12:01:00Z')],
      ['Welcome', d('2026-03-01T12:00:00Z'), pt('resources.messages.status.sent'), 'Duda Dois', expect.any(String), pt(`${R}.states.not_viewed`),
        null, null, pt(`${R}.email_states.failed`), null],
    ]);
    // a filter the list has narrows the report the same way
    const none = await sheetOf('mailing', w.admin.tokens, w.admin.id, { status: 'scheduled' });
    expect(none).toHaveLength(1);
  });

  it('keeps each report’s own 5-minute cooldown in the session; superusers are exempt', async () => {
    const admin = await adminWith(t.app, su, w.clientId, ['trainings', 'trails', 'reports']);
    expect((await ask('courses', admin.tokens)).statusCode).toBe(202);
    const again = await ask('courses', admin.tokens);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('report_cooldown');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // another report has its own timestamp
    expect((await ask('trails', admin.tokens)).statusCode).toBe(202);
    const session = (await t.app.inject({ url: '/api/users/session/', headers: bearer(admin.tokens) })).json();
    expect(session.last_report_requests.courses).toEqual(expect.any(String));
    expect(session.last_report_requests.trails).toEqual(expect.any(String));
    expect(session.last_report_requests.webcasts).toBeNull();

    for (let i = 0; i < 2; i++) expect((await ask('courses', su)).statusCode).toBe(202);
    await t.app.jobs.idle();
  });

  it('needs the screen and the reports module item; a learner and an anonymous caller are refused', async () => {
    const checks: Array<[ReportKey, string]> = [
      ['courses', 'trainings'], ['trails', 'trails'], ['webcasts', 'webcasts'], ['podcasts', 'podcasts'], ['libraries', 'library'], ['mailing', 'messages'],
      ['live_classes', 'live_classes'], ['users', 'users'],
    ];
    const screensOnly = await adminWith(t.app, su, w.clientId, checks.map(([, title]) => title));
    const reportsOnly = await adminWith(t.app, su, w.clientId, ['reports']);
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    for (const [key] of checks) {
      const denied = await ask(key, screensOnly.tokens);
      expect(denied.statusCode, key).toBe(403);
      expect(denied.json().code).toBe('permission_denied');
      expect((await ask(key, reportsOnly.tokens)).statusCode, key).toBe(403);
      expect((await ask(key, learner)).statusCode, key).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/api${PATHS[key]}`, payload: {} })).statusCode, key).toBe(401);
    }
    // refused requests start no cooldown
    const session = (await t.app.inject({ url: '/api/users/session/', headers: bearer(screensOnly.tokens) })).json();
    expect(Object.values(session.last_report_requests).every((v) => v === null)).toBe(true);
  });

  it('lists only the selected client’s rows (tenant isolation)', async () => {
    const courses = await sheetOf('courses', w.otherAdmin.tokens, w.otherAdmin.id);
    expect(courses.slice(1).map((r) => [r[0], r[3]])).toEqual([[w.trainings.tb, 'Bia Other']]);
    const trails = await sheetOf('trails', w.otherAdmin.tokens, w.otherAdmin.id, { trail_id: w.trailId });
    expect(trails).toHaveLength(1);
    const webcasts = await sheetOf('webcasts', w.otherAdmin.tokens, w.otherAdmin.id);
    expect(webcasts.slice(1).map((r) => r[1])).toEqual(['Other town hall']);
    for (const key of ['podcasts', 'libraries', 'mailing'] as const) {
      expect(await sheetOf(key, w.otherAdmin.tokens, w.otherAdmin.id), key).toHaveLength(1);
    }
    const users = await sheetOf('users', w.otherAdmin.tokens, w.otherAdmin.id);
    expect(users.slice(1).map((r) => r[1])).toEqual(expect.arrayContaining(['Bia Other', DEMO.superuser.full_name]));
    expect(users.slice(1).map((r) => r[1])).not.toContain('Una Um');
  });
});
