import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_SURVEY_PATHS, SURVEY_PATHS, type Survey, type SurveyQuestion } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';
const L = LEARNER_SURVEY_PATHS;
interface Person { id: number; tokens: Tokens }

/**
 * spec 3 §3 "Survey" (fields, five question types, mandatory or optional questions), §4
 * published/unpublished, §5 "Select at least one option; mandatory questions must be answered",
 * §8 save errors; spec 1 §3.1 has_mandatory_surveys; spec 1 §6.2 the `surveys` module item.
 */
describe.each(DIALECTS)('surveys on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let manager: Tokens;
  let managerId: number;
  let otherManager: Tokens;
  let noPermission: Tokens;
  let org: OrgIds;
  let demo: number;
  let ana: Person;
  let bia: Person;
  let outsider: Person;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    ({ demo } = await clientIds(t.app));
    org = await orgIds(t.app, demo);
    ({ tokens: manager, id: managerId } = await adminWith(t.app, su, demo, ['surveys', 'reports']));
    // the seeded manager of Other Company holds every module item there
    otherManager = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    noPermission = (await adminWith(t.app, su, demo, ['news'])).tokens;
    const group = { groups: [org.groups['Onboarding 2026']!] };
    [ana, bia, outsider] = await Promise.all([makeLearner(t.app, su, demo, group), makeLearner(t.app, su, demo, group), makeLearner(t.app, su, demo)]);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const session = async (who: Person) => (await call('GET', '/users/session/', who.tokens)).json().has_mandatory_surveys as boolean;

  async function makeSurvey(over: Record<string, unknown> = {}): Promise<{ survey: Survey; questions: SurveyQuestion[] }> {
    const res = await call('POST', SURVEY_PATHS.collection, manager, {
      title: 'Clima 2026', survey_type: 'mandatory', start_date: '2026-01-01', end_date: null, status: 1, show_feedback: true,
      user_groups: [org.groups['Onboarding 2026']!], ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    const survey = res.json<Survey>();
    const q = async (body: Record<string, unknown>) => {
      const r = await call('POST', SURVEY_PATHS.questions(survey.id), manager, body);
      expect(r.statusCode, r.body).toBe(201);
      return r.json<SurveyQuestion>();
    };
    const questions = [
      await q({ title: 'Como avalia a loja?', question_type: 'single_choice', is_mandatory: true, options: [{ title: 'Bem' }, { title: 'Mal' }] }),
      await q({ title: 'O que usa?', question_type: 'multiple_choices', is_mandatory: true, options: [{ title: 'App' }, { title: 'Web' }, { title: 'Papel' }] }),
      await q({ title: 'Por quê?', question_type: 'alternatives_justification', is_mandatory: true, options: [{ title: 'Sim' }, { title: 'Não' }] }),
      await q({ title: 'Comentários', question_type: 'dissertative', is_mandatory: false, options: [] }),
    ];
    return { survey, questions };
  }

  it('validates the survey and its questions (spec 3 §3, §5, §8)', async () => {
    const bad = await call('POST', SURVEY_PATHS.collection, manager, { title: '', survey_type: 'weekly', start_date: '2026-02-10', end_date: '2026-02-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ title: 'make_sure_that_all_fields_are_filled_in', survey_type: 'validation_error', end_date: 'end_date_before_start_date' });
    const { survey } = await makeSurvey({ status: 2 });
    const oneOption = await call('POST', SURVEY_PATHS.questions(survey.id), manager, { title: 'X', question_type: 'single_choice', options: [{ title: 'só' }] });
    expect(oneOption.json()).toMatchObject({ code: 'question_needs_two_alternatives' });
    const badType = await call('POST', SURVEY_PATHS.questions(survey.id), manager, { title: 'X', question_type: 'ranking', options: [] });
    expect(badType.json().fields).toEqual({ question_type: 'validation_error' });
    const read = (await call('GET', SURVEY_PATHS.item(survey.id), manager)).json<Survey>();
    expect(read).toMatchObject({ title: 'Clima 2026', survey_type: 'mandatory', qty_questions: 4, qty_answers: 0, status: 2 });
    const list = await call('GET', SURVEY_PATHS.questions(survey.id), manager);
    expect(list.json<SurveyQuestion[]>().map((q) => q.question_type)).toEqual(['single_choice', 'multiple_choices', 'alternatives_justification', 'dissertative']);
  });

  it('permissions and clients: the surveys item opens the module; another client’s survey does not exist (spec 1 §6.2)', async () => {
    const { survey, questions } = await makeSurvey({ status: 2 });
    expect((await call('GET', SURVEY_PATHS.collection, noPermission)).statusCode).toBe(403);
    expect((await call('POST', SURVEY_PATHS.collection, noPermission, { title: 'x' })).statusCode).toBe(403);
    expect((await call('GET', SURVEY_PATHS.collection, ana.tokens)).statusCode).toBe(403);
    expect((await call('GET', SURVEY_PATHS.item(survey.id), otherManager)).statusCode).toBe(404);
    expect((await call('PUT', SURVEY_PATHS.item(survey.id), otherManager, { title: 'mine' })).statusCode).toBe(404);
    expect((await call('DELETE', SURVEY_PATHS.question(survey.id, questions[0]!.id), otherManager)).statusCode).toBe(404);
    expect((await call('GET', SURVEY_PATHS.answers(survey.id), otherManager)).statusCode).toBe(404);
    const otherList = (await call('GET', `${SURVEY_PATHS.collection}?page=1`, otherManager)).json();
    expect(otherList.results.map((s: Survey) => s.id)).not.toContain(survey.id);
  });

  it('the mandatory-survey gate: has_mandatory_surveys while a published mandatory survey of the audience is unanswered (spec 1 §3.1)', async () => {
    expect(await session(ana)).toBe(false);
    const { survey, questions } = await makeSurvey();
    const [single, multiple, justified, text] = questions as [SurveyQuestion, SurveyQuestion, SurveyQuestion, SurveyQuestion];
    expect(await session(ana)).toBe(true);
    // outside the audience: neither the gate nor the survey
    expect(await session(outsider)).toBe(false);
    expect((await call('GET', L.survey(survey.id), outsider.tokens)).statusCode).toBe(404);
    expect((await call('GET', L.surveys, ana.tokens)).json()).toContainEqual(expect.objectContaining({ id: survey.id, mandatory: true, answered: false }));

    // a half-filled survey is kept on the server
    const draft = await call('PUT', L.draft(survey.id), ana.tokens, { answers: [{ question_id: single.id, answer_ids: [single.options[0]!.id], answer_text: null }] });
    expect(draft.statusCode, draft.body).toBe(200);
    const kept = (await call('GET', L.survey(survey.id), ana.tokens)).json();
    expect(kept).toMatchObject({ has_draft: true, answered: false, answers: [{ question_id: single.id, answer_ids: [single.options[0]!.id], answer_text: null }] });
    expect(await session(ana)).toBe(true);

    // spec 3 §5: select at least one option; mandatory questions answered; one choice for a single-choice question
    const missing = await call('POST', L.submit(survey.id), ana.tokens, { answers: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      [`questions.${multiple.id}`]: 'select_at_least_one_option', [`questions.${justified.id}`]: 'select_at_least_one_option',
    });
    const two = await call('PUT', L.draft(survey.id), ana.tokens, { answers: [{ question_id: single.id, answer_ids: single.options.map((o) => o.id), answer_text: null }] });
    expect(two.json().fields).toEqual({ [`questions.${single.id}`]: 'validation_error' });
    const noWhy = await call('POST', L.submit(survey.id), ana.tokens, { answers: [
      { question_id: multiple.id, answer_ids: [multiple.options[0]!.id, multiple.options[2]!.id], answer_text: null },
      { question_id: justified.id, answer_ids: [justified.options[1]!.id], answer_text: '' },
    ] });
    expect(noWhy.json().fields).toEqual({ [`questions.${justified.id}`]: 'survey_justification_required' });
    const foreignOption = await call('PUT', L.draft(survey.id), ana.tokens, { answers: [{ question_id: multiple.id, answer_ids: [single.options[0]!.id], answer_text: null }] });
    expect(foreignOption.statusCode).toBe(400);

    const done = await call('POST', L.submit(survey.id), ana.tokens, { answers: [
      { question_id: multiple.id, answer_ids: [multiple.options[0]!.id, multiple.options[2]!.id], answer_text: null },
      { question_id: justified.id, answer_ids: [justified.options[1]!.id], answer_text: 'Falta tempo' },
      { question_id: text.id, answer_ids: [], answer_text: 'Nada a dizer' },
    ] });
    expect(done.statusCode, done.body).toBe(200);
    expect(await session(ana)).toBe(false);
    expect(await session(bia)).toBe(true);
    const answered = (await call('GET', L.survey(survey.id), ana.tokens)).json();
    expect(answered).toMatchObject({ answered: true, has_draft: false });
    // show_feedback: how everyone answered so far
    expect(answered.feedback).toContainEqual({ question_id: single.id, counts: { [single.options[0]!.id]: 1 } });
    expect((await call('POST', L.submit(survey.id), ana.tokens, { answers: [] })).json()).toMatchObject({ code: 'survey_already_answered' });
    expect((await call('PUT', L.draft(survey.id), ana.tokens, { answers: [] })).statusCode).toBe(409);

    // the admin's view of the answers
    const summary = (await call('GET', SURVEY_PATHS.answers(survey.id), manager)).json();
    expect(summary.respondents).toBe(1);
    expect(summary.questions.find((q: { id: number }) => q.id === multiple.id).options.map((o: { count: number }) => o.count)).toEqual([1, 0, 1]);
    expect(summary.questions.find((q: { id: number }) => q.id === justified.id).texts).toEqual([expect.objectContaining({ text: 'Falta tempo' })]);

    // unpublished, or past its end date: no gate
    await call('PUT', SURVEY_PATHS.item(survey.id), manager, { status: 2 });
    expect(await session(bia)).toBe(false);
    await call('PUT', SURVEY_PATHS.item(survey.id), manager, { status: 1, end_date: '2026-01-02' });
    expect(await session(bia)).toBe(false);
    await call('PUT', SURVEY_PATHS.item(survey.id), manager, { end_date: null });
    expect(await session(bia)).toBe(true);
    await call('DELETE', SURVEY_PATHS.item(survey.id), manager);
    expect(await session(bia)).toBe(false);
  });

  it('exports the answers as xlsx, e-mailed in the background, formula-like texts kept as text (reports registry)', async () => {
    const { survey, questions } = await makeSurvey({ survey_type: 'optional' });
    const [single, multiple, justified, text] = questions as [SurveyQuestion, SurveyQuestion, SurveyQuestion, SurveyQuestion];
    const sent = await call('POST', L.submit(survey.id), ana.tokens, { answers: [
      { question_id: single.id, answer_ids: [single.options[1]!.id], answer_text: null },
      { question_id: multiple.id, answer_ids: [multiple.options[0]!.id, multiple.options[1]!.id], answer_text: null },
      { question_id: justified.id, answer_ids: [justified.options[0]!.id], answer_text: '=HYPERLINK("http://x")' },
      { question_id: text.id, answer_ids: [], answer_text: 'ok' },
    ] });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await call('POST', SURVEY_PATHS.report, manager, { survey_id: survey.id });
    expect(res.statusCode, res.body).toBe(202);
    // without the surveys item the button's route refuses (spec 1 §6.2)
    expect((await call('POST', SURVEY_PATHS.report, noPermission, { survey_id: survey.id })).statusCode).toBe(403);
    await t.app.jobs.idle();
    const report = await t.app.db.selectFrom('reports').selectAll().where('user_id', '=', managerId).where('report', '=', 'surveys')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(report.status, report.error ?? '').toBe('ready');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(t.config.dataDir, 'reports', report.file_name!));
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => { rows.push((row.values as unknown[]).slice(1)); });
    expect(rows).toHaveLength(5);
    expect(rows[2]).toEqual(expect.arrayContaining(['Clima 2026', 'O que usa?', 'App; Web']));
    const why = rows.find((r) => r.includes('Por quê?'))!;
    // the frame escapes formula-like cells: a text, never a formula
    expect(why.some((c) => typeof c === 'string' && c.endsWith('=HYPERLINK("http://x")') && !c.startsWith('='))).toBe(true);
  });

  it('two simultaneous submissions of the same survey make one answer', async () => {
    const { survey, questions } = await makeSurvey({ survey_type: 'optional', score: 5, user_groups: [org.groups['Onboarding 2026']!] });
    const answers = questions.filter((q) => q.options.length).map((q) => ({
      question_id: q.id, answer_ids: [q.options[0]!.id], answer_text: q.question_type === 'alternatives_justification' ? 'porque sim' : null,
    }));
    const replies = await Promise.all(Array.from({ length: 4 }, () => call('POST', L.submit(survey.id), bia.tokens, { answers })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = await t.app.db.selectFrom('survey_test_results as r').innerJoin('survey_tests as st', 'st.id', 'r.test_id')
      .select(['r.id', 'r.status']).where('st.owner_id', '=', survey.id).where('r.user_id', '=', bia.id).execute();
    expect(rows).toEqual([{ id: expect.any(Number), status: 'finished' }]);
    const stored = await t.app.db.selectFrom('survey_test_attempt_questions').select('question_id').where('result_id', '=', rows[0]!.id).execute();
    expect(stored).toHaveLength(answers.length);
    // the survey's score goes to the statement once (spec 3 §3 score)
    const statement = (await call('GET', '/home/points/?page=1', bia.tokens)).json();
    expect(statement.results.filter((e: { title: string }) => e.title === 'Clima 2026')).toEqual([expect.objectContaining({ points: 5, reason: 'survey_answered' })]);
  });
});
