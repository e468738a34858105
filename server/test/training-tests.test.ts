import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_TRAINING_TESTS as C } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { createTraining, orgIds, trainingBody } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';
import { addResult, multipart, type QuestionBody } from './trainingTestsFixtures.ts';

const API = '/api';
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const ANSWERS = C.answersField;

/** spec 2 §3.4, §4.3, §4.4, §5.3, §5.4, §5.11, §6, §7.1 tests, questions and the question bank. */
describe.each(DIALECTS)('training tests on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let manager: Tokens;
  let reader: Tokens;
  let tagsOnly: Tokens;
  let otherAdmin: Tokens;
  let learnerId: number;
  let trainingId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    tagsOnly = (await adminWith(t.app, su, c.demo, ['tags'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    learnerId = await userId(t.app, DEMO.learner.email);
    trainingId = await createTraining(t.app, manager, trainingBody(await orgIds(t.app, c.demo)));
  });
  afterAll(async () => { await t.close(); });

  const tests = (id = trainingId) => `${API}${C.tests(id)}`;
  const test = (testId: number, id = trainingId) => `${API}${C.test(id, testId)}`;
  const questions = (testId: number, id = trainingId) => `${API}${C.questions(id, testId)}`;
  const question = (testId: number, questionId: number, id = trainingId) => `${API}${C.question(id, testId, questionId)}`;
  const get = (url: string, tokens = manager) => t.app.inject({ url, headers: bearer(tokens) });
  const json = (method: 'POST' | 'PUT', url: string, payload: unknown, tokens = manager) => t.app.inject({ method, url, headers: bearer(tokens), payload: payload as object });
  const del = (url: string, tokens = manager) => t.app.inject({ method: 'DELETE', url, headers: bearer(tokens) });
  const form = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, tokens = manager) =>
    t.app.inject({ method, url, ...multipart(fields, bearer(tokens)) });

  const base = { title: 'Prova final', group_training_test_type: '1', status: '2', randomize_questions: 'true', randomize_answers: 'true', qty_total_questions: '', test_score: '0' };
  async function createTest(fields: Record<string, string> = {}, id = trainingId): Promise<number> {
    const res = await form('POST', tests(id), { ...base, ...fields });
    if (res.statusCode !== 201) throw new Error(`create test: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  }
  const body = (title: string, answers: Array<[string, boolean]>, extra: Partial<QuestionBody> = {}): QuestionBody =>
    ({ title, [ANSWERS]: answers.map(([text, is_correct]) => ({ title: text, is_correct })), ...extra }) as QuestionBody;
  async function addQuestion(testId: number, title: string, mandatory = true, id = trainingId): Promise<number> {
    const res = await json('POST', questions(testId, id), body(`<p>${title}</p>`, [['<p>Sim</p>', true], ['<p>Não</p>', false]], { is_mandatory: mandatory }));
    if (res.statusCode !== 201) throw new Error(`add question: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  }

  it('creates a test from form data: status 2 and random questions and answers by default; answers its id', async () => {
    const res = await form('POST', tests(), { title: ' Prova de atendimento ', group_training_test_type: '1' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number), title: 'Prova de atendimento', group_training_test_type: 1, qty_questions: 0, qty_total_questions: null,
      qty_user_results: 0, status: 2, avaliable_in: null, test_score: 0, randomize_questions: true, randomize_answers: true,
      minimum_score: null, maximum_attempts: 0, time_to_answer: null, qty_mandatory_questions: 0,
    });
    expect((await get(test(created.id))).json()).toEqual(created);
    // urlencoded forms are read the same
    const urlencoded = await t.app.inject({
      method: 'POST', url: tests(), headers: { ...bearer(manager), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ title: 'Quiz', group_training_test_type: '5', randomize_answers: 'false', avaliable_in: '2026-12-01', test_score: '40' }).toString(),
    });
    expect(urlencoded.statusCode, urlencoded.body).toBe(201);
    expect(urlencoded.json()).toMatchObject({ group_training_test_type: 5, randomize_questions: true, randomize_answers: false, avaliable_in: '2026-12-01', test_score: 40 });
  });

  it('lists the §7.1 fields in both envelopes, with question and realization counts', async () => {
    const id = await createTraining(t.app, manager, trainingBody(await orgIds(t.app, c.demo), { title: 'List training' }));
    const a = await createTest({ title: 'Beta', test_score: '50' }, id);
    const b = await createTest({ title: 'Alfa', avaliable_in: '2027-01-31' }, id);
    await addQuestion(a, 'Uma', true, id);
    await addQuestion(a, 'Duas', false, id);
    await t.app.inject({ method: 'PUT', url: test(a, id), ...multipart({ ...base, title: 'Beta', test_score: '50', qty_total_questions: '1' }, bearer(manager)) });
    await addResult(t.app, a, learnerId);

    const drf = await get(`${tests(id)}?page_size=0&ordering=title`);
    expect(drf.statusCode, drf.body).toBe(200);
    expect(drf.json()).toEqual({
      count: 2,
      results: [
        { id: b, title: 'Alfa', group_training_test_type: 1, qty_questions: 0, qty_total_questions: null, qty_user_results: 0, status: 2, avaliable_in: '2027-01-31', test_score: 0 },
        { id: a, title: 'Beta', group_training_test_type: 1, qty_questions: 2, qty_total_questions: 1, qty_user_results: 1, status: 2, avaliable_in: null, test_score: 50 },
      ],
    });
    const simple = await get(`${tests(id)}?range=[0,0]&sort=["qty_questions","DESC"]`);
    expect(simple.json().map((r: { id: number }) => r.id)).toEqual([a]);
    expect(simple.headers['content-range']).toBe('group_training_tests 0-0/2');
    expect((await get(`${tests(id)}?search=alf`)).json().results.map((r: { id: number }) => r.id)).toEqual([b]);
    expect((await get(test(a, id))).json()).toMatchObject({ qty_questions: 2, qty_mandatory_questions: 1, qty_user_results: 1 });
  });

  it('answers each §5.3 rule with its field and spec key', async () => {
    const empty = await form('POST', tests(), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: REQUIRED, fields: { title: REQUIRED, group_training_test_type: REQUIRED } });
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ title: 'x'.repeat(257) }, { title: 'title_too_long' }],
      [{ group_training_test_type: '99' }, { group_training_test_type: 'validation_error' }],
      [{ group_training_test_type: 'abc' }, { group_training_test_type: 'validation_error' }],
      [{ status: '3' }, { status: 'validation_error' }],
      // minimum_score is required when published, and at most the number of questions (none yet)
      [{ status: '1' }, { minimum_score: REQUIRED }],
      [{ minimum_score: '1' }, { minimum_score: 'minimum_score_above_question_count' }],
      // maximum_attempts: required when the type uses it, min 1
      [{ group_training_test_type: '2' }, { maximum_attempts: REQUIRED }],
      [{ group_training_test_type: '3', maximum_attempts: '0' }, { maximum_attempts: 'maximum_attempts_below_one' }],
      // time_to_answer: the timed types 6 and 7
      [{ group_training_test_type: '6' }, { time_to_answer: REQUIRED }],
      [{ group_training_test_type: '7', time_to_answer: '1:00' }, { time_to_answer: 'time_to_answer_invalid' }],
      [{ test_score: '-1' }, { test_score: 'score_out_of_range' }],
      [{ test_score: '1.5' }, { test_score: 'validation_error' }],
      [{ qty_total_questions: '1' }, { qty_total_questions: 'qty_total_questions_above_total' }],
      [{ avaliable_in: '2026-02-30' }, { avaliable_in: 'validation_error' }],
      [{ randomize_questions: 'maybe' }, { randomize_questions: 'validation_error' }],
    ];
    for (const [fields, expected] of cases) {
      const res = await form('POST', tests(), { ...base, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fields, JSON.stringify(fields)).toEqual(expected);
    }
  });

  it('checks minimum score and exam size against the questions', async () => {
    const id = await createTest();
    for (const [title, mandatory] of [['Q1', true], ['Q2', true], ['Q3', false]] as const) await addQuestion(id, title, mandatory);
    const put = (fields: Record<string, string>) => form('PUT', test(id), { ...base, ...fields });
    expect((await put({ minimum_score: '0' })).json().fields).toEqual({ minimum_score: 'minimum_score_below_one' });
    expect((await put({ minimum_score: '4' })).json().fields).toEqual({ minimum_score: 'minimum_score_above_question_count' });
    expect((await put({ qty_total_questions: '1' })).json().fields).toEqual({ qty_total_questions: 'qty_total_questions_below_mandatory' });
    expect((await put({ qty_total_questions: '4' })).json().fields).toEqual({ qty_total_questions: 'qty_total_questions_above_total' });
    const ok = await put({ status: '1', minimum_score: '3', qty_total_questions: '2' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 1, minimum_score: 3, qty_total_questions: 2, qty_questions: 3 });
  });

  it('stores what the type uses: minimum score, attempts (0 when off) and time only for the timed types', async () => {
    const quiz = await form('POST', tests(), { ...base, group_training_test_type: '5', minimum_score: '0', maximum_attempts: '3', time_to_answer: '00:10:00' });
    expect(quiz.json()).toMatchObject({ minimum_score: null, maximum_attempts: 0, time_to_answer: null });
    const block = await form('POST', tests(), { ...base, group_training_test_type: '2', maximum_attempts: '3' });
    expect(block.json()).toMatchObject({ group_training_test_type: 2, maximum_attempts: 3, time_to_answer: null });
    const timed = await form('POST', tests(), { ...base, group_training_test_type: '7', time_to_answer: '00:45:00', maximum_attempts: '2' });
    expect(timed.json()).toMatchObject({ group_training_test_type: 7, maximum_attempts: 0, time_to_answer: '00:45:00' });

    // §7.1 omissions on update: avaliable_in only if set, test_score 0 if empty
    const id = block.json().id as number;
    await form('PUT', test(id), { ...base, group_training_test_type: '2', maximum_attempts: '3', avaliable_in: '2026-12-24', test_score: '80' });
    const cleared = await form('PUT', test(id), { ...base, group_training_test_type: '1', test_score: '' });
    expect(cleared.json()).toMatchObject({ group_training_test_type: 1, maximum_attempts: 0, avaliable_in: null, test_score: 0 });
  });

  it('creates, reads, updates and deletes questions as JSON; sanitises the HTML; is_mandatory defaults to true', async () => {
    const testId = await createTest();
    const created = await json('POST', questions(testId), body('<p onclick="x()">Qual <script>alert(1)</script><b>cor</b>?</p>', [
      ['<p>Azul</p>', true], ['<p><img src="x" onerror="y()">Verde</p>', false],
    ]));
    expect(created.statusCode, created.body).toBe(201);
    const q = created.json();
    expect(q).toMatchObject({ title: '<p>Qual <b>cor</b>?</p>', is_mandatory: true, qty_answers: 2, status: 1 });
    expect(q[ANSWERS][1].title).not.toMatch(/onerror/);
    const [blue, green] = q[ANSWERS] as Array<{ id: number }>;

    const list = await get(`${questions(testId)}?page_size=0`);
    expect(list.json()).toEqual({ count: 1, results: [q] });
    expect((await get(question(testId, q.id))).json()).toEqual(q);

    // ids are kept for edited alternatives; new ones are added and missing ones removed
    const updated = await json('PUT', question(testId, q.id), {
      title: '<p>Qual cor?</p>', is_mandatory: false,
      [ANSWERS]: [{ id: green!.id, title: '<p>Verde</p>', is_correct: true }, { title: '<p>Vermelho</p>', is_correct: false }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ is_mandatory: false, qty_answers: 2 });
    expect(updated.json()[ANSWERS]).toEqual([
      { id: green!.id, title: '<p>Verde</p>', is_correct: true },
      { id: expect.any(Number), title: '<p>Vermelho</p>', is_correct: false },
    ]);
    expect(updated.json()[ANSWERS][1].id).not.toBe(blue!.id);

    expect((await del(question(testId, q.id))).statusCode).toBe(204);
    expect((await get(question(testId, q.id))).statusCode).toBe(404);
  });

  it('answers each §5.4 rule of a question', async () => {
    const testId = await createTest();
    const cases: Array<[QuestionBody, string, Record<string, string>]> = [
      [body('<p></p>', [['A', true], ['B', false]]), REQUIRED, { title: REQUIRED }],
      [body(`<p>${'x'.repeat(257)}</p>`, [['A', true], ['B', false]]), 'title_too_long', { title: 'title_too_long' }],
      [body('Q', [['A', true]]), 'question_needs_two_alternatives', { [ANSWERS]: 'question_needs_two_alternatives' }],
      [body('Q', [['A', true], ['B', true]]), 'question_needs_one_correct_alternative', { [ANSWERS]: 'question_needs_one_correct_alternative' }],
      [body('Q', [['A', false], ['B', false]]), 'question_needs_one_correct_alternative', { [ANSWERS]: 'question_needs_one_correct_alternative' }],
      [body('Q', [['A', true], ['<b>a</b>', false]]), 'duplicate_alternative', { [`${ANSWERS}.1`]: 'duplicate_alternative' }],
      [body('Q', [['A', true], ['<p> </p>', false], ['B', false]]), REQUIRED, { [`${ANSWERS}.1`]: REQUIRED }],
    ];
    for (const [payload, code, fields] of cases) {
      const res = await json('POST', questions(testId), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code, fields });
    }
    // an alternative id of another question is refused
    const a = await addQuestion(testId, 'A');
    const b = await addQuestion(testId, 'B');
    const foreign = (await get(question(testId, b))).json()[ANSWERS][0].id as number;
    const res = await json('PUT', question(testId, a), {
      title: 'A', [ANSWERS]: [{ id: foreign, title: 'X', is_correct: true }, { title: 'Y', is_correct: false }],
    });
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { [ANSWERS]: 'validation_error' } });
    expect((await get(`${questions(testId)}?page_size=0`)).json().count).toBe(2);
  });

  it('spec 2 §4.4: a test with results locks its settings, question set, alternatives and correct answers', async () => {
    const testId = await createTest({ group_training_test_type: '2', maximum_attempts: '2' });
    const q = await addQuestion(testId, 'Travada');
    await addQuestion(testId, 'Outra');
    const current = (await get(question(testId, q))).json()[ANSWERS] as Array<{ id: number; title: string; is_correct: boolean }>;
    await addResult(t.app, testId, learnerId);
    expect((await get(test(testId))).json().qty_user_results).toBe(1);

    const settings = { ...base, group_training_test_type: '2', maximum_attempts: '2' };
    for (const [change, field] of [
      [{ group_training_test_type: '1' }, 'group_training_test_type'], [{ maximum_attempts: '3' }, 'maximum_attempts'],
      [{ qty_total_questions: '1' }, 'qty_total_questions'], [{ minimum_score: '1' }, 'minimum_score'],
    ] as const) {
      const res = await form('PUT', test(testId), { ...settings, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'test_has_user_results', fields: { [field]: 'test_has_user_results' } });
    }
    const free = await form('PUT', test(testId), { ...settings, title: 'Renomeada', status: '2', test_score: '10', randomize_answers: 'false' });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toMatchObject({ title: 'Renomeada', test_score: 10, randomize_answers: false });

    expect((await json('POST', questions(testId), body('Nova', [['A', true], ['B', false]]))).json().code).toBe('test_has_user_results');
    expect((await del(question(testId, q))).statusCode).toBe(409);
    const edit = (answers: unknown[]) => json('PUT', question(testId, q), { title: '<p>Travada (revisada)</p>', [ANSWERS]: answers });
    expect((await edit([...current, { title: 'C', is_correct: false }])).statusCode).toBe(409);
    expect((await edit([{ ...current[0]!, is_correct: true }])).statusCode).toBe(400);
    expect((await edit(current.map((a) => ({ ...a, is_correct: !a.is_correct })))).json().code).toBe('test_has_user_results');
    const retitled = await edit(current.map((a) => ({ ...a, title: `${a.title}!` })));
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json()[ANSWERS].map((a: { id: number }) => a.id)).toEqual(current.map((a) => a.id));
  });

  it('deletes a test (status 3): gone from the list and the editor, results kept', async () => {
    const testId = await createTest({ title: 'Apagar' });
    await addResult(t.app, testId, learnerId);
    expect((await del(test(testId))).statusCode).toBe(204);
    expect((await get(test(testId))).statusCode).toBe(404);
    expect((await get(`${tests()}?page_size=0`)).json().results.map((r: { id: number }) => r.id)).not.toContain(testId);
    expect((await del(test(testId))).statusCode).toBe(404);
    expect((await get(questions(testId))).statusCode).toBe(404);
    const row = await t.app.db.selectFrom('group_training_tests').select('status').where('id', '=', testId).executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
    expect((await t.app.db.selectFrom('group_training_test_results').select('id').where('test_id', '=', testId).execute())).toHaveLength(1);
  });

  it('searches the question bank of the selected client only: ≥ 3 characters, ≤ 25 hits, training, test, question and alternatives', async () => {
    const id = await createTraining(t.app, manager, trainingBody(await orgIds(t.app, c.demo), { title: 'Banco de questões' }));
    const testId = await createTest({ title: 'Prova do banco' }, id);
    for (let i = 1; i <= 30; i += 1) await addQuestion(testId, `Girafa número ${i}`, true, id);
    await json('POST', questions(testId, id), body('<p><strong>Zebra</strong> listrada?</p>', [['<p>Sim</p>', true], ['<p>Não</p>', false], ['<p>Talvez</p>', false]]));

    // another client's training with the same words
    const now = new Date();
    const other = await t.app.db.insertInto('group_trainings').values({
      client_id: c.other, title: 'Zebra alheia', code: null, unpublish_date: null, qty_certificate_expiration_days: null, image_url: null,
      certificate_image_url: null, published_at: null, created_by: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const otherTest = await t.app.db.insertInto('group_training_tests').values({
      owner_id: other.id, title: 'Prova alheia', avaliable_in: null, qty_total_questions: null, minimum_score: null, time_to_answer: null,
      created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('group_training_test_questions').values({ test_id: otherTest.id, title: '<p>Zebra secreta</p>', created_at: now, updated_at: now }).execute();

    const search = (text: string, tokens = manager) => json('POST', `${API}${C.searchQuestions}`, { search_question: text }, tokens);
    expect((await search('ze')).json()).toEqual({ questions: [] });
    const zebra = await search('zebra');
    expect(zebra.statusCode, zebra.body).toBe(200);
    expect(zebra.json().questions).toEqual([{
      id: expect.any(Number), group_training_title: 'Banco de questões', group_training_test_title: 'Prova do banco',
      group_training_test_question_title: '<p><strong>Zebra</strong> listrada?</p>', group_training_test_question_alternatives_qty: 3,
      alternatives: [{ title: '<p>Sim</p>', is_correct: true }, { title: '<p>Não</p>', is_correct: false }, { title: '<p>Talvez</p>', is_correct: false }],
    }]);
    expect((await search('girafa')).json().questions).toHaveLength(25);
    // by training and test title; markup never matches
    expect((await search('banco de q')).json().questions).toHaveLength(25);
    expect((await search('strong')).json().questions).toEqual([]);
    // the other client sees its own question only
    expect((await search('zebra', otherAdmin)).json().questions.map((q: { group_training_title: string }) => q.group_training_title)).toEqual(['Zebra alheia']);
    // deleted tests leave the bank
    await del(test(testId, id));
    expect((await search('zebra')).json().questions).toEqual([]);
  });

  it('checks permissions: trainings to read, trainings_manage to write; another client gets 404', async () => {
    const testId = await createTest();
    const q = await addQuestion(testId, 'Permissões');
    expect((await get(tests(), reader)).statusCode).toBe(200);
    expect((await get(test(testId), reader)).statusCode).toBe(200);
    expect((await get(question(testId, q), reader)).statusCode).toBe(200);
    expect((await json('POST', `${API}${C.searchQuestions}`, { search_question: 'perm' }, reader)).statusCode).toBe(200);
    for (const res of [
      await form('POST', tests(), base, reader), await form('PUT', test(testId), base, reader), await del(test(testId), reader),
      await json('POST', questions(testId), body('Q', [['A', true], ['B', false]]), reader), await del(question(testId, q), reader),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    expect((await get(tests(), tagsOnly)).statusCode).toBe(403);
    for (const url of [tests(), test(testId), questions(testId), question(testId, q)]) {
      expect((await get(url, otherAdmin)).statusCode, url).toBe(404);
    }
    expect((await form('PUT', test(testId), base, otherAdmin)).statusCode).toBe(404);
    expect((await del(question(testId, q), otherAdmin)).statusCode).toBe(404);
    // a test reached through another training of the same client does not exist
    const otherTraining = await createTraining(t.app, manager, trainingBody(await orgIds(t.app, c.demo), { title: 'Outro' }));
    expect((await get(test(testId, otherTraining))).statusCode).toBe(404);
  });
});
