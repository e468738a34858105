import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRILL_PATHS, LEARNER_DRILL_PATHS, type ChoiceQuestion, type Drill, type DrillAnswered, type DrillResult, type LearnerDrillCard, type LearnerDrillDay,
} from '@lp/shared/contract';
import { DEFAULT_TIME_ZONE, addDays, todayApiDate, weekdayOf } from '@lp/shared/rules';
import { DRILL_OWNER, ownedDb } from '../src/content/index.ts';
import { drawnQuestions } from '../src/content/repository/attempts.ts';
import { findDrill } from '../src/repositories/drills/admin.ts';
import { answerShown, ensureDay } from '../src/repositories/drills/learner.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';
const L = LEARNER_DRILL_PATHS;
interface Person { id: number; tokens: Tokens }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * spec 3 §3 "Drill", §4 published/unpublished, §5 "Drills" (every check, with the spec's
 * examples), §8 drills errors, §9 date types and seconds per question; spec 3 §6 the `drills`
 * module item. Today is the server's today (DEFAULT_TIME_ZONE).
 */
describe.each(DIALECTS)('drills on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let manager: Tokens;
  let otherManager: Tokens;
  let noPermission: Tokens;
  let demo: number;
  let ana: Person;
  let bia: Person;
  const today = todayApiDate(DEFAULT_TIME_ZONE, new Date());

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    ({ demo } = await clientIds(t.app));
    manager = (await adminWith(t.app, su, demo, ['drills'])).tokens;
    otherManager = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    noPermission = (await adminWith(t.app, su, demo, ['news'])).tokens;
    [ana, bia] = await Promise.all([makeLearner(t.app, su, demo), makeLearner(t.app, su, demo)]);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });

  const base = (over: Record<string, unknown> = {}) => ({
    title: 'Segurança diária', start_date: addDays(today, -3), end_date: addDays(today, 3), date_type: 'range',
    minimum_score: 1, qty_questions_frequency: 1, time_to_answer: null, show_feedback: true, score: 15, status: 2, ...over,
  });

  async function makeDrill(over: Record<string, unknown> = {}, questions = 3, publish: Record<string, unknown> | null = {}): Promise<{ drill: Drill; questions: ChoiceQuestion[] }> {
    const res = await call('POST', DRILL_PATHS.collection, manager, base(over));
    expect(res.statusCode, res.body).toBe(201);
    const drill = res.json<Drill>();
    const list: ChoiceQuestion[] = [];
    for (let i = 0; i < questions; i += 1) {
      const q = await call('POST', DRILL_PATHS.questions(drill.id), manager, {
        title: `Pergunta ${i + 1}`, alternatives: [{ title: 'Certa', is_correct: true }, { title: 'Errada', is_correct: false }],
      });
      expect(q.statusCode, q.body).toBe(201);
      list.push(q.json<ChoiceQuestion>());
    }
    if (publish) {
      const p = await call('PUT', DRILL_PATHS.item(drill.id), manager, { status: 1, ...publish });
      expect(p.statusCode, p.body).toBe(200);
    }
    return { drill: (await call('GET', DRILL_PATHS.item(drill.id), manager)).json<Drill>(), questions: list };
  }
  const rightOf = (q: { id: number }, all: ChoiceQuestion[]) => all.find((x) => x.id === q.id)!.alternatives.find((a) => a.is_correct)!.id;
  const wrongOf = (q: { id: number }, all: ChoiceQuestion[]) => all.find((x) => x.id === q.id)!.alternatives.find((a) => !a.is_correct)!.id;

  it('validates the drill (spec 3 §5, §8): dates, date types and the spec examples', async () => {
    const bad = await call('POST', DRILL_PATHS.collection, manager, base({ title: '', end_date: addDays(today, -4), date_type: 'monthly', time_to_answer: 0 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      title: 'make_sure_that_all_fields_are_filled_in', end_date: 'drill_end_date_error', date_type: 'invalid_field', time_to_answer: 'invalid_field',
    });
    const noWeekdays = await call('POST', DRILL_PATHS.collection, manager, base({ date_type: 'weekdays', weekdays: [] }));
    expect(noWeekdays.json().fields).toEqual({ weekdays: 'make_sure_that_all_fields_are_filled_in' });
    const customOutside = await call('POST', DRILL_PATHS.collection, manager, base({ date_type: 'custom', custom_dates: [addDays(today, 30)] }));
    expect(customOutside.json().fields).toEqual({ custom_dates: 'invalid_field' });

    // 6 questions over 2 dates allow at most 3 a day
    const twoDates = { date_type: 'custom', custom_dates: [today, addDays(today, 1)], minimum_score: 2 };
    const { drill } = await makeDrill(twoDates, 6, null);
    const four = await call('PUT', DRILL_PATHS.item(drill.id), manager, { status: 1, qty_questions_frequency: 4 });
    expect(four.statusCode).toBe(400);
    expect(four.json()).toMatchObject({ code: 'drill_questions_frequency_error', fields: { qty_questions_frequency: 'drill_questions_frequency_error' } });
    expect((await call('PUT', DRILL_PATHS.item(drill.id), manager, { status: 1, qty_questions_frequency: 3 })).statusCode).toBe(200);
    // 2 dates and 4 required need at least 2 a day
    const one = await call('PUT', DRILL_PATHS.item(drill.id), manager, { minimum_score: 4, qty_questions_frequency: 1 });
    expect(one.json().fields).toEqual({ qty_questions_frequency: 'drill_questions_frequency_error' });
    expect((await call('PUT', DRILL_PATHS.item(drill.id), manager, { minimum_score: 4, qty_questions_frequency: 2 })).statusCode).toBe(200);
    // the minimum score cannot exceed the registered questions
    const above = await call('PUT', DRILL_PATHS.item(drill.id), manager, { minimum_score: 7 });
    expect(above.json().fields).toMatchObject({ minimum_score: 'drill_minimum_score_error' });
    // deleting questions of a published drill keeps the counts true (6 → 5 → 4 fit 2 a day over 2 dates; 3 does not)
    const questions = (await call('GET', DRILL_PATHS.questions(drill.id), manager)).json<ChoiceQuestion[]>();
    expect((await call('DELETE', DRILL_PATHS.question(drill.id, questions[0]!.id), manager)).statusCode).toBe(204);
    expect((await call('DELETE', DRILL_PATHS.question(drill.id, questions[1]!.id), manager)).statusCode).toBe(204);
    const third = await call('DELETE', DRILL_PATHS.question(drill.id, questions[2]!.id), manager);
    expect(third.statusCode).toBe(400);
    // 3 left: 2 a day over 2 dates no longer fits, nor does a minimum of 4
    expect(third.json().fields).toEqual({ minimum_score: 'drill_minimum_score_error', qty_questions_frequency: 'drill_questions_frequency_error' });
    // a question needs one correct alternative (spec 2 §5.4)
    const noCorrect = await call('POST', DRILL_PATHS.questions(drill.id), manager, { title: 'x', alternatives: [{ title: 'a', is_correct: false }, { title: 'b', is_correct: false }] });
    expect(noCorrect.json().fields).toEqual({ alternatives: 'question_needs_one_correct_alternative' });
  });

  it('selects the drill days of each date type (spec 3 §3, §9)', async () => {
    const span = { start_date: addDays(today, -10), end_date: addDays(today, 10) };
    const dom = Number(today.slice(8, 10));
    const cases: Array<[Record<string, unknown>, boolean]> = [
      [{ date_type: 'range' }, true],
      [{ date_type: 'weekdays', weekdays: [weekdayOf(today)] }, true],
      [{ date_type: 'weekdays', weekdays: [(weekdayOf(today) + 1) % 7] }, false],
      [{ date_type: 'days_of_the_month', days_of_the_month: [dom] }, true],
      [{ date_type: 'days_of_the_month', days_of_the_month: [dom === 1 ? 2 : dom - 1] }, false],
      [{ date_type: 'weekdays', weekdays: [weekdayOf(today)], start_month: (Number(today.slice(5, 7)) % 12) + 1, end_month: (Number(today.slice(5, 7)) % 12) + 1, start_date: addDays(today, -400), end_date: addDays(today, 300) }, false],
      [{ date_type: 'custom', custom_dates: [today, addDays(today, 2)] }, true],
      [{ date_type: 'custom', custom_dates: [addDays(today, 1)] }, false],
    ];
    const ids: Array<[number, boolean]> = [];
    for (const [over, expected] of cases) {
      const { drill } = await makeDrill({ ...span, title: `dias ${JSON.stringify(over)}`, ...over }, 21, {});
      ids.push([drill.id, expected]);
    }
    const cards = (await call('GET', L.drills, ana.tokens)).json<LearnerDrillCard[]>();
    for (const [id, expected] of ids) expect(cards.find((c) => c.id === id)?.drill_day, String(id)).toBe(expected);
    const [notToday] = ids.find(([, e]) => !e)!;
    const refused = await call('GET', L.today(notToday), ana.tokens);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('drill_no_questions_today');
  });

  it("answers today's questions one at a time with feedback, and approved learners get the points once", async () => {
    const { drill, questions } = await makeDrill({ qty_questions_frequency: 2, minimum_score: 2 }, 14);
    const home = async () => (await call('GET', '/home/', ana.tokens)).json<{ todays_drills: Array<{ id: number }> }>().todays_drills.map((d) => d.id);
    expect(await home()).toContain(drill.id);
    let day = (await call('GET', L.today(drill.id), ana.tokens)).json<LearnerDrillDay>();
    expect(day.total_today).toBe(2);
    expect(day.current?.deadline_at).toBeNull();
    // the alternatives shown never say which is right
    expect(JSON.stringify(day.current)).not.toContain('is_correct');
    const first = day.current!;
    // another question than the one shown is refused
    const other = questions.find((q) => q.id !== first.id)!;
    expect((await call('POST', L.answer(drill.id), ana.tokens, { question_id: other.id, answer_id: rightOf(other, questions) })).statusCode).toBe(409);
    const r1 = await call('POST', L.answer(drill.id), ana.tokens, { question_id: first.id, answer_id: rightOf(first, questions) });
    expect(r1.statusCode, r1.body).toBe(200);
    const a1 = r1.json<DrillAnswered>();
    expect(a1).toMatchObject({ correct: true, correct_answer_id: rightOf(first, questions) });
    // answers are final
    const again = await call('POST', L.answer(drill.id), ana.tokens, { question_id: first.id, answer_id: wrongOf(first, questions) });
    expect(again.statusCode).toBe(409);
    const second = a1.day.current!;
    const r2 = (await call('POST', L.answer(drill.id), ana.tokens, { question_id: second.id, answer_id: rightOf(second, questions) })).json<DrillAnswered>();
    expect(r2.day).toMatchObject({ done_today: true, approved: true, correct: 2, current: null });
    // home's next steps no longer offer it today
    expect(await home()).not.toContain(drill.id);
    day = (await call('GET', L.today(drill.id), ana.tokens)).json<LearnerDrillDay>();
    expect(day.answered.map((q) => q.correct)).toEqual([true, true]);
    // spec 3 §3 score: points when approved, once
    const ledger = await t.app.db.selectFrom('points_ledger').select(['points']).where('user_id', '=', ana.id).where('content_type', '=', 'drill').where('content_id', '=', drill.id).execute();
    expect(ledger).toEqual([{ points: 15 }]);
    // results for the admin
    const results = (await call('GET', DRILL_PATHS.results(drill.id), manager)).json<DrillResult[]>();
    expect(results).toEqual([expect.objectContaining({ user_id: ana.id, days_answered: 1, answered: 2, correct: 2, approved: true })]);
  });

  it('enforces the per-question timer on the server: an answer after the time is refused', async () => {
    const { drill, questions } = await makeDrill({ qty_questions_frequency: 2, time_to_answer: 1, show_feedback: false }, 14);
    const day = (await call('GET', L.today(drill.id), bia.tokens)).json<LearnerDrillDay>();
    expect(day.current?.deadline_at).not.toBeNull();
    // a reload does not restart the timer
    const reloaded = (await call('GET', L.today(drill.id), bia.tokens)).json<LearnerDrillDay>();
    expect(reloaded.current).toMatchObject({ id: day.current!.id, deadline_at: day.current!.deadline_at });
    await sleep(1100);
    const late = await call('POST', L.answer(drill.id), bia.tokens, { question_id: day.current!.id, answer_id: rightOf(day.current!, questions) });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('time_expired');
    // the timed-out question counts as answered wrong; the next one gets its own time
    const next = (await call('GET', L.today(drill.id), bia.tokens)).json<LearnerDrillDay>();
    expect(next.answered).toEqual([expect.objectContaining({ id: day.current!.id, timed_out: true, correct: null })]);
    const inTime = await call('POST', L.answer(drill.id), bia.tokens, { question_id: next.current!.id, answer_id: rightOf(next.current!, questions) });
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json<DrillAnswered>()).toMatchObject({ correct: null, correct_answer_id: null, day: { done_today: true, correct: 1 } });
  });

  it('opens one day for simultaneous requests and records one of two simultaneous answers', async () => {
    const { drill } = await makeDrill({ qty_questions_frequency: 1, minimum_score: 1 }, 7);
    const opened = await Promise.all([0, 1, 2].map(() => call('GET', L.today(drill.id), bia.tokens)));
    expect(opened.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(opened.map((r) => r.json<LearnerDrillDay>().current!.id));
    expect(ids.size).toBe(1);
    const rows = await t.app.db.selectFrom('drill_test_results as r').innerJoin('drill_tests as d', 'd.id', 'r.test_id').select('r.id')
      .where('d.owner_id', '=', drill.id).where('r.user_id', '=', bia.id).execute();
    expect(rows).toHaveLength(1);
    // two answers to the shown question at once: one is recorded, the points once
    const [shown] = [...ids];
    const all = (await call('GET', DRILL_PATHS.questions(drill.id), manager)).json<ChoiceQuestion[]>();
    const answers = await Promise.all([true, false].map((right) => call('POST', L.answer(drill.id), bia.tokens, {
      question_id: shown, answer_id: all.find((q) => q.id === shown)!.alternatives.find((a) => a.is_correct === right)!.id,
    })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const marked = await t.app.db.selectFrom('drill_test_attempt_questions').select(['answer_id']).where('result_id', '=', rows[0]!.id).execute();
    expect(marked).toHaveLength(1);
    expect(marked[0]!.answer_id).not.toBeNull();
  });

  it('an approved learner gets no new day unless allow_approved_to_answer (spec 3 §3)', async () => {
    const { drill, questions } = await makeDrill({
      date_type: 'custom', custom_dates: [addDays(today, -1), today], qty_questions_frequency: 1, minimum_score: 1, allow_approved_to_answer: false,
    }, 2);
    const cleo = await makeLearner(t.app, su, demo);
    // yesterday's day, answered right (the repository takes the day: the routes only ever open today)
    const row = (await findDrill(t.app.db, demo, drill.id))!;
    const yesterday = await ensureDay(t.app.db, row, cleo.id, addDays(today, -1), new Date());
    if (typeof yesterday === 'string') throw new Error(yesterday);
    const shown = (await drawnQuestions(ownedDb(t.app.db, DRILL_OWNER), yesterday.id))[0]!;
    const right = questions.find((q) => q.id === shown.questionId)!.alternatives.find((a) => a.is_correct)!.id;
    expect(await answerShown(t.app.db, row, yesterday, { clientId: demo, userId: cleo.id }, shown.questionId, right, new Date())).toMatchObject({ kind: 'saved', correct: true });
    const refused = await call('GET', L.today(drill.id), cleo.tokens);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('drill_already_approved');
    await call('PUT', DRILL_PATHS.item(drill.id), manager, { allow_approved_to_answer: true });
    expect((await call('GET', L.today(drill.id), cleo.tokens)).statusCode).toBe(200);
  });

  it('the demo drill over this week is valid and published', async () => {
    const list = (await call('GET', `${DRILL_PATHS.collection}?page_size=0`, manager)).json<{ results: Drill[] }>().results;
    const demoDrill = list.find((d) => d.title.startsWith('Segurança na loja'))!;
    expect(demoDrill).toMatchObject({ status: 1, date_type: 'range' });
    // saving it unchanged runs every check of spec 3 §5 on it
    const saved = await call('PUT', DRILL_PATHS.item(demoDrill.id), manager, {});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Drill>()).toMatchObject({ qty_questions: 14, qty_dates: 7 });
    expect(saved.json<Drill>().start_date <= today && today <= saved.json<Drill>().end_date).toBe(true);
  });

  it('keeps drills to their client and their permission (spec 3 §6)', async () => {
    const { drill, questions } = await makeDrill({}, 7);
    expect((await call('GET', DRILL_PATHS.collection, noPermission)).statusCode).toBe(403);
    expect((await call('POST', DRILL_PATHS.collection, noPermission, base())).statusCode).toBe(403);
    expect((await call('GET', DRILL_PATHS.collection, ana.tokens)).statusCode).toBe(403);
    expect((await call('GET', DRILL_PATHS.item(drill.id), otherManager)).statusCode).toBe(404);
    expect((await call('PUT', DRILL_PATHS.item(drill.id), otherManager, { title: 'mine' })).statusCode).toBe(404);
    expect((await call('DELETE', DRILL_PATHS.question(drill.id, questions[0]!.id), otherManager)).statusCode).toBe(404);
    expect((await call('GET', DRILL_PATHS.results(drill.id), otherManager)).statusCode).toBe(404);
    const otherList = (await call('GET', `${DRILL_PATHS.collection}?page=1`, otherManager)).json();
    expect(JSON.stringify(otherList)).not.toContain(`"id":${drill.id},`);
    // an unpublished drill is not offered to learners
    await call('PUT', DRILL_PATHS.item(drill.id), manager, { status: 2 });
    expect((await call('GET', L.today(drill.id), ana.tokens)).statusCode).toBe(404);
    expect((await call('DELETE', DRILL_PATHS.item(drill.id), manager)).statusCode).toBe(204);
    expect((await call('GET', DRILL_PATHS.item(drill.id), manager)).statusCode).toBe(404);
  });
});
