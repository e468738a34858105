import { describe, expect, it } from 'vitest';
import { LEARNER_PATHS, type Attempt } from '@lp/shared/contract';
import { DIALECTS, type TestApp, type Tokens } from './helpers.ts';
import { API, learnerTestEngine } from './learnerTestsFixtures.ts';
import { addModule } from './trainingsFixtures.ts';
import type { Clients } from './userFixtures.ts';

/**
 * spec 2 §3.4, §4.7, §4.8, §5.12, §8: the learner's test engine — the draw,
 * answers and submit, availability and access. The test types are in learner-tests-types.test.ts.
 */
describe.each(DIALECTS)('learner test engine on %s', (dialect) => {
  let t: TestApp;
  let c: Clients;
  let learnerId: number;
  let other: Tokens;
  const { events, seedTraining, seedTest, start, read, answer, submit, started, enrollment, resultRows } =
    learnerTestEngine(dialect, (suite) => ({ t, c, learnerId, other } = suite));

  // ---- draw ----

  it('draws exactly qty_total_questions with every mandatory question, never revealing the correct answer; a new draw each attempt', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { questions: 10, mandatory: 3, qtyTotal: 5, minimum: 5 });
    const mandatory = test.questions.filter((q) => q.mandatory).map((q) => q.id);
    const draws = new Set<string>();
    for (let attemptNumber = 1; attemptNumber <= 6; attemptNumber += 1) {
      const res = await start(trainingId, test.id);
      expect(res.statusCode, res.body).toBe(201);
      const attempt = res.json<Attempt>();
      expect(attempt).toMatchObject({ attempt_number: attemptNumber, status: 'in_progress', timed: false, one_at_a_time: false, deadline_at: null, result: null });
      expect(attempt.questions).toHaveLength(5);
      expect(new Set(attempt.questions.map((q) => q.id)).size).toBe(5);
      for (const id of mandatory) expect(attempt.questions.map((q) => q.id)).toContain(id);
      expect(attempt.questions.map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
      for (const q of attempt.questions) {
        expect(q.answers).toHaveLength(3);
        expect(q).toMatchObject({ answer_id: null, confirmed: false });
      }
      // the answer names no correct alternative anywhere
      expect(res.body).not.toMatch(/correct/i);
      draws.add(attempt.questions.map((q) => q.id).join(','));
      // fail it: the conventional type lets the learner try again
      for (const q of attempt.questions) await answer(trainingId, test.id, attempt.id, q.id, { answer_id: test.questions.find((s) => s.id === q.id)!.wrong });
      const done = await submit(trainingId, test.id, attempt.id);
      expect(done.json().result).toMatchObject({ passed: false, correct_count: 0, total_questions: 5 });
    }
    // 7 optional questions, 2 drawn at random: six draws are not all the same
    expect(draws.size).toBeGreaterThan(1);
    const stored = await t.app.db.selectFrom('group_training_test_attempt_questions as aq')
      .innerJoin('group_training_test_results as r', 'r.id', 'aq.result_id')
      .select((eb) => eb.fn.countAll<number>().as('n')).where('r.test_id', '=', test.id).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(30);
  });

  it('stores the drawn questions and the order of their answers: a reload and a second start show the same attempt', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { questions: 6, mandatory: 6 });
    const first = await started(trainingId, test.id);
    const again = await start(trainingId, test.id);
    expect(again.statusCode).toBe(200);
    const resumed = again.json<Attempt>();
    expect(resumed.id).toBe(first.id);
    expect(resumed.questions).toEqual(first.questions);
    const reloaded = (await read(trainingId, test.id, first.id)).json<Attempt>();
    expect(reloaded.questions).toEqual(first.questions);
    expect(new Date(reloaded.server_now).getTime()).toBeGreaterThanOrEqual(new Date(first.started_at).getTime());
    const rows = await t.app.db.selectFrom('group_training_test_attempt_questions').select(['question_id', 'position', 'answer_order'])
      .where('result_id', '=', first.id).orderBy('position').execute();
    expect(rows.map((r) => r.question_id)).toEqual(first.questions.map((q) => q.id));
    expect(rows.map((r) => r.answer_order)).toEqual(first.questions.map((q) => q.answers.map((a) => a.id)));
    // the enrollment is created by the first attempt
    expect((await enrollment(trainingId))?.status).toBe('ongoing');
  });

  it('keeps the test order when randomize_questions and randomize_answers are off', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { questions: 5, randomizeQuestions: false, randomizeAnswers: false });
    const attempt = await started(trainingId, test.id);
    expect(attempt.questions.map((q) => q.id)).toEqual(test.questions.map((q) => q.id));
    for (const q of attempt.questions) expect(q.answers.map((a) => a.title)).toEqual(['<p>Certa</p>', '<p>Errada</p>', '<p>Outra</p>']);
  });

  it('two starts at the same moment make one attempt', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId);
    const [a, b] = await Promise.all([start(trainingId, test.id), start(trainingId, test.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await resultRows(test.id)).toHaveLength(1);
  });

  // ---- answers and submit ----

  it('saves each answer as it is given; a reload resumes them; submit is refused until every question is answered', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { questions: 3, minimum: 2 });
    const attempt = await started(trainingId, test.id);
    const [q1, q2, q3] = attempt.questions.map((q) => test.questions.find((s) => s.id === q.id)!);
    let res = await answer(trainingId, test.id, attempt.id, q1!.id, { answer_id: q1!.wrong });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Attempt>().questions[0]).toMatchObject({ id: q1!.id, answer_id: q1!.wrong, confirmed: false });
    // untimed: an answer may change until the end
    res = await answer(trainingId, test.id, attempt.id, q1!.id, { answer_id: q1!.correct, confirm: true });
    expect(res.json<Attempt>().questions[0]).toMatchObject({ answer_id: q1!.correct, confirmed: false });
    expect((await answer(trainingId, test.id, attempt.id, q2!.id, { answer_id: q2!.correct })).statusCode).toBe(200);

    // "reload": the answers given are there
    const reloaded = (await read(trainingId, test.id, attempt.id)).json<Attempt>();
    expect(reloaded.questions.map((q) => q.answer_id)).toEqual([q1!.correct, q2!.correct, null]);

    // spec 2 §5.12 / §8 "You must answer all questions"
    res = await submit(trainingId, test.id, attempt.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('you_must_answer_all_questions');
    expect((await resultRows(test.id))[0]?.status).toBe('in_progress');

    // an answer that is not one of the question's, a question not drawn
    res = await answer(trainingId, test.id, attempt.id, q3!.id, { answer_id: q1!.correct });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_answer');
    const stranger = await seedTest(trainingId, { questions: 1 });
    res = await answer(trainingId, test.id, attempt.id, stranger.questions[0]!.id, { answer_id: stranger.questions[0]!.correct });
    expect(res.statusCode).toBe(404);

    await answer(trainingId, test.id, attempt.id, q3!.id, { answer_id: q3!.wrong });
    res = await submit(trainingId, test.id, attempt.id);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<Attempt>();
    expect(done.status).toBe('finished');
    expect(done.result).toEqual({ correct_count: 2, total_questions: 3, score: 66.67, passed: true, consequence: 'none', attempts_left: null });
    const marks = await t.app.db.selectFrom('group_training_test_attempt_questions').select(['question_id', 'is_correct'])
      .where('result_id', '=', attempt.id).execute();
    expect(marks.filter((m) => m.is_correct === true)).toHaveLength(2);

    // a finished attempt takes no more answers
    res = await answer(trainingId, test.id, attempt.id, q3!.id, { answer_id: q3!.correct });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('attempt_already_finished');
  });

  it('submit is idempotent: a retry and two concurrent submits answer the same result, scored and reported once', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { questions: 2, minimum: 1 });
    const attempt = await started(trainingId, test.id);
    for (const q of attempt.questions) await answer(trainingId, test.id, attempt.id, q.id, { answer_id: test.questions.find((s) => s.id === q.id)!.correct });

    const before = events.length;
    const [a, b] = await Promise.all([submit(trainingId, test.id, attempt.id), submit(trainingId, test.id, attempt.id)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const first = a.json<Attempt>();
    const { server_now: _n1, ...stable } = first;
    const { server_now: _n2, ...stableB } = b.json<Attempt>();
    expect(stableB).toEqual(stable);
    expect(first.result).toMatchObject({ correct_count: 2, passed: true });
    const row = (await resultRows(test.id))[0]!;

    // the retry after a dropped connection
    const retry = await submit(trainingId, test.id, attempt.id);
    expect(retry.statusCode).toBe(200);
    const { server_now: _n3, ...stableRetry } = retry.json<Attempt>();
    expect(stableRetry).toEqual(stable);
    const rows = await resultRows(test.id);
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.finished_at)).toBe(String(row.finished_at));
    // progress reported once, in the submit's transaction
    expect(events.slice(before)).toEqual([{ clientId: c.demo, userId: learnerId, trainingId, cause: 'test' }]);
  });

  // ---- availability and access ----

  it('refuses a test whose available-in day is to come ("Test not yet available, please wait") and one whose prerequisite is not done', async () => {
    const trainingId = await seedTraining();
    const later = await seedTest(trainingId, { avaliableIn: '2999-01-01' });
    let res = await start(trainingId, later.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'test_not_yet_available', detail: 'Test not yet available, please wait' });
    await t.app.db.updateTable('group_training_tests').set({ avaliable_in: '2020-01-01' }).where('id', '=', later.id).execute();
    expect((await start(trainingId, later.id)).statusCode).toBe(201);

    const moduleId = await addModule(t.app, trainingId);
    const gated = await seedTest(trainingId);
    await t.app.db.insertInto('group_training_hierarchy').values([
      { group_training_id: trainingId, type_slug: 'module', type_id: moduleId, hierarchy_order: 1, parent_slug: null, parent_id: null },
      { group_training_id: trainingId, type_slug: 'test', type_id: gated.id, hierarchy_order: 2, parent_slug: 'module', parent_id: moduleId },
      { group_training_id: trainingId, type_slug: 'test', type_id: later.id, hierarchy_order: 3, parent_slug: null, parent_id: null },
    ]).execute();
    res = await start(trainingId, gated.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('activity_locked_prerequisite');
    await t.app.db.insertInto('group_training_module_progress').values({
      user_id: learnerId, module_id: moduleId, group_training_id: trainingId, status: 'finished', percent: 100, cmi: null, finished_at: new Date(),
    }).execute();
    expect((await start(trainingId, gated.id)).statusCode).toBe(201);
  });

  it('answers 404 for unpublished tests and trainings, trainings outside the audience, and another learner\'s attempt', async () => {
    const trainingId = await seedTraining();
    const draft = await seedTest(trainingId, { status: 2 });
    expect((await start(trainingId, draft.id)).json()).toMatchObject({ code: 'not_found', detail: 'Training not found' });
    const outside = await seedTraining(false);
    const outsideTest = await seedTest(outside);
    expect((await start(outside, outsideTest.id)).statusCode).toBe(404);
    const unpublished = await seedTraining();
    const unpublishedTest = await seedTest(unpublished);
    await t.app.db.updateTable('group_trainings').set({ status: 2 }).where('id', '=', unpublished).execute();
    expect((await start(unpublished, unpublishedTest.id)).statusCode).toBe(404);
    // the test belongs to another training
    expect((await start(outside, draft.id)).statusCode).toBe(404);

    const test = await seedTest(trainingId);
    const mine = await started(trainingId, test.id);
    const q = test.questions.find((s) => s.id === mine.questions[0]!.id)!;
    expect((await read(trainingId, test.id, mine.id, other)).statusCode).toBe(404);
    expect((await answer(trainingId, test.id, mine.id, q.id, { answer_id: q.correct }, other)).statusCode).toBe(404);
    expect((await submit(trainingId, test.id, mine.id, other)).statusCode).toBe(404);
    expect((await read(trainingId, test.id, mine.id)).statusCode).toBe(200);
    // the other learner's own start is a separate attempt
    expect((await started(trainingId, test.id, other)).id).not.toBe(mine.id);
    // no login, no attempt
    expect((await t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.attempts(trainingId, test.id)}` })).statusCode).toBe(401);
  });
});
