import { describe, expect, it } from 'vitest';
import type { Attempt } from '@lp/shared/contract';
import { DIALECTS, type TestApp, type Tokens } from './helpers.ts';
import { TYPE, learnerTestEngine } from './learnerTestsFixtures.ts';
import { addModule } from './trainingsFixtures.ts';
import type { Clients } from './userFixtures.ts';

/**
 * spec 2 §4.7, §4.8: the learner's test engine — the test types (conventional,
 * quizzes, block, restart, timed) and their consequences. The draw, answers, submit and access
 * are in learner-tests.test.ts.
 */
describe.each(DIALECTS)('learner test engine on %s', (dialect) => {
  let t: TestApp;
  let c: Clients;
  let learnerId: number;
  let other: Tokens;
  const { events, seedTraining, seedTest, start, read, answer, submit, started, take, enrollment, resultRows, backdate } =
    learnerTestEngine(dialect, (suite) => ({ t, c, learnerId, other } = suite));

  // ---- types (spec 2 §4.8) ----

  it('conventional: unlimited attempts until the minimum is reached — fail once, pass the second time, then it is over', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { questions: 3, minimum: 2 });
    const failed = await take(trainingId, test, (p) => p === 1);
    expect(failed.result).toMatchObject({ correct_count: 1, passed: false, consequence: 'none', attempts_left: null });
    const passed = await take(trainingId, test, () => true);
    expect(passed).toMatchObject({ attempt_number: 2, result: { correct_count: 3, passed: true } });
    const again = await start(trainingId, test.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('test_already_passed');
  });

  it('quizzes: the unevaluated quiz passes with any result and may be practised again', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { type: TYPE.unevaluatedQuiz, questions: 2, minimum: null });
    const first = await take(trainingId, test, () => false);
    expect(first.result).toMatchObject({ correct_count: 0, passed: true });
    expect((await start(trainingId, test.id)).statusCode).toBe(201);
  });

  it('block: failing the allowed attempts blocks the learner in the training; nothing opens afterwards', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { type: TYPE.block, questions: 2, minimum: 2, maxAttempts: 2 });
    const otherTest = await seedTest(trainingId, { questions: 1 });
    const first = await take(trainingId, test, () => false);
    expect(first.result).toMatchObject({ passed: false, consequence: 'none', attempts_left: 1 });
    expect((await enrollment(trainingId))?.status).toBe('ongoing');
    const second = await take(trainingId, test, () => false);
    expect(second.result).toMatchObject({ passed: false, consequence: 'blocked', attempts_left: 0 });
    const row = await enrollment(trainingId);
    expect(row?.status).toBe('blocked');
    expect(row?.blocked_at).not.toBeNull();
    for (const testId of [test.id, otherTest.id]) {
      const res = await start(trainingId, testId);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('training_blocked');
    }
    // the result can still be read, and a retried submit still answers it
    const retry = await submit(trainingId, test.id, second.id);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().result).toMatchObject({ consequence: 'blocked', attempts_left: 0 });
  });

  it('block: attempts are enforced even without blocking (no attempts left once passed or used)', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { type: TYPE.block, questions: 1, minimum: 1, maxAttempts: 1 });
    const other2 = await take(trainingId, test, () => false, other);
    expect(other2.result?.consequence).toBe('blocked');
    // the learner's own attempts are theirs alone
    const mine = await take(trainingId, test, () => true);
    expect(mine.result).toMatchObject({ passed: true, attempts_left: 0 });
    const res = await start(trainingId, test.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('test_already_passed');
  });

  it('restart: failing the last attempt wipes the training progress and gives the attempts back; the attempts stay for the admin', async () => {
    const trainingId = await seedTraining();
    const moduleId = await addModule(t.app, trainingId);
    const passedTest = await seedTest(trainingId, { questions: 1 });
    const test = await seedTest(trainingId, { type: TYPE.restart, questions: 2, minimum: 2, maxAttempts: 2 });
    const now = new Date();
    await t.app.db.insertInto('group_training_module_progress').values({
      user_id: learnerId, module_id: moduleId, group_training_id: trainingId, status: 'finished', percent: 100, cmi: '{"cmi.location":"p3"}', finished_at: now,
    }).execute();
    const { id: evaluationId } = await t.app.db.insertInto('group_training_evaluations').values({
      owner_id: trainingId, title: 'Reação', status: 1, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const { id: evalQuestion } = await t.app.db.insertInto('group_training_evaluation_questions').values({
      evaluation_id: evaluationId, title: 'Nota', question_type_id: 1, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('group_training_evaluation_answers').values({ evaluation_id: evaluationId, question_id: evalQuestion, user_id: learnerId, grade: 9, stars: null, text: null }).execute();
    expect((await take(trainingId, passedTest, () => true)).result?.passed).toBe(true);

    expect((await take(trainingId, test, () => false)).result).toMatchObject({ consequence: 'none', attempts_left: 1 });
    const before = events.length;
    const last = await take(trainingId, test, () => false);
    // after the restart every attempt is available again
    expect(last.result).toMatchObject({ passed: false, consequence: 'restarted', attempts_left: 2 });
    expect(last.status).toBe('finished');
    expect(events.slice(before)).toEqual([{ clientId: c.demo, userId: learnerId, trainingId, cause: 'restart' }]);

    expect(await t.app.db.selectFrom('group_training_module_progress').select('id').where('user_id', '=', learnerId).where('group_training_id', '=', trainingId).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('group_training_evaluation_answers').select('id').where('user_id', '=', learnerId).where('evaluation_id', '=', evaluationId).execute()).toEqual([]);
    const row = await enrollment(trainingId);
    expect(row).toMatchObject({ status: 'ongoing', restart_count: 1, blocked_at: null, completed_at: null });
    // kept as 'restarted' (spec 2 §4.7): the admin still counts the realizations
    expect((await resultRows(test.id)).map((r) => r.status)).toEqual(['restarted', 'restarted']);
    expect((await resultRows(passedTest.id)).map((r) => r.status)).toEqual(['restarted']);
    const adminView = await t.app.db.selectFrom('group_training_test_results').select((eb) => eb.fn.countAll<number>().as('n')).where('test_id', '=', test.id).executeTakeFirstOrThrow();
    expect(Number(adminView.n)).toBe(2);

    // the passed test is to be taken again; the restart test starts over at attempt 3
    expect((await started(trainingId, passedTest.id)).attempt_number).toBe(2);
    const fresh = await started(trainingId, test.id);
    expect(fresh.attempt_number).toBe(3);
    // the retried submit of the attempt that restarted answers the same result
    const retry = await submit(trainingId, test.id, last.id);
    expect(retry.json()).toMatchObject({ status: 'finished', result: { consequence: 'restarted', passed: false } });
  });

  // ---- timed types ----

  it('timed: one attempt with a deadline; one question at a time; a confirmed answer is final', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { type: TYPE.timedBlock, questions: 3, minimum: 2, time: '00:10:00', randomizeQuestions: false });
    const attempt = await started(trainingId, test.id);
    expect(attempt).toMatchObject({ timed: true, one_at_a_time: true });
    expect(new Date(attempt.deadline_at!).getTime() - new Date(attempt.started_at).getTime()).toBe(600_000);
    // spec 2 §4.8: the timed types show their questions in random order whatever the flag: the draw is stored as shown
    const [p1, p2, p3] = attempt.questions.map((q) => test.questions.find((s) => s.id === q.id)!);

    let res = await answer(trainingId, test.id, attempt.id, p2!.id, { answer_id: p2!.correct });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('previous_question_not_confirmed');
    // saved before confirming, changed, then confirmed
    expect((await answer(trainingId, test.id, attempt.id, p1!.id, { answer_id: p1!.wrong })).statusCode).toBe(200);
    res = await answer(trainingId, test.id, attempt.id, p1!.id, { answer_id: p1!.correct, confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<Attempt>().questions[0]).toMatchObject({ answer_id: p1!.correct, confirmed: true });
    res = await answer(trainingId, test.id, attempt.id, p1!.id, { answer_id: p1!.wrong, confirm: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('answer_already_confirmed');
    // the same confirmed answer again is a retry
    expect((await answer(trainingId, test.id, attempt.id, p1!.id, { answer_id: p1!.correct, confirm: true })).statusCode).toBe(200);
    expect((await answer(trainingId, test.id, attempt.id, p2!.id, { answer_id: p2!.correct, confirm: true })).statusCode).toBe(200);
    expect((await answer(trainingId, test.id, attempt.id, p3!.id, { answer_id: p3!.wrong, confirm: true })).statusCode).toBe(200);
    const done = (await submit(trainingId, test.id, attempt.id)).json<Attempt>();
    expect(done.result).toMatchObject({ correct_count: 2, passed: true, attempts_left: 0 });
    // one attempt only
    const again = await start(trainingId, test.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('test_already_passed');
  });

  it('timed: answers after the deadline are refused ("Time expired"); the attempt expires, scored with what was answered, and blocks', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { type: TYPE.timedBlock, questions: 3, minimum: 2, time: '00:05:00' });
    const attempt = await started(trainingId, test.id);
    const [p1, p2] = attempt.questions.map((q) => test.questions.find((s) => s.id === q.id)!);
    await answer(trainingId, test.id, attempt.id, p1!.id, { answer_id: p1!.correct, confirm: true });
    await backdate(attempt, 6);

    const before = events.length;
    const res = await answer(trainingId, test.id, attempt.id, p2!.id, { answer_id: p2!.correct, confirm: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'time_expired', detail: 'Time expired' });
    const row = (await resultRows(test.id))[0]!;
    expect(row).toMatchObject({ status: 'expired', correct_count: 1, total_questions: 3, consequence: 'blocked' });
    expect(events.slice(before)).toEqual([{ clientId: c.demo, userId: learnerId, trainingId, cause: 'test' }]);

    const view = (await read(trainingId, test.id, attempt.id)).json<Attempt>();
    expect(view).toMatchObject({ status: 'expired', result: { correct_count: 1, passed: false, consequence: 'blocked', attempts_left: 0 } });
    expect(view.questions.find((q) => q.id === p2!.id)?.answer_id).toBeNull();
    // a submit after the fact answers the expired result; the learner is blocked
    expect((await submit(trainingId, test.id, attempt.id)).json()).toMatchObject({ status: 'expired' });
    expect((await enrollment(trainingId))?.status).toBe('blocked');
    expect((await start(trainingId, test.id)).json().code).toBe('training_blocked');
  });

  it('timed restart: the expiry is noticed by whatever touches the attempt (a reload, a start) and restarts the training', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { type: TYPE.timedRestart, questions: 2, minimum: 1, time: '00:01:00' });
    const attempt = await started(trainingId, test.id);
    await backdate(attempt, 2);
    // a start after the deadline answers the expired attempt, not a new one
    const res = await start(trainingId, test.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Attempt>()).toMatchObject({ id: attempt.id, status: 'expired', result: { passed: false, correct_count: 0, consequence: 'restarted', attempts_left: 1 } });
    expect((await enrollment(trainingId))?.restart_count).toBe(1);
    // the restart gives the single attempt back
    expect((await started(trainingId, test.id)).attempt_number).toBe(2);
  });

  it('timed: a submit after the deadline ends the attempt as expired even with questions unanswered', async () => {
    const trainingId = await seedTraining();
    const test = await seedTest(trainingId, { type: TYPE.timedBlock, questions: 2, minimum: 0, time: '00:01:00' });
    const attempt = await started(trainingId, test.id);
    await backdate(attempt, 1);
    const res = await submit(trainingId, test.id, attempt.id);
    expect(res.statusCode).toBe(200);
    // minimum 0: passing with nothing answered, so nobody is blocked
    expect(res.json<Attempt>()).toMatchObject({ status: 'expired', result: { correct_count: 0, passed: true, consequence: 'none' } });
    // (its only activity done, completion may finish the training: it is just not blocked)
    expect(await enrollment(trainingId)).toMatchObject({ blocked_at: null });
    expect((await enrollment(trainingId))?.status).not.toBe('blocked');
  });
});
