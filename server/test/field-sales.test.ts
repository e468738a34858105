import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { ADDRESS, P, call, createTask, listTasks, questionnaireBody, taskBody } from './fieldSalesFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/** spec 3 §3 "Task (field sales)", §4, §5 "Field-sales tasks", §8 "Tasks", §9 "Tasks"; spec 1 §2.3 4traders/*. */
describe.each(DIALECTS)('field-sales questionnaires and tasks on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let otherAdmin: Tokens;
  let rep: number;
  let rep2: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    rep = (await adminWith(t.app, su, c.demo, ['4traders_apply_events'])).id;
    rep2 = (await adminWith(t.app, su, c.demo, ['4traders_apply_events'])).id;
  });
  afterAll(async () => { await t.close(); });

  it('keeps a questionnaire\'s steps and questions in the order sent, and their ids across a reorder', async () => {
    const created = await call(t.app, su, 'POST', P.questionnaires, questionnaireBody());
    expect(created.statusCode).toBe(201);
    const q = created.json();
    expect(q.steps.map((s: { title: string }) => s.title)).toEqual(['Exposição', 'Fotos']);
    expect(q.steps[0].questions.map((x: { question_type: string }) => x.question_type)).toEqual(['yes_no', 'single_choice', 'number', 'multiple_choice', 'text']);
    expect(q.steps[0].questions[1].options).toEqual(['Topo', 'Meio', 'Base']);
    expect(q.questions_count).toBe(6);
    // drag and drop: the steps swap and the first step's first two questions swap
    const [first, photos] = q.steps;
    const reordered = {
      title: q.title,
      steps: [
        { id: photos.id, title: photos.title, step_type: 'photos', questions: photos.questions },
        { id: first.id, title: first.title, step_type: 'questions', questions: [first.questions[1], first.questions[0], ...first.questions.slice(2)] },
      ],
    };
    const saved = (await call(t.app, su, 'PUT', P.questionnaire(q.id), reordered)).json();
    expect(saved.steps.map((s: { id: number }) => s.id)).toEqual([photos.id, first.id]);
    expect(saved.steps[1].questions.map((x: { id: number }) => x.id)).toEqual([first.questions[1].id, first.questions[0].id, ...first.questions.slice(2).map((x: { id: number }) => x.id)]);
    // a refused save (here an emptied step title with the steps swapped back) changes nothing of what was saved
    const refused = await call(t.app, su, 'PUT', P.questionnaire(q.id), { ...reordered, steps: [{ ...reordered.steps[1]!, title: ' ' }, reordered.steps[0]!] });
    expect(refused.statusCode).toBe(400);
    const kept = (await call(t.app, su, 'GET', P.questionnaire(q.id))).json();
    expect(kept.steps.map((s: { id: number; title: string }) => [s.id, s.title])).toEqual([[photos.id, photos.title], [first.id, first.title]]);
    expect(kept.steps[1].questions.map((x: { id: number }) => x.id)).toEqual(saved.steps[1].questions.map((x: { id: number }) => x.id));
    // another client's questionnaire does not exist for it
    expect((await call(t.app, otherAdmin, 'GET', P.questionnaire(q.id))).statusCode).toBe(404);
  });

  it('refuses a questionnaire a step type or a choice question does not allow', async () => {
    const body = questionnaireBody();
    body.steps[1]!.questions.push({ text: 'Texto', question_type: 'text' });
    body.steps[0]!.questions[1]!.options = ['Só uma'];
    const res = await call(t.app, su, 'POST', P.questionnaires, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'steps.1.questions.1.question_type': 'questionnaire_photo_step_takes_photos',
      'steps.0.questions.1.options': 'questionnaire_choice_needs_two_options',
    });
  });

  it('creates a task only with an address selected from the search list', async () => {
    const typed = await call(t.app, su, 'POST', P.tasks, taskBody(rep, { task_date: '2026-12-01', place_ref: null }));
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ code: 'address_must_be_selected_from_search', fields: { address: 'address_must_be_selected_from_search' } });
    const noPin = await call(t.app, su, 'POST', P.tasks, taskBody(rep, { task_date: '2026-12-01', latitude: null }));
    expect(noPin.json().code).toBe('address_must_be_selected_from_search');
    const ok = await call(t.app, su, 'POST', P.tasks, taskBody(rep, { task_date: '2026-12-01' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      ...ADDRESS, task_date: '2026-12-01', start_time: '09:00', status: 'pending', event_state: 'scheduled', series_id: null,
      // 09:00 in São Paulo (UTC−3)
      starts_at: '2026-12-01T12:00:00.000Z', ends_at: '2026-12-01T13:00:00.000Z',
    });
  });

  it('refuses a second task of the representative on the same day (spec 3 §5)', async () => {
    await createTask(t.app, su, taskBody(rep, { task_date: '2026-12-02' }));
    const again = await call(t.app, su, 'POST', P.tasks, taskBody(rep, { task_date: '2026-12-02', start_time: '14:00', end_time: '15:00' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'representative_already_has_events_for_the_selected_day' });
    // another representative is free that day
    expect((await call(t.app, su, 'POST', P.tasks, taskBody(rep2, { task_date: '2026-12-02' }))).statusCode).toBe(201);
  });

  it('takes the day once when two saves arrive together', async () => {
    const body = taskBody(rep2, { task_date: '2026-12-03' });
    const answers = await Promise.all([1, 2, 3].map(() => call(t.app, su, 'POST', P.tasks, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await listTasks(t.app, su, { representative_id: rep2, task_date: '2026-12-03' })).toHaveLength(1);
  });

  it('expands a daily recurrence up to 365 occurrences and refuses 366', async () => {
    const r = await adminWith(t.app, su, c.demo, []);
    const over = await call(t.app, su, 'POST', P.tasks, taskBody(r.id, { task_date: '2027-01-01', recurrence: { frequency: 'daily', count: 366 } }));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'recurrence_above_limit', fields: { 'recurrence.count': 'recurrence_above_limit' } });
    const first = await createTask(t.app, su, taskBody(r.id, { task_date: '2027-01-01', recurrence: { frequency: 'daily', count: 365 } }));
    const series = await listTasks(t.app, su, { series_id: first.series_id });
    expect(series).toHaveLength(365);
    expect(series[0]).toMatchObject({ task_date: '2027-01-01', occurrence: 1, recurrence: { frequency: 'daily', count: 365 } });
    expect(series[364]).toMatchObject({ task_date: '2027-12-31', occurrence: 365 });
  });

  it('skips the months without a 31st (RFC 5545) and counts real occurrences', async () => {
    const first = await createTask(t.app, su, taskBody(rep, { task_date: '2027-01-31', recurrence: { frequency: 'monthly', count: 4 } }));
    expect((await listTasks(t.app, su, { series_id: first.series_id })).map((x) => x.task_date)).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31']);
    const custom = await createTask(t.app, su, taskBody(rep, { task_date: '2027-02-01', recurrence: { frequency: 'custom', interval: 2, unit: 'weeks', count: 3 } }));
    expect((await listTasks(t.app, su, { series_id: custom.series_id })).map((x) => x.task_date)).toEqual(['2027-02-01', '2027-02-15', '2027-03-01']);
  });

  it('keeps the wall-clock time of every occurrence across a daylight-saving change', async () => {
    // New York leaves daylight saving on Sunday 1 November 2026 (UTC−4 → UTC−5)
    const first = await createTask(t.app, su, taskBody(rep, {
      task_date: '2026-10-29', timezone: 'America/New_York', start_time: '09:00', end_time: '10:30', recurrence: { frequency: 'daily', count: 7 },
    }));
    const week = await listTasks(t.app, su, { series_id: first.series_id });
    expect(week.map((x) => [x.task_date, x.start_time, x.starts_at])).toEqual([
      ['2026-10-29', '09:00', '2026-10-29T13:00:00.000Z'],
      ['2026-10-30', '09:00', '2026-10-30T13:00:00.000Z'],
      ['2026-10-31', '09:00', '2026-10-31T13:00:00.000Z'],
      ['2026-11-01', '09:00', '2026-11-01T14:00:00.000Z'],
      ['2026-11-02', '09:00', '2026-11-02T14:00:00.000Z'],
      ['2026-11-03', '09:00', '2026-11-03T14:00:00.000Z'],
      ['2026-11-04', '09:00', '2026-11-04T14:00:00.000Z'],
    ]);
    expect(week[6]!.ends_at).toBe('2026-11-04T15:30:00.000Z');
  });

  it('checks every occurrence of a series against the representative\'s days, and creates none on a conflict', async () => {
    const r = await adminWith(t.app, su, c.demo, []);
    // the fifth Monday of the series is taken
    await createTask(t.app, su, taskBody(r.id, { task_date: '2027-03-29' }));
    const res = await call(t.app, su, 'POST', P.tasks, taskBody(r.id, { task_date: '2027-03-01', recurrence: { frequency: 'weekly', count: 6 } }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'cannot_create_recurrence_user_has_events_for_the_day', fields: { task_date: 'cannot_create_recurrence_user_has_events_for_the_day' } });
    expect(res.json().detail).toContain('2027-03-29');
    expect((await listTasks(t.app, su, { representative_id: r.id })).map((x) => x.task_date)).toEqual(['2027-03-29']);
    // a canceled task frees its day
    const [taken] = await listTasks(t.app, su, { representative_id: r.id });
    expect((await call(t.app, su, 'POST', P.cancel(taken!.id), { cancel_motive: 'Loja fechada' })).json()).toEqual({ ids: [taken!.id] });
    expect((await call(t.app, su, 'POST', P.tasks, taskBody(r.id, { task_date: '2027-03-01', recurrence: { frequency: 'weekly', count: 6 } }))).statusCode).toBe(201);
  });

  it('edits "only this recurrence" or "all next recurrences" and nothing else', async () => {
    const r = await adminWith(t.app, su, c.demo, []);
    const first = await createTask(t.app, su, taskBody(r.id, { task_date: '2027-04-05', recurrence: { frequency: 'weekly', count: 5 } }));
    const series = async () => listTasks(t.app, su, { series_id: first.series_id });
    const ids = (await series()).map((x) => x.id);
    const fields = (x: Task) => ({ task_date: x.task_date, start_time: x.start_time, rep: x.representative.id });
    // only this: the third moves to 14:00
    const only = await call(t.app, su, 'PUT', P.task(ids[2]!), { ...taskBody(r.id, { task_date: '2027-04-19', start_time: '14:00', end_time: '15:00' }), scope: 'only_this' });
    expect(only.statusCode).toBe(200);
    expect((await series()).map(fields)).toEqual([
      { task_date: '2027-04-05', start_time: '09:00', rep: r.id }, { task_date: '2027-04-12', start_time: '09:00', rep: r.id },
      { task_date: '2027-04-19', start_time: '14:00', rep: r.id }, { task_date: '2027-04-26', start_time: '09:00', rep: r.id },
      { task_date: '2027-05-03', start_time: '09:00', rep: r.id },
    ]);
    // all next from the second: another representative, one day later
    const other = await adminWith(t.app, su, c.demo, []);
    const next = await call(t.app, su, 'PUT', P.task(ids[1]!), { ...taskBody(other.id, { task_date: '2027-04-13', start_time: '08:00', end_time: '09:00' }), scope: 'all_next' });
    expect(next.statusCode).toBe(200);
    expect((await series()).map(fields)).toEqual([
      { task_date: '2027-04-05', start_time: '09:00', rep: r.id }, { task_date: '2027-04-13', start_time: '08:00', rep: other.id },
      { task_date: '2027-04-20', start_time: '08:00', rep: other.id }, { task_date: '2027-04-27', start_time: '08:00', rep: other.id },
      { task_date: '2027-05-04', start_time: '08:00', rep: other.id },
    ]);
    // the day is checked for each moved occurrence: the fourth's new day is taken, nothing moves
    await createTask(t.app, su, taskBody(other.id, { task_date: '2027-04-29' }));
    const clash = await call(t.app, su, 'PUT', P.task(ids[1]!), { ...taskBody(other.id, { task_date: '2027-04-15', start_time: '08:00', end_time: '09:00' }), scope: 'all_next' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('cannot_create_recurrence_user_has_events_for_the_day');
    expect((await series())[1]!.task_date).toBe('2027-04-13');
    // cancel all next from the fourth; delete only the first
    const canceled = await call(t.app, su, 'POST', P.cancel(ids[3]!), { cancel_motive: 'Contrato encerrado', scope: 'all_next' });
    expect(canceled.json()).toEqual({ ids: [ids[3], ids[4]] });
    expect((await call(t.app, su, 'POST', P.remove(ids[0]!), { scope: 'only_this' })).json()).toEqual({ ids: [ids[0]] });
    expect((await series()).map((x) => [x.id, x.status, x.cancel_motive])).toEqual([
      [ids[1], 'pending', null], [ids[2], 'pending', null], [ids[3], 'canceled', 'Contrato encerrado'], [ids[4], 'canceled', 'Contrato encerrado'],
    ]);
    expect((await call(t.app, su, 'GET', P.task(ids[0]!))).statusCode).toBe(404);
    // a canceled task is not edited, and a cancel needs its motive
    expect((await call(t.app, su, 'PUT', P.task(ids[3]!), taskBody(other.id, { task_date: '2027-04-27' }))).json().code).toBe('task_not_editable');
    expect((await call(t.app, su, 'POST', P.cancel(ids[1]!), { cancel_motive: '  ' })).json().fields).toEqual({ cancel_motive: 'make_sure_that_all_fields_are_filled_in' });
  });

  it('scopes tasks and questionnaires to the selected client', async () => {
    const task = await createTask(t.app, su, taskBody(rep, { task_date: '2026-12-10' }));
    expect((await call(t.app, otherAdmin, 'GET', P.task(task.id))).statusCode).toBe(404);
    expect((await call(t.app, otherAdmin, 'POST', P.cancel(task.id), { cancel_motive: 'x' })).statusCode).toBe(404);
    expect((await call(t.app, otherAdmin, 'GET', `${P.tasks}?page_size=0`)).json().results).toEqual([]);
    // a representative or questionnaire of another client is refused
    const otherUser = (await t.app.db.selectFrom('users').select('id').where('email', '=', DEMO.otherAdmin.email).executeTakeFirstOrThrow()).id;
    expect((await call(t.app, su, 'POST', P.tasks, taskBody(otherUser, { task_date: '2026-12-11' }))).json().fields).toEqual({ representative_id: 'validation_error' });
    const q = (await call(t.app, su, 'POST', P.questionnaires, questionnaireBody('Do demo'))).json();
    const foreign = await call(t.app, otherAdmin, 'POST', P.tasks, taskBody(otherUser, { task_date: '2026-12-11', questionnaire_id: q.id }));
    expect(foreign.json().fields).toEqual({ questionnaire_id: 'validation_error' });
  });

  it('opens each route with its module item (4traders_questions, 4traders_tasks, 4traders_manage_tasks)', async () => {
    const reader = (await adminWith(t.app, su, c.demo, ['4traders_tasks'])).tokens;
    const manager = (await adminWith(t.app, su, c.demo, ['4traders_tasks', '4traders_manage_tasks'])).tokens;
    const questions = (await adminWith(t.app, su, c.demo, ['4traders_questions'])).tokens;
    expect((await call(t.app, reader, 'GET', P.tasks)).statusCode).toBe(200);
    // no MAP_TILE_URL: the admin draws no map (the forms work without it)
    expect((await call(t.app, reader, 'GET', P.mapSettings)).json()).toEqual({ tile_url: null });
    expect((await call(t.app, reader, 'POST', P.tasks, taskBody(rep, { task_date: '2026-12-14' }))).statusCode).toBe(403);
    expect((await call(t.app, reader, 'GET', P.questionnaires)).statusCode).toBe(403);
    expect((await call(t.app, manager, 'POST', P.tasks, taskBody(rep, { task_date: '2026-12-14' }))).statusCode).toBe(201);
    expect((await call(t.app, questions, 'POST', P.questionnaires, questionnaireBody('Q'))).statusCode).toBe(201);
    expect((await call(t.app, questions, 'GET', P.tasks)).statusCode).toBe(403);
    // a questionnaire used by a task stays
    const q = (await call(t.app, questions, 'POST', P.questionnaires, questionnaireBody('Usado'))).json();
    await createTask(t.app, manager, taskBody(rep, { task_date: '2026-12-15', questionnaire_id: q.id }));
    expect((await call(t.app, questions, 'DELETE', P.questionnaire(q.id))).json().code).toBe('questionnaire_in_use');
  });
});
