import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRESENTIAL_EVENT_TESTS, PRESENTIAL_TEST_TEMPLATE_PATHS as T, type ChoiceQuestion, type PresentialTestTemplate,
} from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { appointmentBody, call, makeAppointment, makeEvent, makeType } from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * Face-to-face test templates (spec 1 §6.2 presential_test_templates; spec 3 §2 "Tests per event
 * type", tests reusable across appointments): a template's questions through the owned-content
 * core, an event's test made from it (a copy the event then owns), the keys and the client.
 */
describe.each(DIALECTS)('face-to-face test templates on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let author: Tokens;
  let editor: Tokens;
  let instructor: number;
  let type: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    author = (await adminWith(t.app, su, c.demo, ['presential_test_templates'])).tokens;
    editor = (await adminWith(t.app, su, c.demo, ['request_events', 'presential_edit_events', 'presential_edit_evaluations'])).tokens;
    instructor = (await makeLearner(t.app, su, c.demo)).id;
    type = await makeType(t.app, su, 'Sala', 20);
  });
  afterAll(async () => { await t.close(); });

  const question = (title: string, right: string, wrong: string) => ({
    title: `<p>${title}</p>`, alternatives: [{ title: `<p>${right}</p>`, is_correct: true }, { title: `<p>${wrong}</p>`, is_correct: false }],
  });
  async function makeTemplate(title: string, questions: ReturnType<typeof question>[]): Promise<PresentialTestTemplate> {
    const created = await call(t.app, author, 'POST', T.collection, { title, minimum_score: 70 });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<PresentialTestTemplate>();
    for (const q of questions) expect((await call(t.app, author, 'POST', T.questions(template.id), q)).statusCode).toBe(201);
    return template;
  }

  it('a template: list and editor with its questions and alternatives, through the owned-content core', async () => {
    const template = await makeTemplate('Prova de vendas', [question('2 + 2?', '4', '5'), question('Capital do Brasil?', 'Brasília', 'Rio')]);
    expect(template).toMatchObject({ title: 'Prova de vendas', minimum_score: 70, qty_questions: 0 });
    const list = (await call(t.app, author, 'GET', `${T.collection}?page=1&search=vendas`)).json<{ count: number; results: PresentialTestTemplate[] }>();
    expect(list.results).toEqual([expect.objectContaining({ id: template.id, qty_questions: 2 })]);
    const questions = (await call(t.app, author, 'GET', T.questions(template.id))).json<ChoiceQuestion[]>();
    expect(questions.map((q) => q.title)).toEqual(['<p>2 + 2?</p>', '<p>Capital do Brasil?</p>']);
    // the core's rules: one correct alternative at least
    const bad = await call(t.app, author, 'POST', T.questions(template.id), { title: '<p>?</p>', alternatives: [{ title: '<p>a</p>', is_correct: false }, { title: '<p>b</p>', is_correct: false }] });
    expect(bad.statusCode).toBe(400);
    const renamed = await call(t.app, author, 'PUT', T.item(template.id), { title: 'Prova de vendas II' });
    expect(renamed.json()).toMatchObject({ title: 'Prova de vendas II', minimum_score: 70, qty_questions: 2 });
  });

  it('an event with a test takes a template: a copy of its questions the event then owns; an event without tests refuses', async () => {
    const template = await makeTemplate('Prova de produto', [question('Cor do logo?', 'Azul', 'Verde'), question('Ano de fundação?', '1990', '2001')]);
    const appointment = await makeAppointment(t.app, su, appointmentBody(type, instructor));
    const online = await makeEvent(t.app, su, appointment, { event_type: 'online_test' });
    const none = await makeEvent(t.app, su, appointment, { event_type: 'without_tests', date: '2026-12-20' });

    expect((await call(t.app, editor, 'GET', T.choices)).json()).toContainEqual({ id: template.id, title: 'Prova de produto', qty_questions: 2 });
    const applied = await call(t.app, editor, 'POST', T.applyToEvent(online), { template_id: template.id });
    expect(applied.statusCode, applied.body).toBe(201);
    const testId = applied.json<{ id: number }>().id;
    const tests = (await call(t.app, editor, 'GET', PRESENTIAL_EVENT_TESTS.tests(online))).json();
    const rows = (Array.isArray(tests) ? tests : tests.results) as Array<{ id: number; title: string; qty_questions: number; status: number }>;
    expect(rows).toContainEqual(expect.objectContaining({ id: testId, title: 'Prova de produto', qty_questions: 2, status: 1 }));
    expect((await call(t.app, editor, 'GET', PRESENTIAL_EVENT_TESTS.test(online, testId))).json()).toMatchObject({ minimum_score: 70 });
    const copied = (await call(t.app, editor, 'GET', PRESENTIAL_EVENT_TESTS.questions(online, testId))).json();
    const copiedRows = (Array.isArray(copied) ? copied : copied.results) as Array<{ id: number; title: string }>;
    expect(copiedRows.map((q) => q.title)).toEqual(['<p>Cor do logo?</p>', '<p>Ano de fundação?</p>']);
    const answers = await t.app.db.selectFrom('presential_event_test_question_answers').select(['question_id', 'title', 'is_correct'])
      .where('question_id', 'in', copiedRows.map((q) => q.id)).orderBy('id').execute();
    expect(answers).toHaveLength(4);
    expect(answers.filter((a) => a.is_correct).map((a) => a.title)).toEqual(['<p>Azul</p>', '<p>1990</p>']);

    // a copy: changing the template afterwards leaves the event's test as it was
    const [first] = (await call(t.app, author, 'GET', T.questions(template.id))).json<ChoiceQuestion[]>();
    expect((await call(t.app, author, 'DELETE', T.question(template.id, first!.id))).statusCode).toBe(204);
    const still = (await call(t.app, editor, 'GET', PRESENTIAL_EVENT_TESTS.questions(online, testId))).json();
    expect((Array.isArray(still) ? still : still.results)).toHaveLength(2);

    const refused = await call(t.app, editor, 'POST', T.applyToEvent(none), { template_id: template.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('presential_event_without_tests');
    expect((await call(t.app, editor, 'POST', T.applyToEvent(online), { template_id: 999_999 })).json().code).toBe('presential_test_template_not_found');
  });

  it('keys and client: the templates key edits templates; the event editor applies them; another client finds nothing', async () => {
    const template = await makeTemplate('Prova restrita', [question('Sim?', 'Sim', 'Não')]);
    const appointment = await makeAppointment(t.app, su, appointmentBody(type, instructor));
    const event = await makeEvent(t.app, su, appointment, { event_type: 'presential_test' });
    // without the templates key: no list, no editing
    expect((await call(t.app, editor, 'GET', `${T.collection}?page=1`)).statusCode).toBe(403);
    expect((await call(t.app, editor, 'POST', T.collection, { title: 'X' })).statusCode).toBe(403);
    // without the event's key: no applying
    expect((await call(t.app, author, 'POST', T.applyToEvent(event), { template_id: template.id })).statusCode).toBe(403);
    const reader = (await adminWith(t.app, su, c.demo, ['request_events'])).tokens;
    expect((await call(t.app, reader, 'POST', T.applyToEvent(event), { template_id: template.id })).statusCode).toBe(403);

    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call(t.app, other, 'GET', T.item(template.id))).statusCode).toBe(404);
    expect((await call(t.app, other, 'GET', `${T.collection}?page=1`)).json().results).toEqual([]);
    expect((await call(t.app, other, 'GET', T.choices)).json()).toEqual([]);
    expect((await call(t.app, other, 'POST', T.applyToEvent(event), { template_id: template.id })).statusCode).toBe(404);
    expect((await call(t.app, other, 'POST', T.questions(template.id), question('?', 'a', 'b'))).statusCode).toBe(404);

    // a deleted template is gone from the list and the choices; the tests made from it stay
    expect((await call(t.app, editor, 'POST', T.applyToEvent(event), { template_id: template.id })).statusCode).toBe(201);
    expect((await call(t.app, author, 'DELETE', T.item(template.id))).statusCode).toBe(204);
    expect((await call(t.app, editor, 'GET', T.choices)).json()).not.toContainEqual(expect.objectContaining({ id: template.id }));
    expect((await call(t.app, editor, 'POST', T.applyToEvent(event), { template_id: template.id })).statusCode).toBe(404);
    const tests = (await call(t.app, editor, 'GET', PRESENTIAL_EVENT_TESTS.tests(event))).json();
    expect((Array.isArray(tests) ? tests : tests.results)).toHaveLength(1);
  });
});
