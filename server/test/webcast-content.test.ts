import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNER_WEBCAST_PATHS as L, TEST_IMPORT_ALTERNATIVES, WEBCAST_EVALUATION_PATHS as E, WEBCAST_MATERIAL_PATHS as M,
  WEBCAST_MATERIAL_UPLOAD_KIND, WEBCAST_PATHS, WEBCAST_TESTS as C,
} from '@lp/shared/contract';
import { writeAudience } from '../src/content/audience/index.ts';
import { DEMO } from '../src/seed/demo.ts';
import { TEST_IMPORT_COLUMNS } from '../src/content/testImportSheet.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens, INJECT_ORIGIN } from './helpers.ts';
import { xlsxOf, type Cell } from './importFixtures.ts';
import { pdf, tusUpload as mediaUpload } from './mediaFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { multipart, tusUpload } from './trainingTestsFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';
import { createWebcast, webcastBody } from './webcastFixtures.ts';

const API = '/api';
const ANSWERS = C.answersField;

/**
 * spec 2 §2.5 tests, reaction tests and support material tabs of a webcast (§7.3): the training
 * routes over the webcast's tables and wire names; and the learner side (§2.1): the audience,
 * the watch states, subscribing, and tests and the evaluation only after the end.
 */
describe.each(DIALECTS)('webcast content and watch page on %s', (dialect) => {
  let t: TestApp;
  let manager: Tokens;
  let reader: Tokens;
  let learner: Tokens;
  let org: OrgIds;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    const c = await clientIds(t.app);
    manager = (await adminWith(t.app, su, c.demo, ['webcasts', 'webcasts_manage', 'webcast_set_score'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['webcasts'])).tokens;
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    org = await orgIds(t.app, c.demo);
  });
  afterAll(async () => { await t.close(); });

  const json = (method: string, url: string, payload?: unknown, tokens = manager) =>
    t.app.inject({ method: method as 'GET', url: `${API}${url}`, headers: bearer(tokens), ...(payload === undefined ? {} : { payload: payload as object }) });
  const form = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, tokens = manager) =>
    t.app.inject({ method, url: `${API}${url}`, ...multipart(fields, bearer(tokens)) });

  async function testWithQuestion(webcastId: number, extra: Record<string, string> = {}) {
    const test = await form('POST', C.tests(webcastId), { title: 'Prova', webcast_test_type: '1', ...extra });
    expect(test.statusCode, test.body).toBe(201);
    const testId = test.json().id as number;
    const q = await json('POST', C.questions(webcastId, testId), {
      title: '<p>Quando foi o lançamento?</p>', [ANSWERS]: [{ title: '<p>Hoje</p>', is_correct: true }, { title: '<p>Ontem</p>', is_correct: false }],
    });
    expect(q.statusCode, q.body).toBe(201);
    // spec 2 §5.3: a published test needs its minimum score, at most the questions it has
    const published = await form('PUT', C.test(webcastId, testId), { status: '1', minimum_score: '1' });
    expect(published.statusCode, published.body).toBe(200);
    return { testId, question: q.json() };
  }

  it('tests: the training form and rules with webcast_test_type; questions with webcast_test_question_answers; the bank with webcast fields', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org, { title: 'Webinar de vendas' }));
    const { testId, question } = await testWithQuestion(id);
    expect(question[ANSWERS]).toHaveLength(2);
    const list = await json('GET', `${C.tests(id)}?page_size=0`);
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: testId, title: 'Prova', webcast_test_type: 1, qty_questions: 1, status: 1 }] });
    const read = await json('GET', C.test(id, testId));
    expect(read.json()).toMatchObject({ webcast_test_type: 1, randomize_questions: true, minimum_score: 1 });
    expect(read.json()).not.toHaveProperty('group_training_test_type');
    // spec 2 §5.3 rules answer with the webcast's field name
    const bad = await form('POST', C.tests(id), { title: 'Sem tipo' });
    expect(bad.json()).toMatchObject({ code: 'make_sure_that_all_fields_are_filled_in', fields: { webcast_test_type: 'make_sure_that_all_fields_are_filled_in' } });
    const hits = await json('POST', C.searchQuestions, { search_question: 'webinar de vendas' });
    expect(hits.json().questions).toMatchObject([{
      webcast_title: 'Webinar de vendas', webcast_test_title: 'Prova', webcast_test_question_title: '<p>Quando foi o lançamento?</p>',
      webcast_test_question_alternatives_qty: 2,
    }]);
    const types = await json('GET', WEBCAST_PATHS.testTypes, undefined, reader);
    expect(types.json()).toHaveLength(7);
    // the survey type (8) is the surveys' own: not offered, and refused as unknown
    expect((types.json() as Array<{ id: number }>).map((type) => type.id)).not.toContain(8);
    const survey = await form('POST', C.tests(id), { title: 'Pesquisa', webcast_test_type: '8' });
    expect(survey.statusCode).toBe(400);
  });

  it('test import: template_download_url, validate_template with the tus upload, start_import with webcast_test_question_answers (spec 2 §7.3)', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org));
    const testId = (await form('POST', C.tests(id), { title: 'Importada', webcast_test_type: '5' })).json().id as number;
    const template = await json('GET', C.importTemplate(testId));
    expect(template.statusCode, template.body).toBe(200);
    expect(template.json().template_download_url).toMatch(/^\/api\/files\/test_import_templates\/.+\.xlsx\/$/);
    expect((await t.app.inject({ url: template.json().template_download_url, headers: bearer(manager) })).statusCode).toBe(200);

    const row = (question: Cell, alternatives: Cell[], correct: Cell): Cell[] =>
      [question, ...Array.from({ length: TEST_IMPORT_ALTERNATIVES }, (_, i) => alternatives[i] ?? null), correct, null];
    const file = await xlsxOf([[...TEST_IMPORT_COLUMNS], row('Qual a cor da marca?', ['Azul', 'Verde'], 1), row('Sem alternativas', [], 1)]);
    const upload = await tusUpload(t.app, manager, file, 'prova.xlsx', C.uploadKind);
    const validated = await form('POST', C.validateArchive(testId), { file_url: upload });
    expect(validated.statusCode, validated.body).toBe(200);
    const rows = validated.json();
    expect(rows).toMatchObject([
      { title: 'Qual a cor da marca?', error: false, [ANSWERS]: [{ title: 'Azul', is_correct: true }, { title: 'Verde', is_correct: false }] },
      { title: 'Sem alternativas', error: true },
    ]);
    const started = await json('POST', C.startImport(testId), rows);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({ created: 1, skipped: 1 });
    expect((await json('GET', `${C.questions(id, testId)}?page_size=0`)).json().count).toBe(1);
  });

  it('reaction evaluations with JSON bodies, from a shared base model ({webcast_base_evaluation_id}); models under /admin_webcasts/base_evaluations/', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org));
    const created = await json('POST', E.collection(id), { title: 'Avaliação do webinar' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Avaliação do webinar', status: 2, qty_questions: 0 });
    const question = await json('POST', E.questions(id, created.json().id), { title: 'Nota geral', webcast_evaluation_question_type: 1 });
    expect(question.json()).toMatchObject({ title: 'Nota geral', webcast_evaluation_question_type: 1 });
    const missing = await json('POST', E.questions(id, created.json().id), { title: 'Sem tipo' });
    expect(missing.json().fields).toEqual({ webcast_evaluation_question_type: 'make_sure_that_all_fields_are_filled_in' });

    const models = await json('GET', E.baseEvaluations, undefined, reader);
    expect(models.statusCode).toBe(200);
    const model = models.json()[0];
    const modelQuestions = await json('GET', `${E.baseEvaluationQuestions(model.id)}?page_size=0`, undefined, reader);
    expect(modelQuestions.json().count).toBe(model.qty_questions);
    const noModel = await json('POST', E.fromBase(id), {});
    expect(noModel.json().fields).toEqual({ webcast_base_evaluation_id: 'make_sure_that_all_fields_are_filled_in' });
    const fromModel = await json('POST', E.fromBase(id), { webcast_base_evaluation_id: model.id });
    expect(fromModel.statusCode, fromModel.body).toBe(201);
    expect((await json('GET', E.item(id, fromModel.json().id))).json()).toMatchObject({ title: model.title, qty_questions: model.qty_questions, status: 2 });
    const qTypes = await json('GET', WEBCAST_PATHS.evaluationQuestionTypes, undefined, reader);
    expect(qTypes.json().map((q: { slug: string }) => q.slug)).toEqual(['grade_0_10', 'stars', 'text']);
  });

  it('support materials: the training dialog\'s multipart form over webcast_materials', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org));
    const resource = await mediaUpload(t.app, manager, pdf(), 'Slides.pdf', WEBCAST_MATERIAL_UPLOAD_KIND);
    const created = await form('POST', M.collection(id), { title: 'Slides', resource });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Slides', extension: 'pdf', status: 1 });
    expect(created.json().resource).toMatch(new RegExp(`^webcasts/${id}/materials/`));
    expect((await json('GET', `${M.collection(id)}?page_size=0`, undefined, reader)).json().count).toBe(1);
    expect((await form('PUT', M.item(id, created.json().id), { title: 'Slides v2', status: '2', resource: created.json().resource })).json().status).toBe(2);
    expect((await form('POST', M.collection(id), { title: 'x' }, reader)).statusCode).toBe(403);
    expect((await json('DELETE', M.item(id, created.json().id))).statusCode).toBe(204);
  });

  // ---- learner side (spec 2 §2.1) ----

  it('lists the webcasts of the learner\'s audience with the spec\'s filters', async () => {
    const mine = await createWebcast(t.app, manager, webcastBody(org, { title: 'Para o grupo de onboarding', tags: [org.tags.Compliance!] }));
    const others = await createWebcast(t.app, manager, webcastBody(org, { title: 'Só para líderes', user_groups: [org.groups['Store leaders']!] }));
    const hidden = await createWebcast(t.app, manager, webcastBody(org, { title: 'Despublicado', status: 2 }));
    const page = (await json('GET', `${L.webcasts}?page_size=100`, undefined, learner)).json();
    const ids = page.results.map((w: { id: number }) => w.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(others);
    expect(ids).not.toContain(hidden);
    expect(page.results.find((w: { id: number }) => w.id === mine)).toMatchObject({
      title: 'Para o grupo de onboarding', state: 'not_started', subscribed: false, transmission_date: '2026-12-10T19:00:00-03:00',
      timezone: 'America/Sao_Paulo', tags: [{ id: org.tags.Compliance, name: 'Compliance' }],
    });
    const search = (await json('GET', `${L.webcasts}?search=${encodeURIComponent('grupo de onboarding')}`, undefined, learner)).json();
    expect(search.results.map((w: { id: number }) => w.id)).toEqual([mine]);
    const byTag = (await json('GET', `${L.webcasts}?tags=${org.tags.Compliance},${org.tags.Leadership}&page_size=100`, undefined, learner)).json();
    expect(byTag.results.map((w: { id: number }) => w.id)).toContain(mine);
    const allTags = (await json('GET', `${L.webcasts}?tags=${org.tags.Compliance},${org.tags.Leadership}&all_tags=true&page_size=100`, undefined, learner)).json();
    expect(allTags.results.map((w: { id: number }) => w.id)).not.toContain(mine);
    const tagOptions = (await json('GET', L.tags, undefined, learner)).json();
    expect(tagOptions).toContainEqual({ id: org.tags.Compliance, name: 'Compliance' });
    expect(tagOptions.map((tag: { name: string }) => tag.name)).not.toContain('Other tag');
    // areas (spec 2 §2.1 filters): any of the chosen ones, or every one with all_areas
    await writeAudience(t.app.db, 'webcast', mine, { areas: [org.areas.Sales!] });
    const areaIds = async (query: string) => (await json('GET', `${L.webcasts}?${query}&page_size=100`, undefined, learner)).json().results.map((w: { id: number }) => w.id);
    expect(await areaIds(`areas=${org.areas.Sales},${org.areas.Operations}`)).toContain(mine);
    expect(await areaIds(`areas=${org.areas.Sales},${org.areas.Operations}&all_areas=true`)).not.toContain(mine);
    expect(await areaIds(`areas=${org.areas.Operations}`)).not.toContain(mine);
    const byGroup = (await json('GET', `${L.webcasts}?groups=${org.groups['Store leaders']}&page_size=100`, undefined, learner)).json();
    expect(byGroup.results.map((w: { id: number }) => w.id)).not.toContain(mine);
    const upcoming = (await json('GET', `${L.webcasts}?progress=not_started&page_size=100`, undefined, learner)).json();
    expect(upcoming.results.map((w: { id: number }) => w.id)).toContain(mine);
    expect((await json('GET', `${L.webcasts}?progress=finished&page_size=100`, undefined, learner)).json().results.map((w: { id: number }) => w.id)).not.toContain(mine);
    expect((await json('GET', L.webcast(others), undefined, learner)).statusCode).toBe(404);
    expect((await json('GET', L.webcast(hidden), undefined, learner)).statusCode).toBe(404);
  });

  it('seeds a browser-streaming webinar later today and a finished YouTube one with a test and an evaluation for the demo learner', async () => {
    const page = (await json('GET', `${L.webcasts}?search=${encodeURIComponent('onboarding 2026')}`, undefined, learner)).json();
    expect(page.results).toMatchObject([{ title: 'Boas-vindas ao vivo: onboarding 2026', webcast_type: 2, status: 1, state: 'not_started' }]);
    const at = new Date(page.results[0].transmission_date);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect(at.getTime() - Date.now()).toBeLessThan(2 * 60 * 60 * 1000 + 1000);
    const finished = (await json('GET', `${L.webcasts}?progress=finished&search=${encodeURIComponent('coleção de verão')}`, undefined, learner)).json();
    const detail = (await json('GET', L.webcast(finished.results[0].id), undefined, learner)).json();
    expect(detail).toMatchObject({ state: 'finished', tests_available: true, tests: [{ title: 'Quiz do lançamento', qty_questions: 2 }] });
    expect(detail.evaluation.questions.length).toBeGreaterThan(0);
  });

  it('the watch page: not started, live (embed or HLS), converting, finished; subscribing makes the learner a guest', async () => {
    const future = await createWebcast(t.app, manager, webcastBody(org, { transmission_date: '2099-01-01T10:00:00Z', timezone: 'UTC' }));
    const page = (await json('GET', L.webcast(future), undefined, learner)).json();
    expect(page).toMatchObject({
      state: 'not_started', embed: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', webcast_player_hls_playback_url: null,
      use_chat: true, tests_available: false, tests: [], evaluation: null, subscribed: false,
    });
    const past = await createWebcast(t.app, manager, webcastBody(org, { transmission_date: '2020-01-01T10:00:00Z', timezone: 'UTC' }));
    expect((await json('GET', L.webcast(past), undefined, learner)).json().state).toBe('live');

    const studio = await createWebcast(t.app, manager, webcastBody(org, { webcast_type: 2, transmission_date: '2020-01-01T10:00:00Z', timezone: 'UTC' }));
    expect((await json('GET', L.webcast(studio), undefined, learner)).json()).toMatchObject({ state: 'not_started', embed: null });
    // what the streaming server writes (spec 2 §3.11 webcast_player_hls_playback_url)
    await t.app.db.updateTable('webcasts').set({ hls_path: `webcasts/${studio}/live/index.m3u8` }).where('id', '=', studio).execute();
    const live = (await json('GET', L.webcast(studio), undefined, learner)).json();
    expect(live).toMatchObject({ state: 'live', webcast_player_hls_playback_url: `${INJECT_ORIGIN}/media/webcasts/${studio}/live/index.m3u8` });
    await t.app.db.updateTable('webcasts').set({ transmission_completed: true, status: 5 }).where('id', '=', studio).execute();
    expect((await json('GET', L.webcast(studio), undefined, learner)).json()).toMatchObject({ state: 'converting', webcast_player_hls_playback_url: null });
    await t.app.db.updateTable('webcasts').set({ transmission_downloaded: true, status: 4, hls_path: `webcasts/${studio}/vod/index.m3u8` }).where('id', '=', studio).execute();
    expect((await json('GET', L.webcast(studio), undefined, learner)).json()).toMatchObject({
      state: 'finished', webcast_player_hls_playback_url: `${INJECT_ORIGIN}/media/webcasts/${studio}/vod/index.m3u8`, tests_available: true,
    });

    expect((await json('POST', L.subscribe(future), undefined, learner)).json()).toEqual({ subscribed: true });
    expect((await json('POST', L.subscribe(future), undefined, learner)).statusCode).toBe(200);
    expect((await json('GET', L.webcast(future), undefined, learner)).json().subscribed).toBe(true);
    const guests = (await json('GET', WEBCAST_PATHS.guests(future), undefined, reader)).json();
    expect(guests.count).toBe(1);
    expect(guests.results[0].list_users.email).toBe(DEMO.learner.email);
  });

  it('tests and the evaluation only after the end (status 4): refused before, taken and scored after', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org));
    const { testId, question } = await testWithQuestion(id);
    const evaluation = (await json('POST', E.collection(id), { title: 'Reação', status: 1 })).json();
    const evalQuestion = (await json('POST', E.questions(id, evaluation.id), { title: 'Estrelas', webcast_evaluation_question_type: 2 })).json();

    const early = await json('POST', L.attempts(id, testId), undefined, learner);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('webcast_not_finished');
    const earlyEval = await json('POST', L.evaluation(id), { answers: [{ question_id: evalQuestion.id, stars: 5 }] }, learner);
    expect(earlyEval.json().code).toBe('webcast_not_finished');
    expect((await json('GET', L.webcast(id), undefined, learner)).json()).toMatchObject({ tests_available: false, tests: [], evaluation: null });

    expect((await json('PUT', WEBCAST_PATHS.item(id), { status: 4 })).json().status).toBe(4);
    const detail = (await json('GET', L.webcast(id), undefined, learner)).json();
    expect(detail).toMatchObject({
      state: 'finished', tests_available: true,
      tests: [{ id: testId, title: 'Prova', test_type: 'conventional', qty_questions: 1, attempts_used: 0, passed: false }],
      evaluation: { id: evaluation.id, answered: false, questions: [{ id: evalQuestion.id, type: 'stars' }] },
    });

    const attempt = await json('POST', L.attempts(id, testId), undefined, learner);
    expect(attempt.statusCode, attempt.body).toBe(201);
    const drawn = attempt.json().questions[0];
    expect(drawn.answers[0]).not.toHaveProperty('is_correct');
    const correct = question[ANSWERS].find((a: { is_correct: boolean }) => a.is_correct).id;
    const unanswered = await json('POST', L.submit(id, testId, attempt.json().id), undefined, learner);
    expect(unanswered.json().code).toBe('you_must_answer_all_questions');
    expect((await json('PUT', L.answer(id, testId, attempt.json().id, drawn.id), { answer_id: correct }, learner)).statusCode).toBe(200);
    const result = await json('POST', L.submit(id, testId, attempt.json().id), undefined, learner);
    expect(result.json().result).toMatchObject({ correct_count: 1, total_questions: 1, passed: true, consequence: 'none' });
    expect((await json('POST', L.attempts(id, testId), undefined, learner)).json().code).toBe('test_already_passed');
    // the admin sees the realization (spec 2 §3.4 qty_user_results)
    expect((await json('GET', C.test(id, testId))).json().qty_user_results).toBe(1);

    const answered = await json('POST', L.evaluation(id), { answers: [{ question_id: evalQuestion.id, stars: 4 }] }, learner);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().answered).toBe(true);
    expect((await json('POST', L.evaluation(id), { answers: [{ question_id: evalQuestion.id, stars: 4 }] }, learner)).json().code).toBe('evaluation_already_answered');
  });
});
