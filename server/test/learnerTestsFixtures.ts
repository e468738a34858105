import { afterAll, beforeAll } from 'vitest';
import { LEARNER_PATHS, type Attempt } from '@lp/shared/contract';
import { writeAudience } from '../src/content/audience/index.ts';
import type { ProgressChange } from '../src/plugins/app/learning.ts';
import { DEMO } from '../src/seed/demo.ts';
import { bearer, buildTestApp, login, type Dialect, type TestApp, type Tokens } from './helpers.ts';
import { orgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

/**
 * Fixtures of the learner test engine suites (learner-tests*.test.ts): the app with the demo
 * learner and a second learner in the 'Onboarding 2026' group, tests seeded straight into the
 * database, and the learner's calls (start, read, answer, submit).
 */
export const API = '/api';

/** Test type ids (2026_11_22_0005 seed, spec 2 §4.8). */
export const TYPE = { conventional: 1, block: 2, restart: 3, evaluatedQuiz: 4, unevaluatedQuiz: 5, timedBlock: 6, timedRestart: 7 } as const;

export interface SeededQuestion { id: number; mandatory: boolean; correct: number; wrong: number }
export interface SeededTest { id: number; questions: SeededQuestion[] }

export interface TestOptions {
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

/** What the tests of a suite use once its app is up. */
export interface EngineSuite {
  t: TestApp;
  c: Clients;
  learner: Tokens;
  learnerId: number;
  other: Tokens;
  groupId: number;
}

/**
 * Builds the suite's app before its tests (and closes it after them), then hands the suite to
 * `ready`; answers the seeding and call helpers and the progress events the app reported.
 * Call it inside the suite's describe.
 */
export function learnerTestEngine(dialect: Dialect, ready: (suite: EngineSuite) => void) {
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
    ready({ t, c, learner, learnerId, other, groupId });
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
    if (audience) await writeAudience(t.app.db, 'training', id, { user_groups: [groupId] });
    return id;
  }

  async function seedTest(trainingId: number, o: TestOptions = {}): Promise<SeededTest> {
    const now = new Date();
    const { id } = await t.app.db.insertInto('group_training_tests').values({
      owner_id: trainingId, title: 'Prova', test_type_id: o.type ?? TYPE.conventional, status: o.status ?? 1,
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

  return { events, seedTraining, seedTest, start, read, answer, submit, started, take, enrollment, resultRows, backdate };
}
