import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENTIAL_RESULT_PATHS as R, type AppointmentResults } from '@lp/shared/contract';
import { translate } from '../src/lib/i18n.ts';
import { REPORTS } from '../src/reports/catalogue.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { P, appointmentBody, approve, call, makeAppointment, makeBranch, makeEvent, makeType, placeInBranch } from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const pt = (key: string) => translate(1, key);
const A = 'resources.presential/appointments';

/**
 * spec 3 §9 report buttons ("appointments", 5-minute cooldown, superusers exempt), §4 "Reports in
 * these modules"; spec 1 §6.2 "reports_manager (appointment reports)": one row per guest of each
 * appointment the list shows with the same filters, or one row for an appointment without guests.
 */
describe.each(DIALECTS)('the appointments report on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let manager: { id: number; tokens: Tokens };
  let instructor: number;
  let type: number;
  let withGuests: number;
  let empty: number;
  const learners: Learner[] = [];

  const ask = (tokens: Tokens, payload: object = {}) => t.app.inject({ method: 'POST', url: `/api${P.report}`, headers: bearer(tokens), payload });

  /** Asks for the report (cooldown reset), runs the job and reads the file: header, then rows. */
  async function sheetOf(tokens: Tokens, userId: number, payload: object = {}): Promise<unknown[][]> {
    await t.app.db.deleteFrom('report_requests').where('user_id', '=', userId).execute();
    const res = await ask(tokens, payload);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ detail: 'report_processing', report: 'appointments' });
    await t.app.jobs.idle();
    const report = await t.app.db.selectFrom('reports').selectAll().where('user_id', '=', userId).where('report', '=', 'appointments')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(report.status, report.error ?? '').toBe('ready');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(t.config.dataDir, 'reports', report.file_name!));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe(pt('reports.names.appointments'));
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(Array.from({ length: sheet.columnCount }, (_, i) => values[i] ?? null));
    });
    return rows;
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { jobRetryBaseMs: 20 });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    manager = await adminWith(t.app, su, c.demo, ['finish_events', 'reports_manager']);
    instructor = (await makeLearner(t.app, su, c.demo)).id;
    type = await makeType(t.app, su, 'Sala', 30);
    const store = await makeBranch(t.app, su, 'Loja Centro');
    for (const name of ['Ana Araújo', '=Bruno Fórmula']) {
      const l = await makeLearner(t.app, su, c.demo);
      await t.app.db.updateTable('users').set({ full_name: name }).where('id', '=', l.id).execute();
      await placeInBranch(t.app, l.id, store);
      learners.push(l);
    }
    withGuests = await makeAppointment(t.app, su, appointmentBody(type, instructor, { title: 'Vendas consultivas', training_code: 'VND-01' }));
    const eventId = await makeEvent(t.app, su, withGuests, { date: '2026-12-10', start_hour: '09:00' });
    await approve(t.app, su, withGuests);
    expect((await call(t.app, su, 'POST', P.subscribersAdd(withGuests), { event_id: eventId, user_ids: learners.map((l) => l.id) })).statusCode).toBe(200);
    expect((await call(t.app, su, 'POST', P.action(withGuests, 'finish'), {})).statusCode).toBe(200);
    const results = (await call(t.app, su, 'GET', R.results(withGuests))).json<AppointmentResults>();
    const saved = await call(t.app, su, 'PUT', R.results(withGuests), {
      rows: [
        { enrollment_id: results.rows.find((r) => r.user.id === learners[0]!.id)!.enrollment_id, presence: 'present', result: 'approved', score: 92.5 },
        { enrollment_id: results.rows.find((r) => r.user.id === learners[1]!.id)!.enrollment_id, presence: 'absent', result: 'forfeit' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(t.app, su, 'POST', R.finalize(withGuests))).statusCode).toBe(200);

    empty = await makeAppointment(t.app, su, appointmentBody(type, instructor, { title: 'Pós-venda', training_type: 'closed' }));
    await makeEvent(t.app, su, empty, { date: '2027-01-05', start_hour: '14:00' });
    await makeEvent(t.app, su, empty, { date: '2027-01-04', start_hour: '08:30' });
    // a model is not an appointment of the list
    await call(t.app, su, 'POST', P.saveAsTemplate(empty), {});
  });
  afterAll(async () => { await t.close(); });

  it('is declared once, behind the screen and reports_manager', () => {
    const declared = REPORTS.filter((r) => r.key === 'appointments');
    expect(declared).toHaveLength(1);
    expect(declared[0]).toMatchObject({ path: P.report, title: 'appointments', permissions: ['reports_manager'] });
  });

  it('one row per guest with event, store, enrollment, attendance, result, score and certificate; one row for an appointment without guests', async () => {
    const rows = await sheetOf(manager.tokens, manager.id);
    expect(rows[0]).toEqual(REPORTS.find((r) => r.key === 'appointments')!.columns.map((col) => pt(col.label)));
    // the demo seed has appointments of its own: these two are read here
    const data = rows.slice(1).filter((r) => r[0] === withGuests || r[0] === empty);
    expect(data).toHaveLength(3);
    const open = pt(`${A}.training_types.open`);
    const finished = pt(`${A}.status.finished`);
    const subscribed = pt(`${A}.subscribers.statuses.subscribed`);
    expect(data[0]!.slice(0, 14)).toEqual([
      withGuests, 'Vendas consultivas', 'VND-01', 'Sala', open, finished, '2026-12-10 09:00', 'Ana Araújo', expect.stringContaining('@'), 'Loja Centro',
      subscribed, pt(`${A}.results.presence.present`), pt(`${A}.results.values.approved`), 92.5,
    ]);
    expect(data[0]![14]).toBeInstanceOf(Date);
    // texts from data are escaped against formulas; no certificate for a forfeit
    expect([data[1]![7], data[1]![11], data[1]![12], data[1]![13], data[1]![14]]).toEqual([
      "'=Bruno Fórmula", pt(`${A}.results.presence.absent`), pt(`${A}.results.values.forfeit`), null, null,
    ]);
    expect(data[2]).toEqual([
      empty, 'Pós-venda', null, 'Sala', pt(`${A}.training_types.closed`), pt(`${A}.status.pre_scheduled`), '2027-01-04 08:30; 2027-01-05 14:00',
      null, null, null, null, null, null, null, null,
    ]);
  });

  it('narrows the rows with the list filters (search, status, training type)', async () => {
    const searched = await sheetOf(manager.tokens, manager.id, { search: ' vnd-01 ' });
    expect(searched.slice(1).map((r) => r[0])).toEqual([withGuests, withGuests]);
    const closed = await sheetOf(manager.tokens, manager.id, { training_type: 'closed' });
    expect(closed.slice(1).map((r) => r[0])).toEqual([empty]);
    const canceled = await sheetOf(manager.tokens, manager.id, { status: 'canceled' });
    expect(canceled.slice(1).every((r) => r[5] === pt(`${A}.status.canceled`))).toBe(true);
    expect(canceled.slice(1).map((r) => r[0])).not.toContain(withGuests);
  });

  it('needs the screen and reports_manager; keeps the 5-minute cooldown, superusers exempt', async () => {
    const screenOnly = await adminWith(t.app, su, c.demo, ['finish_events', 'reports']);
    const itemOnly = await adminWith(t.app, su, c.demo, ['reports_manager']);
    for (const who of [screenOnly, itemOnly]) {
      const denied = await ask(who.tokens);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('permission_denied');
    }
    expect((await t.app.inject({ method: 'POST', url: `/api${P.report}`, payload: {} })).statusCode).toBe(401);

    const again = await adminWith(t.app, su, c.demo, ['approve_events', 'reports_manager']);
    expect((await ask(again.tokens)).statusCode).toBe(202);
    const second = await ask(again.tokens);
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('report_cooldown');
    for (let i = 0; i < 2; i++) expect((await ask(su)).statusCode).toBe(202);
    await t.app.jobs.idle();
  });

  it('lists only the selected client\'s appointments (tenant isolation)', async () => {
    const otherId = await userId(t.app, DEMO.otherAdmin.email);
    // the other client's manager (seeded there), with the screen and the report's item in that client
    await t.app.db.deleteFrom('user_module_items').where('user_id', '=', otherId).where('client_id', '=', c.other)
      .where('slug', 'in', ['request_events', 'appointment_types', 'reports_manager']).execute();
    await t.app.db.insertInto('user_module_items')
      .values(['request_events', 'appointment_types', 'reports_manager'].map((slug) => ({ user_id: otherId, client_id: c.other, slug, permission: true }))).execute();
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const theirs = await makeAppointment(t.app, other, appointmentBody(await makeType(t.app, other, 'Outra sala', 10), otherId, { title: 'Outra empresa' }));
    const rows = await sheetOf(other, otherId);
    const ids = rows.slice(1).map((r) => r[0]);
    expect(ids).toContain(theirs);
    expect(ids).not.toContain(withGuests);
    expect(ids).not.toContain(empty);
    const ours = await sheetOf(manager.tokens, manager.id);
    expect(ours.slice(1).map((r) => r[0])).not.toContain(theirs);
  });
});
