import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { P, call, createTask, questionnaireBody, startNominatim, taskBody } from './fieldSalesFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * spec 3 §1 "check-in/check-out for operators/representatives", §4 the task statuses; spec 3 §2 the
 * address search, §8 "No address found", "Address not found, check spelling and add street and
 * number": the geocoder protocol against a local Nominatim answering from a fixture file.
 */
describe.each(DIALECTS)('field-sales operator side and address search on %s', (dialect) => {
  const port = dialect === 'sqlite' ? 4210 : 4211;
  let nominatim: Awaited<ReturnType<typeof startNominatim>>;
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let rep: { id: number; tokens: Tokens };
  beforeAll(async () => {
    nominatim = await startNominatim(port);
    t = await buildTestApp(dialect, { geocoderUrl: nominatim.url });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    rep = await adminWith(t.app, su, c.demo, ['4traders_apply_events']);
  });
  afterAll(async () => {
    await t.close();
    await nominatim.close().catch(() => undefined);
  });

  it('checks in, saves each answer, refuses a check-out with required questions open, then checks out', async () => {
    const q = (await call(t.app, su, 'POST', P.questionnaires, questionnaireBody())).json();
    const [yesNo, position, fronts, rivals] = q.steps[0].questions;
    const task = await createTask(t.app, su, taskBody(rep.id, { task_date: '2026-12-07', questionnaire_id: q.id }));
    // answers wait for the check-in
    expect((await call(t.app, rep.tokens, 'PUT', P.answer(task.id, yesNo.id), { boolean: true })).json().code).toBe('task_transition_not_allowed');
    const mine = await call(t.app, rep.tokens, 'GET', `${P.myTasks}?from=2026-12-07&days=7`);
    expect(mine.json().map((x: { id: number }) => x.id)).toEqual([task.id]);
    // 1.1 km north of the address
    const inside = await call(t.app, rep.tokens, 'POST', P.checkIn(task.id), { latitude: -23.5548, longitude: -46.6518495 });
    expect(inside.statusCode).toBe(200);
    expect(inside.json().task).toMatchObject({ status: 'in_progress', event_state: 'in_progress', check_in: { latitude: -23.5548, longitude: -46.6518495 } });
    expect(inside.json().task.check_in.distance_m).toBeGreaterThan(1050);
    expect(inside.json().task.check_in.distance_m).toBeLessThan(1150);
    expect(inside.json().actions).toEqual(['check_out', 'not_realized']);
    expect((await call(t.app, rep.tokens, 'POST', P.checkIn(task.id), {})).json().code).toBe('task_transition_not_allowed');
    // a wrong answer for its type is refused; a right one is kept, and replaced when given again
    expect((await call(t.app, rep.tokens, 'PUT', P.answer(task.id, position.id), { option_ids: [0, 1] })).json().code).toBe('invalid_answer');
    expect((await call(t.app, rep.tokens, 'PUT', P.answer(task.id, position.id), { option_ids: [7] })).json().code).toBe('invalid_answer');
    await call(t.app, rep.tokens, 'PUT', P.answer(task.id, position.id), { option_ids: [0] });
    await call(t.app, rep.tokens, 'PUT', P.answer(task.id, position.id), { option_ids: [2] });
    await call(t.app, rep.tokens, 'PUT', P.answer(task.id, fronts.id), { number: 4 });
    await call(t.app, rep.tokens, 'PUT', P.answer(task.id, rivals.id), { option_ids: [0, 2] });
    const early = await call(t.app, rep.tokens, 'POST', P.checkOut(task.id), {});
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'task_required_answers_missing', fields: { [`questions.${yesNo.id}`]: 'task_required_answers_missing' } });
    await call(t.app, rep.tokens, 'PUT', P.answer(task.id, yesNo.id), { boolean: false });
    const out = await call(t.app, rep.tokens, 'POST', P.checkOut(task.id), { latitude: -23.5647577, longitude: -46.6518495 });
    expect(out.json().task).toMatchObject({ status: 'realized', event_state: 'finished', check_out: { distance_m: 0 } });
    expect((await call(t.app, rep.tokens, 'POST', P.notRealized(task.id), { reason: 'x' })).json().code).toBe('task_transition_not_allowed');
    // the admin reads the results
    const results = (await call(t.app, su, 'GET', P.results(task.id))).json();
    expect(results.answers.map((a: { question_text: string; display: string }) => [a.question_text, a.display])).toEqual([
      ['Posição na gôndola', 'Base'], ['Quantas frentes?', '4'], ['Concorrentes presentes', 'A; C'], ['O produto está exposto?', 'no'],
    ]);
    // a realized task is neither canceled nor deleted
    expect((await call(t.app, su, 'POST', P.cancel(task.id), { cancel_motive: 'x' })).json().code).toBe('task_transition_not_allowed');
    expect((await call(t.app, su, 'POST', P.remove(task.id), {})).json().code).toBe('task_transition_not_allowed');
  });

  it('exports the results as xlsx, e-mailed in the background, with the list\'s filters (reports registry)', async () => {
    const reporter = await adminWith(t.app, su, c.demo, ['4traders_tasks', 'reports']);
    expect((await call(t.app, rep.tokens, 'POST', P.report, {})).statusCode).toBe(403);
    const res = await call(t.app, reporter.tokens, 'POST', P.report, { from: '2026-12-07', to: '2026-12-07', representative_id: rep.id });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.idle();
    const report = await t.app.db.selectFrom('reports').selectAll().where('user_id', '=', reporter.id).where('report', '=', 'field_tasks').executeTakeFirstOrThrow();
    expect(report.status, report.error ?? '').toBe('ready');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(t.config.dataDir, 'reports', report.file_name!));
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => { rows.push((row.values as unknown[]).slice(1)); });
    // the header, then one row per answer of the one realized task of that day (the first test's)
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual(expect.arrayContaining(['2026-12-07', '09:00–10:00', 'Realizada', 'Exposição', 'Posição na gôndola', 'Base']));
  });

  it('seeds a questionnaire and a week of daily visits for each demo representative', async () => {
    for (const who of [DEMO.representative, DEMO.representative2]) {
      const tokens = await login(t.app, who.email, who.password);
      const week = (await call(t.app, tokens, 'GET', `${P.myTasks}?timezone=America/Sao_Paulo&days=7`)).json();
      expect(week).toHaveLength(7);
      expect(new Set(week.map((x: { series_id: number }) => x.series_id)).size).toBe(1);
      expect(week[0]).toMatchObject({ questionnaire_title: 'Visita de loja', status: 'pending', timezone: 'America/Sao_Paulo' });
      // they carry out tasks, nothing else
      expect((await call(t.app, tokens, 'GET', P.tasks)).statusCode).toBe(403);
    }
  });

  it('checks in once when the check-in is sent several times at once', async () => {
    const task = await createTask(t.app, su, taskBody(rep.id, { task_date: '2026-12-10' }));
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(t.app, rep.tokens, 'POST', P.checkIn(task.id), { latitude: -23.56, longitude: -46.65 })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('marks a task not realized with its reason', async () => {
    const task = await createTask(t.app, su, taskBody(rep.id, { task_date: '2026-12-08' }));
    expect((await call(t.app, rep.tokens, 'POST', P.notRealized(task.id), { reason: ' ' })).json().code).toBe('make_sure_that_all_fields_are_filled_in');
    const res = await call(t.app, rep.tokens, 'POST', P.notRealized(task.id), { reason: 'Loja fechada para inventário' });
    expect(res.json().task).toMatchObject({ status: 'not_realized', event_state: 'finished', not_realized_reason: 'Loja fechada para inventário' });
    // a task not realized still holds the day (only canceled and deleted free it)
    expect((await call(t.app, su, 'POST', P.tasks, taskBody(rep.id, { task_date: '2026-12-08' }))).statusCode).toBe(409);
  });

  it('shows a representative only their own tasks, and only with 4traders_apply_events', async () => {
    const task = await createTask(t.app, su, taskBody(rep.id, { task_date: '2026-12-09' }));
    const other = await adminWith(t.app, su, c.demo, ['4traders_apply_events']);
    expect((await call(t.app, other.tokens, 'GET', P.myTask(task.id))).statusCode).toBe(404);
    expect((await call(t.app, other.tokens, 'POST', P.checkIn(task.id), {})).statusCode).toBe(404);
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    expect((await call(t.app, learner, 'GET', P.myTasks)).statusCode).toBe(403);
    const otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call(t.app, otherAdmin, 'GET', P.myTask(task.id))).statusCode).toBe(404);
  });

  it('searches the client\'s branches first, then the geocoder, in Nominatim\'s protocol', async () => {
    const branch = (await call(t.app, su, 'POST', ADMIN_RESOURCES.branches.apiPath, { name: 'Loja Paulista', code: `PAU-${dialect}` })).json();
    await t.app.db.updateTable('branches').set({ address: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP', latitude: -23.5655, longitude: -46.652 })
      .where('id', '=', branch.id).execute();
    const res = await call(t.app, su, 'GET', `${P.addressSearch}?q=${encodeURIComponent('Avenida Paulista 1000')}`);
    expect(res.statusCode).toBe(200);
    const found = res.json();
    expect(found.map((x: { source: string; place_ref: string }) => [x.source, x.place_ref])).toEqual([
      ['branch', `branch:${branch.id}`], ['geocoder', 'osm:N:2345678901'], ['geocoder', 'osm:W:4711'],
    ]);
    expect(found[1]).toMatchObject({
      address: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'São Paulo', postal_code: '01310-100',
      latitude: -23.5647577, longitude: -46.6518495,
    });
    const sent = new URL(nominatim.requests.at(-1)!, 'http://x');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ q: 'Avenida Paulista 1000', format: 'jsonv2', addressdetails: '1' });
    // a result picked from the list is a valid task address
    const { label: _l, source: _s, ...address } = found[1];
    expect((await call(t.app, su, 'POST', P.tasks, { ...taskBody(rep.id, { task_date: '2026-12-21' }), ...address })).statusCode).toBe(201);
    // spec 3 §8: a city only, and nothing at all
    const city = await call(t.app, su, 'GET', `${P.addressSearch}?q=Campinas`);
    expect(city.statusCode).toBe(404);
    expect(city.json().code).toBe('address_not_found_check_spelling');
    expect((await call(t.app, su, 'GET', `${P.addressSearch}?q=Rua+que+nao+existe`)).json().code).toBe('no_address_found');
    // another client's branches are not searched
    const otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call(t.app, otherAdmin, 'GET', `${P.addressSearch}?q=Loja+Paulista`)).json().code).toBe('no_address_found');
  });

  // the last test of the suite: the local geocoder goes away
  it('keeps the branches when the geocoder cannot be reached', async () => {
    await nominatim.close();
    const branch = (await call(t.app, su, 'POST', ADMIN_RESOURCES.branches.apiPath, { name: 'Loja Centro', code: `CEN-${dialect}` })).json();
    await t.app.db.updateTable('branches').set({ address: 'Rua Direita', number: '10', latitude: -23.54, longitude: -46.63 }).where('id', '=', branch.id).execute();
    const res = await call(t.app, su, 'GET', `${P.addressSearch}?q=Centro`);
    expect(res.json().map((x: { place_ref: string }) => x.place_ref)).toEqual([`branch:${branch.id}`]);
    const none = await call(t.app, su, 'GET', `${P.addressSearch}?q=Rua+Augusta`);
    expect(none.statusCode).toBe(502);
    expect(none.json().code).toBe('geocoder_unavailable');
  });
});
