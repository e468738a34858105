import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_PATHS, type Attempt } from '@lp/shared';
import type { ProgressChange } from '../src/plugins/app/learning.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { addModule, orgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const API = '/api';

/** Test type ids (2026_11_22_0005 seed, spec 2 §4.8). */
const TYPE = { conventional: 1, block: 2, restart: 3, evaluatedQuiz: 4, unevaluatedQuiz: 5, timedBlock: 6, timedRestart: 7 } as const;

interface SeededQuestion { id: number; mandatory: boolean; correct: number; wrong: number }
interface SeededTest { id: number; questions: SeededQuestion[] }

interface TestOptions {
  type?: number;
  questions?: number;
  mandatory?: number;
  qtyTotal?: number | null;
  minimum?: number | null;
  maxAttempts?: number;
  time?: string | null;
  randomizeQuestions?: boolean;
  randomizeAnswers?: boolean;
  avaliableIn?: string | null;
  status?: number;
}

/** issue 5 item 3; spec 2 §3.4, §4.7, §4.8, §5.12, §8: the learner's test engine. */
describe.each(DIALECTS)('learner test engine on %s', (dialect) => {
  let t: TestApp;
  let c: Clients;
  let learner: Tokens;
  let learnerId: number;
  let other: Tokens;
  let groupId: number;
  const events: Array<Omit<ProgressChange, 'db'>> = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, (app) => {
      app.learning.onProgress(async ({ db: _db, ...change }) => { events.push(change); });
    });
    const su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    learnerId = await userId(t.app, DEMO.learner.email);
    groupId = (await orgIds(t.app, c.demo)).groups['Onboarding 2026']!;
    const second = await adminWith(t.app, su, c.demo, ['tags']);
    await t.app.db.insertInto('user_group_members').values({ group_id: groupId, user_id: second.id }).execute();
    other = second.tokens;
  });
  afterAll(async () => { await t.close(); });

  // ---- seeding ----

  let seq = 0;
  async function seedTraining(audience = true): Promise<number> {
    seq += 1;
    const now = new Date();
    const { id } = await t.app.db.insertInto('group_trainings').values({
      client_id: c.demo, title: `Treinamento ${seq}`, status: 1, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    if (audience) await t.app.db.insertInto('group_training_user_groups').values({ group_training_id: id, user_group_id: groupId }).execute();
    return id;
  }

  async function seedTest(trainingId: number, o: TestOptions = {}): Promise<SeededTest> {
    const now = new Date();
    const { id } = await t.app.db.insertInto('group_training_tests').values({
      group_training_id: trainingId, title: 'Prova', test_type_id: o.type ?? TYPE.conventional, status: o.status ?? 1,
      avaliable_in: o.avaliableIn ?? null, qty_total_questions: o.qtyTotal ?? null, minimum_score: o.minimum === undefined ? 1 : o.minimum,
      maximum_attempts: o.maxAttempts ?? 0, time_to_answer: o.time ?? null,
      randomize_questions: o.randomizeQuestions ?? true, randomize_answers: o.randomizeAnswers ?? true, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const questions: SeededQuestion[] = [];
    const count = o.questions ?? 3;
    for (let i = 0; i < count; i += 1) {
      const mandatory = i < (o.mandatory ?? 0);
      const q = await t.app.db.insertInto('group_training_test_questions').values({
        test_id: id, title: `<p>Pergunta ${i + 1}</p>`, is_mandatory: mandatory, position: i, status: 1, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const answers = await t.app.db.insertInto('group_training_test_question_answers').values([
        { question_id: q.id, title: '<p>Certa</p>', is_correct: true, position: 0 },
        { question_id: q.id, title: '<p>Errada</p>', is_correct: false, position: 1 },
        { question_id: q.id, title: '<p>Outra</p>', is_correct: false, position: 2 },
      ]).returning('id').execute();
      questions.push({ id: q.id, mandatory, correct: answers[0]!.id, wrong: answers[1]!.id });
    }
    return { id, questions };
  }

  // ---- calls ----

  const start = (trainingId: number, testId: number, tokens = learner) =>
    t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.attempts(trainingId, testId)}`, headers: bearer(tokens) });
  const read = (trainingId: number, testId: number, attemptId: number, tokens = learner) =>
    t.app.inject({ method: 'GET', url: `${API}${LEARNER_PATHS.attempt(trainingId, testId, attemptId)}`, headers: bearer(tokens) });
  const answer = (trainingId: number, testId: number, attemptId: number, questionId: number, body: { answer_id: number; confirm?: boolean }, tokens = learner) =>
    t.app.inject({ method: 'PUT', url: `${API}${LEARNER_PATHS.answer(trainingId, testId, attemptId, questionId)}`, headers: bearer(tokens), payload: body });
  const submit = (trainingId: number, testId: number, attemptId: number, tokens = learner) =>
    t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.submit(trainingId, testId, attemptId)}`, headers: bearer(tokens) });

  async function started(trainingId: number, testId: number, tokens = learner): Promise<Attempt> {
    const res = await start(trainingId, testId, tokens);
    if (res.statusCode !== 201) throw new Error(`start: ${res.statusCode} ${res.body}`);
    return res.json<Attempt>();
  }

  /** Answers every drawn question (right or wrong) and submits; answers the result. */
  async function take(trainingId: number, test: SeededTest, right: (position: number) => boolean, tokens = learner): Promise<Attempt> {
    const attempt = await started(trainingId, test.id, tokens);
    for (const q of attempt.questions) {
      const seeded = test.questions.find((s) => s.id === q.id)!;
      const res = await answer(trainingId, test.id, attempt.id, q.id, { answer_id: right(q.position) ? seeded.correct : seeded.wrong, confirm: true }, tokens);
      if (res.statusCode !== 200) throw new Error(`answer: ${res.statusCode} ${res.body}`);
    }
    const res = await submit(trainingId, test.id, attempt.id, tokens);
    if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
    return res.json<Attempt>();
  }

  const enrollment = (trainingId: number, user = learnerId) => t.app.db.selectFrom('group_training_enrollments').selectAll()
    .where('group_training_id', '=', trainingId).where('user_id', '=', user).executeTakeFirst();
  const resultRows = (testId: number, user = learnerId) => t.app.db.selectFrom('group_training_test_results').selectAll()
    .where('test_id', '=', testId).where('user_id', '=', user).orderBy('attempt_number').execute();
  /** Moves an attempt back in time, as if it had started `minutes` earlier (the server's clock is real). */
  async function backdate(attempt: Attempt, minutes: number): Promise<void> {
    const shift = (iso: string) => new Date(new Date(iso).getTime() - minutes * 60_000);
    await t.app.db.updateTable('group_training_test_results')
      .set({ started_at: shift(attempt.started_at), deadline_at: attempt.deadline_at ? shift(attempt.deadline_at) : null })
      .where('id', '=', attempt.id).execute();
  }

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
    expect(rows.map((r) => JSON.parse(r.answer_order))).toEqual(first.questions.map((q) => q.answers.map((a) => a.id)));
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
    expect(marks.filter((m) => m.is_correct === true || m.is_correct === 1)).toHaveLength(2);

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
      group_training_id: trainingId, title: 'Reação', status: 1, created_at: now, updated_at: now,
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
