import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRILL_PATHS, GENERAL_TEST_PATHS, LEARNER_DRILL_PATHS, LEARNER_GENERAL_TEST_PATHS, SURVEY_PATHS,
  type Attempt, type ChoiceQuestion, type Drill, type GeneralTest, type LearnerDrillDay, type Survey,
} from '@lp/shared/contract';
import { DEFAULT_TIME_ZONE, addDays, languageIdForLocale, todayApiDate } from '@lp/shared/rules';
import { runLearnerNotices } from '../src/notices/learnerNotices.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { orgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';
interface Person { id: number; tokens: Tokens }

/**
 * Issue 20 item 4 around surveys, drills and general tests: their results reports (asked from the
 * lists, built in the background, e-mailed; permission-checked and of the selected client only),
 * the notices pointing learners to what opens to them, and the points of an approved drill or
 * general test in the points statement, once.
 */
describe.each(DIALECTS)('surveys, drills and general tests: reports, notices, points on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let manager: Person & { email: string };
  let drillsOnly: Tokens;
  let otherManager: Tokens;
  let demo: number;
  let group: number;
  let ana: Person;
  let outsider: Person;
  const today = todayApiDate(DEFAULT_TIME_ZONE, new Date());

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    ({ demo } = await clientIds(t.app));
    group = (await orgIds(t.app, demo)).groups['Onboarding 2026']!;
    manager = await adminWith(t.app, su, demo, ['surveys', 'drills', 'general_tests', 'reports']);
    drillsOnly = (await adminWith(t.app, su, demo, ['drills'])).tokens;
    otherManager = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    ana = await makeLearner(t.app, su, demo, { groups: [group] });
    outsider = await makeLearner(t.app, su, demo);
    // Ana reads in English: her notices' text is in English
    await t.app.db.updateTable('users').set({ language_id: languageIdForLocale('en') }).where('id', '=', ana.id).execute();
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: Tokens, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const alternatives = [{ title: 'Certa', is_correct: true }, { title: 'Errada', is_correct: false }];

  async function makeDrill(title: string, score = 12): Promise<{ drill: Drill; questions: ChoiceQuestion[] }> {
    const res = await call('POST', DRILL_PATHS.collection, manager.tokens, {
      title, start_date: addDays(today, -1), end_date: addDays(today, 1), date_type: 'range', minimum_score: 1, qty_questions_frequency: 1,
      time_to_answer: null, show_feedback: true, score, status: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const drill = res.json<Drill>();
    const questions: ChoiceQuestion[] = [];
    for (let i = 0; i < 3; i += 1) questions.push((await call('POST', DRILL_PATHS.questions(drill.id), manager.tokens, { title: `P${i}`, alternatives })).json<ChoiceQuestion>());
    expect((await call('PUT', DRILL_PATHS.item(drill.id), manager.tokens, { status: 1 })).statusCode).toBe(200);
    return { drill, questions };
  }

  async function makeTest(title: string, score: number | null = 30): Promise<{ test: GeneralTest; questions: ChoiceQuestion[] }> {
    const res = await call('POST', GENERAL_TEST_PATHS.collection, manager.tokens, {
      title, test_type: 'timed_block_general', minimum_score: 2, quantity_questions: null, time_to_finish: 10,
      publish_date: '2026-01-01', unpublish_date: null, status: 2, user_groups: [group], score,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<GeneralTest>();
    const questions: ChoiceQuestion[] = [];
    for (let i = 0; i < 2; i += 1) questions.push((await call('POST', GENERAL_TEST_PATHS.questions(created.id), manager.tokens, { title: `Q${i}`, alternatives })).json<ChoiceQuestion>());
    const p = await call('PUT', GENERAL_TEST_PATHS.item(created.id), manager.tokens, { status: 1 });
    expect(p.statusCode, p.body).toBe(200);
    return { test: p.json<GeneralTest>(), questions };
  }

  const noticesOf = async (userId: number, kind: string) => (await t.app.db.selectFrom('notifications').select(['client_id', 'payload'])
    .where('user_id', '=', userId).where('kind', '=', kind).orderBy('id').execute());

  async function answerDrillRight(who: Person, drill: Drill, questions: ChoiceQuestion[]) {
    const day = (await call('GET', LEARNER_DRILL_PATHS.today(drill.id), who.tokens)).json<LearnerDrillDay>();
    const shown = day.current!;
    const right = questions.find((q) => q.id === shown.id)!.alternatives.find((a) => a.is_correct)!.id;
    return { shown, right };
  }

  async function passTest(who: Person, test: GeneralTest, questions: ChoiceQuestion[]): Promise<Attempt> {
    const L = LEARNER_GENERAL_TEST_PATHS;
    const attempt = (await call('POST', L.attempts(test.id, test.test_id), who.tokens)).json<Attempt>();
    for (const q of attempt.questions) {
      const answer_id = questions.find((x) => x.id === q.id)!.alternatives.find((a) => a.is_correct)!.id;
      expect((await call('PUT', L.answer(test.id, test.test_id, attempt.id, q.id), who.tokens, { answer_id, confirm: true })).statusCode).toBe(200);
    }
    return attempt;
  }

  async function readReport(key: string, userId = manager.id): Promise<unknown[][]> {
    await t.app.jobs.idle();
    const report = await t.app.db.selectFrom('reports').selectAll().where('user_id', '=', userId).where('report', '=', key)
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(report.status, report.error ?? '').toBe('ready');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(t.config.dataDir, 'reports', report.file_name!));
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => { rows.push((row.values as unknown[]).slice(1)); });
    return rows;
  }

  it('tells the audience of a newly published survey once, in their language, linking to the portal page', async () => {
    const res = await call('POST', SURVEY_PATHS.collection, manager.tokens, {
      title: 'Clima de dezembro', survey_type: 'optional', start_date: '2026-01-01', end_date: null, status: 1, user_groups: [group],
    });
    expect(res.statusCode, res.body).toBe(201);
    const survey = res.json<Survey>();
    await t.app.jobs.idle();
    const told = await noticesOf(ana.id, 'survey_published');
    expect(told.filter((n) => n.payload.id === survey.id)).toEqual([{
      client_id: demo, payload: { id: survey.id, title: 'Clima de dezembro', link: `/surveys/${survey.id}`, text: 'New survey to answer: "Clima de dezembro"' },
    }]);
    // outside the audience: nothing
    expect((await noticesOf(outsider.id, 'survey_published')).filter((n) => n.payload.id === survey.id)).toEqual([]);
    // saved again, and every later run: no second notice
    await call('PUT', SURVEY_PATHS.item(survey.id), manager.tokens, { title: 'Clima de dezembro' });
    await Promise.all([runLearnerNotices(t.app.db), runLearnerNotices(t.app.db)]);
    await t.app.jobs.idle();
    expect((await noticesOf(ana.id, 'survey_published')).filter((n) => n.payload.id === survey.id)).toHaveLength(1);
    // the admin bell's endpoint lists it for her
    const bell = (await call('GET', '/notifications/', ana.tokens)).json<{ results: Array<{ kind: string; payload: { link: string } }> }>();
    expect(bell.results.find((n) => n.kind === 'survey_published' && n.payload.link === `/surveys/${survey.id}`)).toBeDefined();
    // the portal's bell: the learner marks her own notice read, nobody else can
    type Page = { unread: number; results: Array<{ id: number; kind: string; read_at: string | null; payload: { id?: number } }> };
    const mine = async () => (await call('GET', '/notifications/?page_size=100', ana.tokens)).json<Page>();
    const before = await mine();
    const notice = before.results.find((n) => n.kind === 'survey_published' && n.payload.id === survey.id)!;
    expect(notice.read_at).toBeNull();
    expect((await call('POST', `/notifications/${notice.id}/read/`, outsider.tokens, {})).statusCode).toBe(404);
    expect((await call('POST', `/notifications/${notice.id}/read/`, ana.tokens, {})).statusCode).toBe(200);
    const after = await mine();
    expect(after.unread).toBe(before.unread - 1);
    expect(after.results.find((n) => n.id === notice.id)!.read_at).not.toBeNull();
  });

  it("tells the client's members of a drill day opening today, once for simultaneous runs, nobody of another client", async () => {
    const { drill } = await makeDrill('Exercício de avisos');
    // an unpublished save tells nobody; the publishing one (inside makeDrill) did
    await t.app.jobs.idle();
    await Promise.all([runLearnerNotices(t.app.db), runLearnerNotices(t.app.db), runLearnerNotices(t.app.db)]);
    const forDrill = async (userId: number) => (await noticesOf(userId, 'drill_open_today')).filter((n) => n.payload.id === drill.id);
    expect(await forDrill(outsider.id)).toEqual([{
      client_id: demo, payload: { id: drill.id, title: 'Exercício de avisos', link: `/drills/${drill.id}`, text: 'As perguntas de hoje do exercício "Exercício de avisos" estão abertas' },
    }]);
    expect(await forDrill(ana.id)).toHaveLength(1);
    const other = await t.app.db.selectFrom('users').select('id').where('email', '=', DEMO.otherAdmin.email).executeTakeFirstOrThrow();
    expect(await forDrill(other.id)).toEqual([]);
    const claims = await t.app.db.selectFrom('learner_notices').select(['occasion']).where('content_type', '=', 'drill').where('content_id', '=', drill.id).execute();
    expect(claims).toEqual([{ occasion: today }]);
  });

  it('tells the audience of a newly available general test', async () => {
    const { test } = await makeTest('Avaliação de avisos');
    await t.app.jobs.idle();
    expect((await noticesOf(ana.id, 'general_test_available')).filter((n) => n.payload.id === test.id)).toEqual([{
      client_id: demo, payload: { id: test.id, title: 'Avaliação de avisos', link: `/general_tests/${test.id}`, text: 'New assessment available: "Avaliação de avisos"' },
    }]);
    expect((await noticesOf(outsider.id, 'general_test_available')).filter((n) => n.payload.id === test.id)).toEqual([]);
  });

  it("an approved drill's points reach the statement once, under simultaneous answers", async () => {
    const { drill, questions } = await makeDrill('Exercício pontuado', 12);
    const bia = await makeLearner(t.app, su, demo);
    const { shown, right } = await answerDrillRight(bia, drill, questions);
    const replies = await Promise.all([0, 1, 2].map(() => call('POST', LEARNER_DRILL_PATHS.answer(drill.id), bia.tokens, { question_id: shown.id, answer_id: right })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const statement = (await call('GET', '/home/points/?page=1', bia.tokens)).json<{ results: Array<{ title: string; points: number; reason: string }> }>();
    expect(statement.results.filter((e) => e.title === 'Exercício pontuado')).toEqual([expect.objectContaining({ points: 12, reason: 'drill_approved' })]);
  });

  it("a passed general test's points reach the statement once, under simultaneous submissions", async () => {
    const { test, questions } = await makeTest('Avaliação pontuada', 30);
    const cris = await makeLearner(t.app, su, demo, { groups: [group] });
    const attempt = await passTest(cris, test, questions);
    const L = LEARNER_GENERAL_TEST_PATHS;
    const submits = await Promise.all([0, 1, 2].map(() => call('POST', L.submit(test.id, test.test_id, attempt.id), cris.tokens)));
    expect(submits.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const ledger = await t.app.db.selectFrom('points_ledger').select(['points', 'reason']).where('user_id', '=', cris.id)
      .where('content_type', '=', 'general_test').where('content_id', '=', test.id).execute();
    expect(ledger).toEqual([{ points: 30, reason: 'general_test_approved' }]);
    const statement = (await call('GET', '/home/points/?page=1', cris.tokens)).json<{ results: Array<{ title: string; points: number; reason: string }> }>();
    expect(statement.results.filter((e) => e.title === 'Avaliação pontuada')).toEqual([expect.objectContaining({ points: 30, reason: 'general_test_approved' })]);
  });

  it('reports the drills results as xlsx: the list filters, the client only, formula-like titles as text, permission checked', async () => {
    const { drill, questions } = await makeDrill('=Relatório de exercício', 5);
    const dora = await makeLearner(t.app, su, demo);
    const { shown, right } = await answerDrillRight(dora, drill, questions);
    expect((await call('POST', LEARNER_DRILL_PATHS.answer(drill.id), dora.tokens, { question_id: shown.id, answer_id: right })).statusCode).toBe(200);
    // without the Excel reports item: refused
    expect((await call('POST', DRILL_PATHS.report, drillsOnly, {})).statusCode).toBe(403);
    // the other client's manager gets their own client's drills only
    expect((await call('POST', DRILL_PATHS.report, otherManager, { search: 'relatório de exercício' })).statusCode).toBe(202);
    const other = await t.app.db.selectFrom('users').select('id').where('email', '=', DEMO.otherAdmin.email).executeTakeFirstOrThrow();
    expect(await readReport('drills', other.id)).toHaveLength(1);
    const res = await call('POST', DRILL_PATHS.report, manager.tokens, { search: 'relatório de exercício' });
    expect(res.statusCode, res.body).toBe(202);
    // the 5-minute cooldown
    expect((await call('POST', DRILL_PATHS.report, manager.tokens, {})).statusCode).toBe(429);
    const rows = await readReport('drills');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Exercício');
    const row = rows[1]!;
    expect(row[0]).toBe(drill.id);
    expect(typeof row[1] === 'string' && !row[1].startsWith('=') && row[1].endsWith('=Relatório de exercício')).toBe(true);
    expect(row).toEqual(expect.arrayContaining([1, 'Sim']));
  });

  it('reports the general tests results as xlsx: one row per attempt, the client only', async () => {
    const { test, questions } = await makeTest('Avaliação do relatório', null);
    const eva = await makeLearner(t.app, su, demo, { groups: [group] });
    const attempt = await passTest(eva, test, questions);
    await call('POST', LEARNER_GENERAL_TEST_PATHS.submit(test.id, test.test_id, attempt.id), eva.tokens);
    expect((await call('POST', GENERAL_TEST_PATHS.report, drillsOnly, {})).statusCode).toBe(403);
    const res = await call('POST', GENERAL_TEST_PATHS.report, manager.tokens, { search: 'Avaliação do relatório', status: 1 });
    expect(res.statusCode, res.body).toBe(202);
    const rows = await readReport('general_tests');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining([test.id, 'Avaliação do relatório', 1, 'Concluída', 2, 'Sim']));
    // no points worth: nothing in the ledger
    expect(await t.app.db.selectFrom('points_ledger').select('id').where('content_type', '=', 'general_test').where('content_id', '=', test.id).execute()).toEqual([]);
  });
});
