import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GENERAL_TEST_PATHS, LEARNER_GENERAL_TEST_PATHS, type Attempt, type ChoiceQuestion, type GeneralTest, type GeneralTestResult, type LearnerGeneralTestCard,
} from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';
const L = LEARNER_GENERAL_TEST_PATHS;
interface Person { id: number; tokens: Tokens }

/**
 * spec 3 §3 "General test (assessment)", §4 (timed block / timed restart: one attempt within the
 * time limit, one question at a time in random order, answers final, no pausing or reloading,
 * block or restart below the minimum score, no edits once there are results), §5, §8, §9 (the
 * bank: X total, Y mandatory, Z random); spec 3 §6 the `general_tests` module item.
 */
describe.each(DIALECTS)('general tests on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let manager: Tokens;
  let otherManager: Tokens;
  let noPermission: Tokens;
  let demo: number;
  let org: OrgIds;
  let group: number;
  const learner = () => makeLearner(t.app, su, demo, { groups: [group] });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    ({ demo } = await clientIds(t.app));
    org = await orgIds(t.app, demo);
    group = org.groups['Onboarding 2026']!;
    manager = (await adminWith(t.app, su, demo, ['general_tests'])).tokens;
    otherManager = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    noPermission = (await adminWith(t.app, su, demo, ['drills'])).tokens;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });

  it("reaches the demo learner with the demo assessment (issue 20 item 5: the seed's audience is the whole client)", async () => {
    const demoLearner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const res = await call('GET', LEARNER_GENERAL_TEST_PATHS.list, demoLearner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ title: string }[]>().map((c) => c.title)).toContain('Avaliação de produtos e trocas');
  });

  async function makeTest(over: Record<string, unknown> = {}, questions = 4, mandatory = 0): Promise<{ test: GeneralTest; questions: ChoiceQuestion[] }> {
    const res = await call('POST', GENERAL_TEST_PATHS.collection, manager, {
      title: 'Avaliação de produto', test_type: 'timed_block_general', minimum_score: 2, quantity_questions: null, time_to_finish: 10,
      publish_date: '2026-01-01', unpublish_date: null, status: 2, user_groups: [group], ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    const test = res.json<GeneralTest>();
    const list: ChoiceQuestion[] = [];
    for (let i = 0; i < questions; i += 1) {
      const q = await call('POST', GENERAL_TEST_PATHS.questions(test.id), manager, {
        title: `Questão ${i + 1}`, is_mandatory: i < mandatory, alternatives: [{ title: 'Certa', is_correct: true }, { title: 'Errada', is_correct: false }],
      });
      expect(q.statusCode, q.body).toBe(201);
      list.push(q.json<ChoiceQuestion>());
    }
    const p = await call('PUT', GENERAL_TEST_PATHS.item(test.id), manager, { status: 1 });
    expect(p.statusCode, p.body).toBe(200);
    return { test: p.json<GeneralTest>(), questions: list };
  }
  const start = (who: Person, test: GeneralTest) => call('POST', L.attempts(test.id, test.test_id), who.tokens);
  const choose = (all: ChoiceQuestion[], questionId: number, right: boolean) =>
    all.find((q) => q.id === questionId)!.alternatives.find((a) => a.is_correct === right)!.id;
  async function answerAll(who: Person, test: GeneralTest, attempt: Attempt, all: ChoiceQuestion[], right: (i: number) => boolean): Promise<Attempt> {
    let last = attempt;
    for (const [i, q] of attempt.questions.entries()) {
      const res = await call('PUT', L.answer(test.id, test.test_id, attempt.id, q.id), who.tokens, { answer_id: choose(all, q.id, right(i)), confirm: true });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json<Attempt>();
    }
    return last;
  }

  it('validates the general test (spec 3 §3, §5)', async () => {
    const bad = await call('POST', GENERAL_TEST_PATHS.collection, manager, { title: '', test_type: 'block', minimum_score: 0, time_to_finish: null, publish_date: '2026-02-10', unpublish_date: '2026-02-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      title: 'make_sure_that_all_fields_are_filled_in', test_type: 'invalid_field', minimum_score: 'minimum_score_below_one',
      time_to_finish: 'make_sure_that_all_fields_are_filled_in', unpublish_date: 'end_date_before_start_date',
    });
    // published: the bank must hold what is drawn and what passing needs
    const { test } = await makeTest({ quantity_questions: 3, minimum_score: 3 }, 3);
    const tooMany = await call('PUT', GENERAL_TEST_PATHS.item(test.id), manager, { quantity_questions: 4 });
    expect(tooMany.json().fields).toEqual({ quantity_questions: 'invalid_field' });
    const minimum = await call('PUT', GENERAL_TEST_PATHS.item(test.id), manager, { quantity_questions: 2 });
    expect(minimum.json().fields).toEqual({ minimum_score: 'minimum_score_above_question_count' });
  });

  it('draws the bank: Y mandatory always, Z random, X in all (spec 3 §9)', async () => {
    const { test, questions } = await makeTest({ quantity_questions: 4, minimum_score: 1 }, 8, 2);
    expect(test).toMatchObject({ qty_questions: 8, qty_mandatory: 2 });
    const mandatory = questions.slice(0, 2).map((q) => q.id);
    const seen = new Set<number>();
    for (let i = 0; i < 4; i += 1) {
      const who = await learner();
      const attempt = (await start(who, test)).json<Attempt>();
      const ids = attempt.questions.map((q) => q.id);
      expect(ids).toHaveLength(4);
      for (const id of mandatory) expect(ids).toContain(id);
      expect(JSON.stringify(attempt)).not.toContain('is_correct');
      ids.forEach((id) => seen.add(id));
    }
    // the random part comes from the other six
    expect(seen.size).toBeGreaterThan(2);
  });

  it('one timed attempt, one question at a time, answers final, all answered before finishing (spec 3 §4, §8)', async () => {
    const { test, questions } = await makeTest({ minimum_score: 2 }, 3);
    const ana = await learner();
    const res = await start(ana, test);
    expect(res.statusCode).toBe(201);
    const attempt = res.json<Attempt>();
    expect(attempt).toMatchObject({ timed: true, one_at_a_time: true, status: 'in_progress' });
    expect(new Date(attempt.deadline_at!).getTime() - new Date(attempt.started_at).getTime()).toBe(10 * 60 * 1000);
    const [q1, q2] = attempt.questions;
    // one at a time: the second before the first is confirmed is refused
    const early = await call('PUT', L.answer(test.id, test.test_id, attempt.id, q2!.id), ana.tokens, { answer_id: choose(questions, q2!.id, true), confirm: true });
    expect(early.json().code).toBe('previous_question_not_confirmed');
    await call('PUT', L.answer(test.id, test.test_id, attempt.id, q1!.id), ana.tokens, { answer_id: choose(questions, q1!.id, true), confirm: true });
    const change = await call('PUT', L.answer(test.id, test.test_id, attempt.id, q1!.id), ana.tokens, { answer_id: choose(questions, q1!.id, false), confirm: true });
    expect(change.json().code).toBe('answer_already_confirmed');
    const unfinished = await call('POST', L.submit(test.id, test.test_id, attempt.id), ana.tokens);
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json().code).toBe('you_must_answer_all_questions');
    const rest = { ...attempt, questions: attempt.questions.slice(1) };
    await answerAll(ana, test, rest, questions, () => true);
    const done = (await call('POST', L.submit(test.id, test.test_id, attempt.id), ana.tokens)).json<Attempt>();
    expect(done.result).toMatchObject({ correct_count: 3, passed: true });
    const again = await start(ana, test);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('test_already_passed');
  });

  it('a reload ends the attempt: reading it back or starting again (spec 3 §4, enforced by the server)', async () => {
    const { test, questions } = await makeTest({ minimum_score: 1 }, 3);
    const bia = await learner();
    const attempt = (await start(bia, test)).json<Attempt>();
    const q1 = attempt.questions[0]!;
    await call('PUT', L.answer(test.id, test.test_id, attempt.id, q1.id), bia.tokens, { answer_id: choose(questions, q1.id, true), confirm: true });
    const reread = (await call('GET', L.attempt(test.id, test.test_id, attempt.id), bia.tokens)).json<Attempt>();
    expect(reread.status).toBe('finished');
    expect(reread.result).toMatchObject({ correct_count: 1, total_questions: 3, passed: true });
    const q2 = attempt.questions[1]!;
    const late = await call('PUT', L.answer(test.id, test.test_id, attempt.id, q2.id), bia.tokens, { answer_id: choose(questions, q2.id, true), confirm: true });
    expect(late.json().code).toBe('attempt_already_finished');

    const caio = await learner();
    const first = (await start(caio, test)).json<Attempt>();
    // the same start sent again at once, before any answer, is the same start
    expect((await start(caio, test)).json<Attempt>()).toMatchObject({ id: first.id, status: 'in_progress' });
    const c1 = first.questions[0]!;
    await call('PUT', L.answer(test.id, test.test_id, first.id, c1.id), caio.tokens, { answer_id: choose(questions, c1.id, true), confirm: true });
    const restarted = await start(caio, test);
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json<Attempt>()).toMatchObject({ id: first.id, status: 'finished' });
    expect((await start(caio, test)).statusCode).toBe(409);

    // a reload later on ends it even with nothing answered
    const dan = await learner();
    const third = (await start(dan, test)).json<Attempt>();
    await t.app.db.updateTable('general_test_test_results').set({ started_at: new Date(Date.now() - 5000) }).where('id', '=', third.id).execute();
    expect((await start(dan, test)).json<Attempt>()).toMatchObject({ id: third.id, status: 'finished', result: { correct_count: 0, passed: false } });
  });

  it('two simultaneous starts make one attempt', async () => {
    const { test } = await makeTest({ minimum_score: 1 }, 3);
    const dani = await learner();
    const both = await Promise.all([start(dani, test), start(dani, test)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const [a, b] = both.map((r) => r.json<Attempt>());
    expect(a!.id).toBe(b!.id);
    expect(a!.status).toBe('in_progress');
    expect(b!.status).toBe('in_progress');
    const rows = await t.app.db.selectFrom('general_test_test_results').select('id').where('test_id', '=', test.test_id).where('user_id', '=', dani.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('below the minimum score: block stays blocked, restart starts over while realizations are left', async () => {
    const blocking = await makeTest({ minimum_score: 2 }, 2);
    const eva = await learner();
    const a = (await start(eva, blocking.test)).json<Attempt>();
    await answerAll(eva, blocking.test, a, blocking.questions, () => false);
    const failed = (await call('POST', L.submit(blocking.test.id, blocking.test.test_id, a.id), eva.tokens)).json<Attempt>();
    expect(failed.result).toMatchObject({ passed: false, consequence: 'blocked', attempts_left: 0 });
    expect((await start(eva, blocking.test)).json().code).toBe('no_attempts_left');
    expect((await call('GET', L.item(blocking.test.id), eva.tokens)).json<LearnerGeneralTestCard>().standing).toBe('blocked');

    const restarting = await makeTest({ test_type: 'timed_restart_general', minimum_score: 2, quantity_realizations: 2 }, 2);
    const fab = await learner();
    const r1 = (await start(fab, restarting.test)).json<Attempt>();
    await answerAll(fab, restarting.test, r1, restarting.questions, () => false);
    const out1 = (await call('POST', L.submit(restarting.test.id, restarting.test.test_id, r1.id), fab.tokens)).json<Attempt>();
    expect(out1.result).toMatchObject({ passed: false, consequence: 'restarted', attempts_left: 1 });
    expect((await call('GET', L.item(restarting.test.id), fab.tokens)).json<LearnerGeneralTestCard>().standing).toBe('can_restart');
    const second = await start(fab, restarting.test);
    expect(second.statusCode).toBe(201);
    const r2 = second.json<Attempt>();
    expect(r2.attempt_number).toBe(2);
    await answerAll(fab, restarting.test, r2, restarting.questions, () => false);
    await call('POST', L.submit(restarting.test.id, restarting.test.test_id, r2.id), fab.tokens);
    // two realizations used: no third
    expect((await start(fab, restarting.test)).json().code).toBe('no_attempts_left');
  });

  it('time expired: an answer after the time limit is refused and the attempt ends (spec 3 §8)', async () => {
    const { test, questions } = await makeTest({ minimum_score: 1 }, 2);
    const gil = await learner();
    const attempt = (await start(gil, test)).json<Attempt>();
    await t.app.db.updateTable('general_test_test_results').set({ deadline_at: new Date(Date.now() - 1000) }).where('id', '=', attempt.id).execute();
    const q = attempt.questions[0]!;
    const late = await call('PUT', L.answer(test.id, test.test_id, attempt.id, q.id), gil.tokens, { answer_id: choose(questions, q.id, true), confirm: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('time_expired');
  });

  it('cannot be edited once it has results (spec 3 §4, §8)', async () => {
    const { test, questions } = await makeTest({ minimum_score: 1 }, 2);
    const hal = await learner();
    await start(hal, test);
    const refused = await call('PUT', GENERAL_TEST_PATHS.item(test.id), manager, { title: 'Nova' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'general_test_has_results', detail: 'This Assessment already has results and therefore cannot be edited.' });
    expect((await call('POST', GENERAL_TEST_PATHS.questions(test.id), manager, { title: 'x', alternatives: [{ title: 'a', is_correct: true }, { title: 'b', is_correct: false }] })).statusCode).toBe(409);
    expect((await call('DELETE', GENERAL_TEST_PATHS.question(test.id, questions[0]!.id), manager)).statusCode).toBe(409);
    const loaded = (await call('GET', GENERAL_TEST_PATHS.item(test.id), manager)).json<GeneralTest>();
    expect(loaded).toMatchObject({ has_results: true, qty_results: 1 });
    const results = (await call('GET', GENERAL_TEST_PATHS.results(test.id), manager)).json<GeneralTestResult[]>();
    expect(results).toEqual([expect.objectContaining({ user_id: hal.id, status: 'in_progress' })]);
  });

  it('keeps general tests to their client, audience and permission (spec 3 §6)', async () => {
    const { test, questions } = await makeTest({}, 2);
    const outsider = await makeLearner(t.app, su, demo);
    expect((await call('GET', L.list, outsider.tokens)).json<LearnerGeneralTestCard[]>().map((c) => c.id)).not.toContain(test.id);
    expect((await start(outsider, test)).statusCode).toBe(404);
    expect((await call('GET', GENERAL_TEST_PATHS.collection, noPermission)).statusCode).toBe(403);
    expect((await call('GET', GENERAL_TEST_PATHS.collection, outsider.tokens)).statusCode).toBe(403);
    expect((await call('GET', GENERAL_TEST_PATHS.item(test.id), otherManager)).statusCode).toBe(404);
    expect((await call('PUT', GENERAL_TEST_PATHS.item(test.id), otherManager, { title: 'mine' })).statusCode).toBe(404);
    expect((await call('DELETE', GENERAL_TEST_PATHS.question(test.id, questions[0]!.id), otherManager)).statusCode).toBe(404);
    expect((await call('GET', GENERAL_TEST_PATHS.results(test.id), otherManager)).statusCode).toBe(404);
    const inside = await learner();
    // home's next steps offer it to its audience only
    const home = async (who: Person) => (await call('GET', '/home/', who.tokens)).json<{ open_general_tests: Array<{ id: number }> }>().open_general_tests.map((g) => g.id);
    expect(await home(inside)).toContain(test.id);
    expect(await home(outsider)).not.toContain(test.id);
    expect((await call('GET', L.list, inside.tokens)).json<LearnerGeneralTestCard[]>()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: test.id, standing: 'not_started', questions: 2 })]),
    );
  });
});
