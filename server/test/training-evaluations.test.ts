import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_EVALUATION_PATHS as E, TRAINING_PATHS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { BASE_EVALUATIONS } from '../src/seed/trainings.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { createTraining, orgIds, postForm, trainingBody, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const TYPE = 'group_training_evaluation_question_type';

/** A multipart/form-data body (the spec's "form" calls, as the admin's FormData sends them). */
function multipart(fields: Record<string, string>) {
  const boundary = '----lp-evaluations';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** spec 2 §3.5, §4.3, §4.5, §5.6, §6 and §7.1 "Reaction evaluations". */
describe.each(DIALECTS)('training reaction evaluations on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let manager: Tokens;
  let reader: Tokens;
  let tagsOnly: Tokens;
  let otherAdmin: Tokens;
  let training: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    tagsOnly = (await adminWith(t.app, su, c.demo, ['tags'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    training = await createTraining(t.app, manager, trainingBody(org));
  });
  afterAll(async () => { await t.close(); });

  const get = (path: string, tokens: Tokens = manager) => t.app.inject({ url: `${API}${path}`, headers: bearer(tokens) });
  const form = (path: string, fields: Record<string, string>, tokens: Tokens = manager) => postForm(t.app, `${API}${path}`, tokens, fields);
  const put = (path: string, fields: Record<string, string>, tokens: Tokens = manager) => t.app.inject({
    method: 'PUT', url: `${API}${path}`, payload: new URLSearchParams(fields).toString(),
    headers: { ...bearer(tokens), 'content-type': 'application/x-www-form-urlencoded' },
  });
  const del = (path: string, tokens: Tokens = manager) => t.app.inject({ method: 'DELETE', url: `${API}${path}`, headers: bearer(tokens) });

  async function newEvaluation(title = 'Reação', trainingId = training): Promise<number> {
    const res = await form(E.collection(trainingId), { title });
    if (res.statusCode !== 201) throw new Error(`create evaluation: ${res.statusCode} ${res.body}`);
    return res.json().id;
  }

  async function addQuestion(evaluation: number, title: string, type: number, trainingId = training): Promise<number> {
    const res = await form(E.questions(trainingId, evaluation), { title, [TYPE]: String(type) });
    if (res.statusCode !== 201) throw new Error(`create question: ${res.statusCode} ${res.body}`);
    return res.json().id;
  }

  it('creates with the form (title, status): a new evaluation is unpublished (spec 2 §4.3) and answers its id', async () => {
    const res = await form(E.collection(training), { title: '  Avaliação do curso  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), title: 'Avaliação do curso', qty_questions: 0, status: 2 });
    expect((await get(E.item(training, res.json().id))).json()).toEqual(res.json());

    // the admin sends FormData: multipart works the same
    const published = await t.app.inject({
      method: 'POST', url: `${API}${E.collection(training)}`, ...multipart({ title: 'Publicada', status: '1' }),
      headers: { ...multipart({}).headers, ...bearer(manager) },
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toMatchObject({ title: 'Publicada', status: 1 });
  });

  it('updates title and status with the same form; an omitted status is kept', async () => {
    const id = await newEvaluation('Antes');
    const res = await put(E.item(training, id), { title: 'Depois', status: '1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, title: 'Depois', qty_questions: 0, status: 1 });
    expect((await put(E.item(training, id), { title: 'Sem status' })).json().status).toBe(1);
    expect((await put(E.item(training, id), { title: 'Despublicada', status: '2' })).json().status).toBe(2);
  });

  it('answers each spec 2 §5.6 evaluation rule with its field and key, and keeps what was saved', async () => {
    const id = await newEvaluation('Guardada');
    const cases: Array<[Record<string, string>, Record<string, string>, string]> = [
      [{}, { title: REQUIRED }, REQUIRED],
      [{ title: '   ' }, { title: REQUIRED }, REQUIRED],
      [{ title: 'x'.repeat(257) }, { title: 'title_too_long' }, 'title_too_long'],
      // spec 2 §4.3: the toggle offers 1 and 2; 3 is for display only
      [{ title: 'ok', status: '3' }, { status: 'validation_error' }, 'validation_error'],
    ];
    for (const [fields, errors, code] of cases) {
      for (const res of [await form(E.collection(training), fields), await put(E.item(training, id), fields)]) {
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json(), JSON.stringify(fields)).toMatchObject({ code, fields: errors });
      }
    }
    expect((await form(E.collection(training), { title: 'x'.repeat(256) })).statusCode).toBe(201);
    expect((await get(E.item(training, id))).json().title).toBe('Guardada');
  });

  it('lists count and {id, title, qty_questions, status} in both envelopes, without deleted ones', async () => {
    const own = await createTraining(t.app, manager, trainingBody(org, { title: 'Lista de avaliações' }));
    const a = await newEvaluation('Beta', own);
    const b = await newEvaluation('Alfa', own);
    const gone = await newEvaluation('Apagada', own);
    await addQuestion(a, 'Nota', 1, own);
    await addQuestion(a, 'Comentário', 3, own);
    expect((await del(E.item(own, gone))).statusCode).toBe(204);

    const drf = await get(`${E.collection(own)}?page_size=0`);
    expect(drf.statusCode).toBe(200);
    expect(drf.json()).toEqual({
      count: 2,
      results: [{ id: a, title: 'Beta', qty_questions: 2, status: 2 }, { id: b, title: 'Alfa', qty_questions: 0, status: 2 }],
    });
    expect((await get(`${E.collection(own)}?ordering=title`)).json().results.map((r: { id: number }) => r.id)).toEqual([b, a]);
    expect((await get(`${E.collection(own)}?ordering=-qty_questions`)).json().results[0].id).toBe(a);
    expect((await get(`${E.collection(own)}?search=alf`)).json().results.map((r: { id: number }) => r.id)).toEqual([b]);

    const simple = await get(`${E.collection(own)}?range=[0,0]&sort=${encodeURIComponent('["id","DESC"]')}`);
    expect(simple.json()).toEqual([{ id: b, title: 'Alfa', qty_questions: 0, status: 2 }]);
    expect(simple.headers['content-range']).toBe('group_training_evaluations 0-0/2');
    expect((await get(`${E.collection(own)}?ordering=nope`)).statusCode).toBe(400);
  });

  it('deletes softly: the evaluation and its questions are then not found (spec 2 §4.1 status 3)', async () => {
    const id = await newEvaluation('Para apagar');
    const question = await addQuestion(id, 'Nota', 1);
    expect((await del(E.item(training, id))).statusCode).toBe(204);
    for (const path of [E.item(training, id), E.questions(training, id), E.question(training, id, question)]) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
    expect((await put(E.item(training, id), { title: 'x' })).statusCode).toBe(404);
    expect((await del(E.item(training, id))).statusCode).toBe(404);
    const row = await t.app.db.selectFrom('group_training_evaluations').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });

  it('questions: create, list {id, title, type} in order, read, update and delete, with the count on the evaluation', async () => {
    const id = await newEvaluation('Com perguntas');
    const first = await t.app.inject({
      method: 'POST', url: `${API}${E.questions(training, id)}`, ...multipart({ title: 'Qual a sua nota?', [TYPE]: '1' }),
      headers: { ...multipart({}).headers, ...bearer(manager) },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), title: 'Qual a sua nota?', [TYPE]: 1 });
    const q1 = first.json().id as number;
    const q2 = await addQuestion(id, 'Estrelas', 2);
    const q3 = await addQuestion(id, 'Comentário', 3);

    const list = await get(`${E.questions(training, id)}?page_size=0`);
    expect(list.json()).toEqual({
      count: 3,
      results: [
        { id: q1, title: 'Qual a sua nota?', [TYPE]: 1 }, { id: q2, title: 'Estrelas', [TYPE]: 2 }, { id: q3, title: 'Comentário', [TYPE]: 3 },
      ],
    });
    expect((await get(`${E.questions(training, id)}?range=[0,9]`)).json()).toHaveLength(3);
    expect((await get(E.item(training, id))).json().qty_questions).toBe(3);

    const changed = await put(E.question(training, id, q2), { title: 'Quantas estrelas?', [TYPE]: '1' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ id: q2, title: 'Quantas estrelas?', [TYPE]: 1 });
    expect((await get(E.question(training, id, q2))).json()).toEqual(changed.json());

    expect((await del(E.question(training, id, q1))).statusCode).toBe(204);
    expect((await get(E.question(training, id, q1))).statusCode).toBe(404);
    expect((await get(E.item(training, id))).json().qty_questions).toBe(2);
    // a new question goes after the others
    const q4 = await addQuestion(id, 'Última', 1);
    expect((await get(`${E.questions(training, id)}?page_size=0`)).json().results.map((r: { id: number }) => r.id)).toEqual([q2, q3, q4]);
  });

  it('answers each spec 2 §5.6 question rule with its field and key', async () => {
    const id = await newEvaluation('Regras das perguntas');
    const saved = await addQuestion(id, 'Guardada', 2);
    const cases: Array<[Record<string, string>, Record<string, string>, string]> = [
      [{}, { title: REQUIRED, [TYPE]: REQUIRED }, REQUIRED],
      [{ title: 'Sem tipo' }, { [TYPE]: REQUIRED }, REQUIRED],
      [{ [TYPE]: '1' }, { title: REQUIRED }, REQUIRED],
      [{ title: 'y'.repeat(257), [TYPE]: '1' }, { title: 'title_too_long' }, 'title_too_long'],
      [{ title: 'Tipo desconhecido', [TYPE]: '99' }, { [TYPE]: 'validation_error' }, 'validation_error'],
    ];
    for (const [fields, errors, code] of cases) {
      for (const res of [await form(E.questions(training, id), fields), await put(E.question(training, id, saved), fields)]) {
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json(), JSON.stringify(fields)).toMatchObject({ code, fields: errors });
      }
    }
    expect((await form(E.questions(training, id), { title: 'z'.repeat(256), [TYPE]: '3' })).statusCode).toBe(201);
    expect((await get(E.question(training, id, saved))).json()).toEqual({ id: saved, title: 'Guardada', [TYPE]: 2 });
  });

  it('lists the base evaluation models offered to the client (global and its own, published) and their questions', async () => {
    const now = new Date();
    const own = (await t.app.db.insertInto('base_evaluations').values({ client_id: c.demo, title: 'Modelo da Demo', status: 1, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    const foreign = (await t.app.db.insertInto('base_evaluations').values({ client_id: c.other, title: 'Modelo de outro cliente', status: 1, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    const hidden = (await t.app.db.insertInto('base_evaluations').values({ client_id: null, title: 'Modelo despublicado', status: 2, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;

    const models = await get(E.baseEvaluations, reader);
    expect(models.statusCode).toBe(200);
    const titles = models.json().map((m: { title: string }) => m.title);
    expect(titles).toEqual(expect.arrayContaining([...BASE_EVALUATIONS.map((m) => m.title), 'Modelo da Demo']));
    expect(titles).not.toContain('Modelo de outro cliente');
    expect(titles).not.toContain('Modelo despublicado');
    const standard = models.json().find((m: { title: string }) => m.title === 'Avaliação de reação padrão');
    expect(standard).toEqual({ id: standard.id, value: standard.id, title: 'Avaliação de reação padrão', qty_questions: 4 });
    expect((await get(E.baseEvaluations, otherAdmin)).json().map((m: { title: string }) => m.title)).toContain('Modelo de outro cliente');

    const questions = await get(`${E.baseEvaluationQuestions(standard.id)}?page_size=0`, reader);
    expect(questions.json().results).toEqual(BASE_EVALUATIONS[0]!.questions.map(([title, question_type]) => ({ id: expect.any(Number), title, question_type })));
    const simple = await get(`${E.baseEvaluationQuestions(standard.id)}?range=[0,1]`, reader);
    expect(simple.json()).toHaveLength(2);
    expect(simple.json()[0]).toEqual({ id: expect.any(Number), title: BASE_EVALUATIONS[0]!.questions[0]![0], question_type: 1 });
    expect((await get(E.baseEvaluationQuestions(own))).json().count).toBe(0);
    for (const id of [foreign, hidden, 999999]) expect((await get(E.baseEvaluationQuestions(id))).statusCode, String(id)).toBe(404);
  });

  it('creates an evaluation from a model (spec 2 §4.5): the model\'s title and questions, unpublished, independent of the model', async () => {
    const models = (await get(E.baseEvaluations)).json() as Array<{ id: number; title: string }>;
    const quick = models.find((m) => m.title === 'Avaliação rápida')!;
    const res = await form(E.fromBase(training), { base_evaluation_id: String(quick.id) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number) });
    const id = res.json().id as number;
    expect((await get(E.item(training, id))).json()).toEqual({ id, title: 'Avaliação rápida', qty_questions: 2, status: 2 });
    const copied = (await get(`${E.questions(training, id)}?page_size=0`)).json().results;
    expect(copied.map((q: Record<string, unknown>) => [q.title, q[TYPE]])).toEqual(BASE_EVALUATIONS[1]!.questions);

    // editing the copy leaves the model alone
    await put(E.question(training, id, copied[0].id), { title: 'Mudada', [TYPE]: '3' });
    const model = (await get(`${E.baseEvaluationQuestions(quick.id)}?page_size=0`)).json().results;
    expect(model[0]).toMatchObject({ title: BASE_EVALUATIONS[1]!.questions[0]![0], question_type: 2 });

    // spec 2 §5.6 "A model needs a base evaluation to be chosen"
    const none = await form(E.fromBase(training), {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: REQUIRED, fields: { base_evaluation_id: REQUIRED } });
    const unknown = await form(E.fromBase(training), { base_evaluation_id: '999999' });
    expect(unknown.json()).toMatchObject({ code: 'validation_error', fields: { base_evaluation_id: 'validation_error' } });
    const now = new Date();
    const foreign = (await t.app.db.insertInto('base_evaluations').values({ client_id: c.other, title: 'Só do outro', status: 1, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    expect((await form(E.fromBase(training), { base_evaluation_id: String(foreign) })).statusCode).toBe(400);
  });

  it('checks permissions: the title trainings to read, trainings_manage to write (spec 2 §6)', async () => {
    const id = await newEvaluation('Permissões');
    const question = await addQuestion(id, 'Nota', 1);
    const reads = [E.collection(training), E.item(training, id), E.questions(training, id), E.question(training, id, question), E.baseEvaluations];
    const writes: Array<['POST' | 'PUT' | 'DELETE', string, Record<string, string>]> = [
      ['POST', E.collection(training), { title: 'x' }], ['PUT', E.item(training, id), { title: 'x' }], ['DELETE', E.item(training, id), {}],
      ['POST', E.questions(training, id), { title: 'x', [TYPE]: '1' }], ['PUT', E.question(training, id, question), { title: 'x', [TYPE]: '1' }],
      ['DELETE', E.question(training, id, question), {}], ['POST', E.fromBase(training), { base_evaluation_id: '1' }],
    ];
    const call = (method: string, path: string, fields: Record<string, string>, tokens?: Tokens) => t.app.inject({
      method: method as 'POST', url: `${API}${path}`, payload: new URLSearchParams(fields).toString(),
      headers: { ...(tokens ? bearer(tokens) : {}), 'content-type': 'application/x-www-form-urlencoded' },
    });
    for (const path of reads) {
      expect((await t.app.inject({ url: `${API}${path}` })).statusCode, path).toBe(401);
      expect((await get(path, tagsOnly)).statusCode, path).toBe(403);
      expect((await get(path, reader)).statusCode, path).toBe(200);
    }
    for (const [method, path, fields] of writes) {
      expect((await call(method, path, fields)).statusCode, `${method} ${path}`).toBe(401);
      expect((await call(method, path, fields, tagsOnly)).statusCode, `${method} ${path}`).toBe(403);
      const res = await call(method, path, fields, reader);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    expect((await get(E.item(training, id))).json().title).toBe('Permissões');
  });

  it('keeps another client out, and an evaluation is reached only through its own training', async () => {
    const id = await newEvaluation('Privada');
    const question = await addQuestion(id, 'Nota', 1);
    for (const path of [E.collection(training), E.item(training, id), E.questions(training, id), E.question(training, id, question)]) {
      expect((await get(path, otherAdmin)).statusCode, path).toBe(404);
    }
    expect((await form(E.collection(training), { title: 'Intrusa' }, otherAdmin)).statusCode).toBe(404);
    expect((await put(E.item(training, id), { title: 'Intrusa' }, otherAdmin)).statusCode).toBe(404);
    expect((await del(E.item(training, id), otherAdmin)).statusCode).toBe(404);
    expect((await form(E.questions(training, id), { title: 'Intrusa', [TYPE]: '1' }, otherAdmin)).statusCode).toBe(404);
    expect((await del(E.question(training, id, question), otherAdmin)).statusCode).toBe(404);
    const models = (await get(E.baseEvaluations, otherAdmin)).json() as Array<{ id: number }>;
    expect((await form(E.fromBase(training), { base_evaluation_id: String(models[0]!.id) }, otherAdmin)).statusCode).toBe(404);

    // another training of the same client does not reach this evaluation either
    const sibling = await createTraining(t.app, manager, trainingBody(org, { title: 'Vizinho' }));
    expect((await get(E.item(sibling, id))).statusCode).toBe(404);
    expect((await get(E.question(sibling, id, question))).statusCode).toBe(404);
    expect((await put(E.item(sibling, id), { title: 'x' })).statusCode).toBe(404);
    expect((await del(E.question(sibling, id, question))).statusCode).toBe(404);
    // nor a question through another evaluation
    const other = await newEvaluation('Outra');
    expect((await get(E.question(training, other, question))).statusCode).toBe(404);
    expect((await get(E.item(training, id))).json()).toMatchObject({ title: 'Privada', qty_questions: 1 });

    // a deleted training's evaluations are gone with it
    await t.app.inject({ method: 'DELETE', url: `${API}${TRAINING_PATHS.item(sibling)}`, headers: bearer(manager) });
    expect((await get(E.collection(sibling))).statusCode).toBe(404);
  });
});
