import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNER_PRESENTIAL_LIST_PATHS as LEARNER, PRESENTIAL_RESULT_PATHS as R, type AppointmentCosts, type AppointmentResults, type LearnerPresential,
} from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { pdfText } from './completionFixtures.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { API, P, appointmentBody, approve, call, makeAppointment, makeBranch, makeEvent, makeType, placeInBranch } from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * spec 3 §3 "Guest / participant", "Costs"; §4 "Training results"; §5 "All users' results must be
 * filled in"; §8 event_not_finished; §9 points categories; spec 3 §2 printing (issue 17 items 1, 3, 4).
 */
describe.each(DIALECTS)('face-to-face results, costs and printing on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let saver: Tokens;
  let instructor: number;
  let type: number;
  let store: number;
  const learners: Learner[] = [];
  const names = ['Ana Conceição Araújo', 'Bruno Müller', 'Célia Ñúñez'];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    saver = (await adminWith(t.app, su, c.demo, ['finish_events', 'presential_save_results'])).tokens;
    instructor = (await makeLearner(t.app, su, c.demo)).id;
    type = await makeType(t.app, su, 'Sala', 30);
    store = await makeBranch(t.app, su, 'Loja Parceira');
    for (const name of names) {
      const l = await makeLearner(t.app, su, c.demo);
      await t.app.db.updateTable('users').set({ full_name: name }).where('id', '=', l.id).execute();
      await placeInBranch(t.app, l.id, store);
      learners.push(l);
    }
  });
  afterAll(async () => { await t.close(); });

  /** An approved appointment with one event and the three learners enrolled. */
  const withGuests = async (extra: Record<string, unknown> = {}) => {
    const id = await makeAppointment(t.app, su, appointmentBody(type, instructor, { title: `Vendas ${Math.random()}`, invitees: [learners[0]!.id], ...extra }));
    const eventId = await makeEvent(t.app, su, id);
    await approve(t.app, su, id);
    const res = await call(t.app, su, 'POST', P.subscribersAdd(id), { event_id: eventId, user_ids: learners.map((l) => l.id) });
    expect(res.statusCode, res.body).toBe(200);
    return { id, eventId };
  };
  const results = async (id: number, tokens = saver) => (await call(t.app, tokens, 'GET', R.results(id))).json<AppointmentResults>();
  const enrollmentOf = (r: AppointmentResults, userId: number) => r.rows.find((row) => row.user.id === userId)!.enrollment_id;
  const finish = async (id: number) => expect((await call(t.app, su, 'POST', P.action(id, 'finish'), {})).statusCode).toBe(200);
  const fillAll = async (id: number, points = 0) => {
    const r = await results(id);
    const res = await call(t.app, saver, 'PUT', R.results(id), {
      points, points_category: 'training_kpi',
      rows: [
        { enrollment_id: enrollmentOf(r, learners[0]!.id), presence: 'present', result: 'approved', score: 90, correct_answers: 9, signature: true },
        { enrollment_id: enrollmentOf(r, learners[1]!.id), presence: 'present', result: 'reproved', score: 40, correct_answers: 4 },
        { enrollment_id: enrollmentOf(r, learners[2]!.id), presence: 'absent', result: 'forfeit' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AppointmentResults>();
  };
  const certificates = (id: number) => t.app.db.selectFrom('certificates').select(['user_id', 'title'])
    .where('content_type', '=', 'presential').where('content_id', '=', id).execute();
  const points = (id: number) => t.app.db.selectFrom('points_ledger').select(['user_id', 'points', 'reason'])
    .where('content_type', '=', 'presential').where('content_id', '=', id).execute();

  it('lists every guest with the spec\'s fields; saves attendance and results', async () => {
    const { id, eventId } = await withGuests();
    const before = await results(id);
    expect(before.rows).toHaveLength(3);
    expect(before.rows[0]).toMatchObject({
      event_id: eventId, user: { name: names[0], branch: 'Loja Parceira' }, invited: true, presence: null, result: null, score: null,
      correct_answers: null, signature: false, observation: '', motive: '', partner_branch_id: null, certified: false,
    });
    expect(before.rows[1]!.invited).toBe(false);
    expect(before.finalize_refusal).toBe('event_not_finished');
    const row = enrollmentOf(before, learners[1]!.id);
    const saved = await call(t.app, saver, 'PUT', R.results(id), {
      rows: [{ enrollment_id: row, invited: true, presence: 'present', result: 'awaiting_results', score: 72.5, correct_answers: 7, signature: true, observation: ' chegou atrasado ', motive: 'trânsito', partner_branch_id: store }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AppointmentResults>().rows.find((r) => r.enrollment_id === row)).toMatchObject({
      invited: true, presence: 'present', result: 'awaiting_results', score: 72.5, correct_answers: 7, signature: true, observation: 'chegou atrasado',
      motive: 'trânsito', partner_branch_id: store, partner_branch: 'Loja Parceira',
    });
    // omitted fields keep their value; null clears
    const cleared = (await call(t.app, saver, 'PUT', R.results(id), { rows: [{ enrollment_id: row, score: null }] })).json<AppointmentResults>();
    expect(cleared.rows.find((r) => r.enrollment_id === row)).toMatchObject({ score: null, correct_answers: 7, presence: 'present' });
  });

  it('refuses a bad row with the spec\'s keys: an absent guest approved, an unknown guest or branch', async () => {
    const { id } = await withGuests();
    const r = await results(id);
    const absent = await call(t.app, saver, 'PUT', R.results(id), { rows: [{ enrollment_id: r.rows[0]!.enrollment_id, presence: 'absent', result: 'approved' }] });
    expect(absent.statusCode).toBe(400);
    expect(absent.json().code).toBe('an_absent_participant_cannot_be_approved');
    expect((await call(t.app, saver, 'PUT', R.results(id), { rows: [{ enrollment_id: 999_999, result: 'approved' }] })).json().fields).toEqual({ rows: 'validation_error' });
    expect((await call(t.app, saver, 'PUT', R.results(id), { rows: [{ enrollment_id: r.rows[0]!.enrollment_id, partner_branch_id: 999_999 }] })).json().fields)
      .toEqual({ partner_branch_id: 'validation_error' });
    expect((await call(t.app, saver, 'PUT', R.results(id), { rows: [{ enrollment_id: r.rows[0]!.enrollment_id, score: 101 }] })).statusCode).toBe(400);
  });

  it('prefills score and correct answers from the event test\'s best finished attempt', async () => {
    const { id, eventId } = await withGuests();
    const now = new Date();
    const test = await t.app.db.insertInto('presential_event_tests').values({ owner_id: eventId, title: 'Prova', created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const attempt = (score: number, correct: number, finished: boolean, n: number) => ({
      test_id: test.id, user_id: learners[0]!.id, attempt_number: n, status: finished ? 'finished' as const : 'in_progress' as const, started_at: now,
      finished_at: finished ? now : null, correct_count: correct, total_questions: 10, score, passed: score >= 70,
    });
    await t.app.db.insertInto('presential_event_test_results').values([attempt(60, 6, true, 1), attempt(85, 8, true, 2), attempt(100, 10, false, 3)]).execute();
    const row = (await results(id)).rows.find((r) => r.user.id === learners[0]!.id)!;
    expect(row).toMatchObject({ score: 85, correct_answers: 8, from_test: true });
  });

  it('finalizes only once the event is finished (event_not_finished) and every result is filled in', async () => {
    const { id } = await withGuests();
    const r = await results(id);
    await call(t.app, saver, 'PUT', R.results(id), { rows: [{ enrollment_id: r.rows[0]!.enrollment_id, presence: 'present', result: 'approved' }] });
    const early = await call(t.app, saver, 'POST', R.finalize(id));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('event_not_finished');
    await finish(id);
    const missing = await call(t.app, saver, 'POST', R.finalize(id));
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe('all_users_results_must_be_filled_in');
    expect((await results(id)).finalize_refusal).toBe('all_users_results_must_be_filled_in');
    // "awaiting results" is not a final result
    await call(t.app, saver, 'PUT', R.results(id), { rows: r.rows.map((row) => ({ enrollment_id: row.enrollment_id, result: 'awaiting_results' })) });
    expect((await call(t.app, saver, 'POST', R.finalize(id))).json().code).toBe('all_users_results_must_be_filled_in');
    expect(await certificates(id)).toEqual([]);
  });

  it('finalizing issues one certificate and one points entry per approved guest; twice changes nothing; then results are closed', async () => {
    const { id } = await withGuests();
    await finish(id);
    await fillAll(id, 25);
    const detail = async (learner: Learner) => (await call(t.app, learner.tokens, 'GET', LEARNER.detail(id))).json<LearnerPresential>();
    // the learner's detail shows a result only once the results are finalized (spec 3 §4 "Training results")
    expect((await detail(learners[0]!)).result).toBeNull();
    const done = await call(t.app, saver, 'POST', R.finalize(id));
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json<AppointmentResults>();
    expect(body.finalized_at).not.toBeNull();
    expect(body.finalize_refusal).toBeNull();
    expect(body.rows.filter((r) => r.certified).map((r) => r.user.id)).toEqual([learners[0]!.id]);
    expect(await certificates(id)).toEqual([{ user_id: learners[0]!.id, title: expect.stringContaining('Vendas') }]);
    expect(await points(id)).toEqual([{ user_id: learners[0]!.id, points: 25, reason: 'training_kpi' }]);
    // the learner sees it among their certificates (the online trainings' list and PDF)
    const mine = await call(t.app, learners[0]!.tokens, 'GET', '/certificates/');
    expect(mine.json().results.some((x: { content_type: string; content_id: number }) => x.content_type === 'presential' && x.content_id === id)).toBe(true);
    const approved = await detail(learners[0]!);
    expect(approved.result).toEqual({ status: 'approved', score: 90 });
    expect(approved.certificate).toMatchObject({ status: 'valid', pdf_url: expect.stringContaining('/certificates/') });
    expect(await detail(learners[1]!)).toMatchObject({ result: { status: 'reproved', score: 40 }, certificate: null });

    const again = await call(t.app, saver, 'POST', R.finalize(id));
    expect(again.statusCode).toBe(200);
    expect(again.json<AppointmentResults>().finalized_at).toBe(body.finalized_at);
    expect(await certificates(id)).toHaveLength(1);
    expect(await points(id)).toHaveLength(1);
    const closed = await call(t.app, saver, 'PUT', R.results(id), { rows: [{ enrollment_id: body.rows[1]!.enrollment_id, result: 'approved' }] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('presential_results_already_finalized');
  });

  it('simultaneous finalizations issue one certificate and one points entry', async () => {
    const { id } = await withGuests();
    await finish(id);
    await fillAll(id, 10);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(t.app, saver, 'POST', R.finalize(id))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json<AppointmentResults>().finalized_at)).size).toBe(1);
    expect(await certificates(id)).toHaveLength(1);
    expect(await points(id)).toHaveLength(1);
  });

  it('permissions: reading with the appointments title, saving and finalizing with presential_save_results', async () => {
    const { id } = await withGuests();
    const reader = (await adminWith(t.app, su, c.demo, ['approve_events'])).tokens;
    expect((await call(t.app, reader, 'GET', R.results(id))).statusCode).toBe(200);
    expect((await call(t.app, reader, 'PUT', R.results(id), { rows: [] })).statusCode).toBe(403);
    expect((await call(t.app, reader, 'POST', R.finalize(id))).statusCode).toBe(403);
    expect((await call(t.app, reader, 'GET', R.printUsers(id))).statusCode).toBe(403);
    expect((await call(t.app, reader, 'GET', R.printResults(id))).statusCode).toBe(403);
    expect((await call(t.app, reader, 'PUT', R.costs(id), { expected_cost_per_participant: 0, events: [], additional: [] })).statusCode).toBe(403);
    const nobody = (await adminWith(t.app, su, c.demo, ['presential_save_results'])).tokens;
    // the routes open with the title first (any of request/approve/finish events)
    expect((await call(t.app, nobody, 'GET', R.results(id))).statusCode).toBe(403);
  });

  it('tenant isolation: another client\'s admin finds nothing of this one', async () => {
    const { id } = await withGuests();
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    for (const [method, url, body] of [
      ['GET', R.results(id)], ['PUT', R.results(id), { rows: [] }], ['POST', R.finalize(id)], ['GET', R.costs(id)],
      ['PUT', R.costs(id), { expected_cost_per_participant: 0, events: [], additional: [] }], ['GET', R.printUsers(id)], ['GET', R.printResults(id)],
    ] as const) {
      const res = await call(t.app, other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('costs: per event, per participant, additional lines with installments, materials; expected vs actual', async () => {
    const { id, eventId } = await withGuests({ expected_participants: 4 });
    const material = (await call(t.app, su, 'POST', P.supportMaterials, { name: 'Apostila', quantity: 100, value: 12.5 })).json<{ id: number }>().id;
    expect((await call(t.app, su, 'PUT', P.inputs(id), [{ material_id: material, quantity: 4 }])).statusCode).toBe(200);
    const r = await results(id);
    await call(t.app, saver, 'PUT', R.results(id), { rows: [{ enrollment_id: r.rows[2]!.enrollment_id, presence: 'absent' }] });
    const res = await call(t.app, su, 'PUT', R.costs(id), {
      expected_cost_per_participant: 10_000,
      events: [{ id: eventId, cost: 50_000, actual_cost: 55_000 }],
      additional: [{ description: ' Coffee break ', quantity: 3, unit_value: 3_333, installments: 3, actual_value: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const costs = res.json<AppointmentCosts>();
    expect(costs.currency).toBe('BRL');
    expect(costs.events).toEqual([expect.objectContaining({ id: eventId, cost: 50_000, actual_cost: 55_000, participants: 2, participants_cost: 20_000, total: 75_000 })]);
    expect(costs.additional).toEqual([expect.objectContaining({ description: 'Coffee break', total: 9_999, installment_values: [3_333, 3_333, 3_333], individual_value: 5_000 })]);
    expect(costs.materials).toEqual([{ material_id: material, name: 'Apostila', quantity: 4, value: 1_250, total: 5_000 }]);
    expect(costs.expected).toEqual({ participants_count: 4, events: 50_000, participants: 40_000, additional: 9_999, materials: 5_000, total: 104_999, per_participant: 26_250 });
    expect(costs.actual).toMatchObject({ participants_count: 2, events: 55_000, participants: 20_000, total: 89_999, per_participant: 45_000 });
    expect(costs.difference).toBe(89_999 - 104_999);
    expect((await call(t.app, saver, 'GET', R.costs(id))).json<AppointmentCosts>()).toEqual(costs);
    // another appointment's event is refused
    const other = await withGuests();
    const foreign = await call(t.app, su, 'PUT', R.costs(id), { expected_cost_per_participant: 0, events: [{ id: other.eventId, cost: 1, actual_cost: null }], additional: [] });
    expect(foreign.json().fields).toEqual({ events: 'validation_error' });
    // null money stays null (not 0: Ajv's coercion)
    const nullActual = (await call(t.app, su, 'PUT', R.costs(id), { expected_cost_per_participant: 0, events: [{ id: eventId, cost: 100, actual_cost: null }], additional: [] })).json<AppointmentCosts>();
    expect(nullActual.events[0]).toMatchObject({ cost: 100, actual_cost: null });
  });

  it('duplicating an appointment copies its planned costs (not what was spent)', async () => {
    const { id, eventId } = await withGuests({ expected_participants: 4 });
    expect((await call(t.app, su, 'PUT', R.costs(id), {
      expected_cost_per_participant: 7_500,
      events: [{ id: eventId, cost: 40_000, actual_cost: 41_000 }],
      additional: [
        { description: 'Coffee break', quantity: 3, unit_value: 2_000, installments: 2, actual_value: 6_500 },
        { description: 'Transporte', quantity: 1, unit_value: 9_000, installments: 1, actual_value: null },
      ],
    })).statusCode).toBe(200);
    const copy = (await call(t.app, su, 'POST', P.duplicate(id))).json<{ id: number }>().id;
    const costs = (await call(t.app, su, 'GET', R.costs(copy))).json<AppointmentCosts>();
    expect(costs.expected_cost_per_participant).toBe(7_500);
    expect(costs.events).toEqual([expect.objectContaining({ cost: 40_000, actual_cost: null })]);
    expect(costs.events[0]!.id).not.toBe(eventId);
    expect(costs.additional.map(({ description, quantity, unit_value, installments, actual_value }) => ({ description, quantity, unit_value, installments, actual_value })))
      .toEqual([
        { description: 'Coffee break', quantity: 3, unit_value: 2_000, installments: 2, actual_value: null },
        { description: 'Transporte', quantity: 1, unit_value: 9_000, installments: 1, actual_value: null },
      ]);
    // the source keeps its own lines
    expect((await call(t.app, su, 'GET', R.costs(id))).json<AppointmentCosts>().additional).toHaveLength(2);
  });

  it('prints the attendance list and the results as PDFs naming the participants', async () => {
    const { id } = await withGuests();
    await finish(id);
    await fillAll(id);
    const printer = (await adminWith(t.app, su, c.demo, ['approve_events', 'presential_print_users', 'presential_print_results'])).tokens;
    for (const url of [R.printUsers(id), R.printResults(id)]) {
      const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(printer) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      for (const name of names) expect(text).toContain(name);
    }
    const results = pdfText((await t.app.inject({ method: 'GET', url: `${API}${R.printResults(id)}`, headers: bearer(printer) })).rawPayload);
    expect(results).toContain('Aprovado');
    expect(results).toContain('Reprovado');
    const attendance = pdfText((await t.app.inject({ method: 'GET', url: `${API}${R.printUsers(id)}`, headers: bearer(printer) })).rawPayload);
    expect(attendance).toContain('Lista de presença');
    expect(attendance).toContain('Assinatura');
  });
});
