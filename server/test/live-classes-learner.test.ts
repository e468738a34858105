import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALENDAR_PATHS, LEARNER_LIVE_CLASS_PATHS, LEARNER_PATHS, LIVE_CLASS_PATHS, LIVE_CLASS_TESTS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { createLiveClass, liveClassBody, minutesFrom } from './liveClassFixtures.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { multipart } from './trainingTestsFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';
const L = LEARNER_LIVE_CLASS_PATHS;
interface Person { id: number; tokens: Tokens }

/**
 * spec 3 §2 learner list and detail, §4 status and completion, §9 windows and the room; spec 1
 * §2.2. The clock is the test's: Date alone is faked (vi.setSystemTime), the server reads it, and
 * every moment stays within the hour the learners' access tokens live.
 */
describe.each(DIALECTS)('live classes for learners on %s', (dialect) => {
  let t: TestApp;
  let manager: Tokens;
  let org: OrgIds;
  let demo: number;
  let instructor: Person;
  let ana: Person;
  let bia: Person;
  let caio: Person;
  let outsider: Person;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { jitsiDomain: 'meet.example.org' });
    const su = await loginSuperuser(t.app);
    demo = (await clientIds(t.app)).demo;
    org = await orgIds(t.app, demo);
    manager = (await adminWith(t.app, su, demo, ['live_classes', 'live_classes_manage', 'live_class_set_score', 'schedule'])).tokens;
    const group = { groups: [org.groups['Onboarding 2026']!] };
    [instructor, ana, bia, caio, outsider] = await Promise.all([
      makeLearner(t.app, su, demo), makeLearner(t.app, su, demo, group), makeLearner(t.app, su, demo, group), makeLearner(t.app, su, demo, group),
      makeLearner(t.app, su, demo),
    ]);
  });
  afterEach(() => { vi.useRealTimers(); });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Person, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(who.tokens), ...(payload ? { payload } : {}) });
  const clockAt = (start: Date, minutes: number) => vi.setSystemTime(new Date(start.getTime() + minutes * 60_000));
  const finish = (id: number) => t.app.inject({ method: 'PUT', url: `${API}${LIVE_CLASS_PATHS.item(id)}`, headers: bearer(manager), payload: { status: 4 } });

  it('open class: subscribe until 15 minutes after the start while seats last; the room opens 15 minutes before, 30 for the instructor', async () => {
    const base = new Date();
    // the latest moment read is start + 17 minutes: base + 49, well within the tokens' hour
    const start = new Date(base.getTime() + 32 * 60_000);
    const id = await createLiveClass(t.app, manager, liveClassBody(org, {
      title: 'Janela aberta', live_class_date: start.toISOString(), maximum_participants: 2, instructors: [instructor.id],
    }));
    vi.useFakeTimers({ toFake: ['Date'] });

    clockAt(start, -32);
    expect((await call('GET', L.room(id), ana)).json()).toMatchObject({ code: 'live_class_not_subscribed' });
    expect((await call('POST', L.subscription(id), ana)).json()).toEqual({ subscribed: true, vacancies: 1 });
    const waiting = (await call('GET', L.liveClass(id), ana)).json();
    expect(waiting).toMatchObject({ role: 'participant', room_open: false, can_unsubscribe: true, can_subscribe: false, vacancies: 1, platform: 'jitsi', activities_available: false });
    expect(waiting.room_opens_at).toBe(new Date(start.getTime() - 15 * 60_000).toISOString());
    // the detail names its instructors (spec 3 §2)
    const { full_name: instructorName } = await t.app.db.selectFrom('users').select('full_name').where('id', '=', instructor.id).executeTakeFirstOrThrow();
    expect(waiting.instructors).toEqual([{ id: instructor.id, name: instructorName }]);
    expect((await call('GET', L.room(id), ana)).json()).toMatchObject({ code: 'live_class_not_available' });

    clockAt(start, -16);
    expect((await call('GET', L.room(id), ana)).statusCode).toBe(403);
    clockAt(start, -15);
    const room = await call('GET', L.room(id), ana);
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json()).toMatchObject({ platform: 'jitsi', domain: 'meet.example.org', moderator: false });
    const { room_key: key } = await t.app.db.selectFrom('live_classes').select('room_key').where('id', '=', id).executeTakeFirstOrThrow();
    expect(room.json().room_name).toBe(`lp-${key}`);
    expect((await call('GET', L.liveClass(id), ana)).json().room_open).toBe(true);

    // the instructor (not in the audience) sees the class and moderates the room from 30 minutes before
    clockAt(start, -31);
    expect((await call('GET', L.room(id), instructor)).statusCode).toBe(403);
    clockAt(start, -30);
    expect((await call('GET', L.room(id), instructor)).json()).toMatchObject({ platform: 'jitsi', moderator: true });

    // the last seat, then "No vacancy"
    clockAt(start, 15);
    expect((await call('POST', L.subscription(id), bia)).json()).toEqual({ subscribed: true, vacancies: 0 });
    const full = await call('POST', L.subscription(id), caio);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('no_vacancy');
    expect((await call('GET', L.liveClass(id), caio)).json()).toMatchObject({ sold_out: true, can_subscribe: false, role: 'none' });
    // a seat freed in time; after the window nobody subscribes
    expect((await call('DELETE', L.subscription(id), bia)).json()).toEqual({ subscribed: false, vacancies: 1 });
    clockAt(start, 16);
    expect((await call('POST', L.subscription(id), caio)).json()).toMatchObject({ code: 'live_class_not_available' });
    expect((await call('DELETE', L.subscription(id), ana)).json()).toMatchObject({ code: 'live_class_not_available' });
    // the room never closes on its own while Published (spec 3 §9), only Finished closes it
    clockAt(start, 17);
    expect((await call('GET', L.room(id), ana)).statusCode).toBe(200);
    expect((await finish(id)).statusCode).toBe(200);
    expect((await call('GET', L.room(id), ana)).json()).toMatchObject({ code: 'live_class_not_available' });
    // someone outside the audience does not see the class at all
    expect((await call('GET', L.liveClass(id), outsider)).json()).toMatchObject({ code: 'live_class_not_found' });
  });

  it('closed class: only invitees see it and enter, from 30 minutes before, through the external link', async () => {
    const base = new Date();
    const start = new Date(base.getTime() + 40 * 60_000);
    const id = await createLiveClass(t.app, manager, liveClassBody(org, {
      title: 'Janela fechada', live_class_type: 'closed', invitees: [ana.id], maximum_participants: null, user_groups: [],
      stream_type: 1, transmission_url: 'https://meet.example.com/fechada', live_class_date: start.toISOString(),
    }));
    vi.useFakeTimers({ toFake: ['Date'] });
    clockAt(start, -31);
    expect((await call('GET', L.room(id), ana)).json()).toMatchObject({ code: 'live_class_not_available' });
    clockAt(start, -30);
    expect((await call('GET', L.room(id), ana)).json()).toEqual({ platform: 'external', url: 'https://meet.example.com/fechada', moderator: false });
    // bia is in the group, but a closed class is for its guests
    expect((await call('GET', L.liveClass(id), bia)).statusCode).toBe(404);
    const list = (await call('GET', `${L.liveClasses}?search=janela fechada`, bia)).json();
    expect(list.count).toBe(0);
    expect((await call('GET', `${L.liveClasses}?search=janela fechada`, ana)).json()).toMatchObject({ count: 1, results: [{ id, role: 'participant', live_class_type: 'closed', vacancies: null }] });
  });

  it('puts the learner\'s classes on the calendar, and the client\'s on the admin schedule (spec 3 §2 calendar/agenda)', async () => {
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Na agenda', live_class_date: '2027-08-10T19:00:00-03:00' }));
    expect((await call('POST', L.subscription(id), bia)).statusCode).toBe(200);
    const range = 'start=2027-08-01&end=2027-08-31';
    const mine = (who: Person) => call('GET', `${CALENDAR_PATHS.learner}?${range}`, who);
    const entry = { kind: 'live_class', date: null, starts_at: '2027-08-10T22:00:00.000Z', title: 'Na agenda', training: null, webcast_id: null, live_class_id: id };
    expect((await mine(bia)).json().results).toContainEqual({ ...entry, subscribed: true });
    expect((await mine(caio)).json().results).toContainEqual({ ...entry, subscribed: false });
    expect((await mine(outsider)).json().results).toEqual([]);
    const schedule = await t.app.inject({ url: `${API}${CALENDAR_PATHS.admin}?${range}`, headers: bearer(manager) });
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect(schedule.json().results).toContainEqual({ ...entry, subscribed: false });
  });

  it('shows the learner\'s next live classes on the home schedule: invited, subscribed, or open to their audience (spec 1 §2.2 home)', async () => {
    const su = await loginSuperuser(t.app);
    const group = { groups: [org.groups['Onboarding 2026']!] };
    const [dani, eva] = await Promise.all([makeLearner(t.app, su, demo, group), makeLearner(t.app, su, demo, group)]);
    const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60_000).toISOString();
    const open = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Agenda aberta', live_class_date: days(2) }));
    const closed = await createLiveClass(t.app, manager, liveClassBody(org, {
      title: 'Agenda fechada', live_class_type: 'closed', invitees: [dani.id], maximum_participants: null, user_groups: [], live_class_date: days(3),
    }));
    const far = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Agenda distante', live_class_date: days(40) }));
    expect((await call('POST', L.subscription(open), eva)).statusCode).toBe(200);
    const schedule = async (who: Person) => {
      const res = await call('GET', LEARNER_PATHS.home, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().schedule as Array<{ kind: string; live_class_id: number | null; subscribed: boolean; title: string }>)
        .filter((i) => i.kind === 'live_class' && [open, closed, far].includes(i.live_class_id!));
    };
    expect((await schedule(dani)).map((i) => [i.title, i.subscribed])).toEqual([['Agenda aberta', false], ['Agenda fechada', true]]);
    expect((await schedule(eva)).map((i) => [i.title, i.subscribed])).toEqual([['Agenda aberta', true]]);
    expect(await schedule(outsider)).toEqual([]);
  });

  it('isolates clients on the learner side: another client\'s member meets "Live class not found"', async () => {
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Só da Demo', live_class_date: minutesFrom(new Date(), 5) }));
    const other: Person = { id: 0, tokens: await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password) };
    for (const res of [
      await call('GET', L.liveClass(id), other), await call('POST', L.subscription(id), other), await call('GET', L.room(id), other),
    ]) expect(res.json()).toMatchObject({ code: 'live_class_not_found' });
    expect((await call('GET', `${L.liveClasses}?search=só da demo`, other)).json().count).toBe(0);
    expect(await t.app.db.selectFrom('live_class_participants').select('id').where('live_class_id', '=', id).execute()).toEqual([]);
  });

  it('lists with the spec 1 §2.2 filters: search and tags (any or all)', async () => {
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Filtro zeta', tags: [org.tags.Product!] }));
    const ids = async (query: string) => (await call('GET', `${L.liveClasses}?${query}`, ana)).json().results.map((r: { id: number }) => r.id);
    expect(await ids('search=filtro zeta')).toEqual([id]);
    expect(await ids(`search=filtro zeta&tags=${org.tags.Product}`)).toEqual([id]);
    expect(await ids(`search=filtro zeta&tags=${org.tags.Product},${org.tags['Customer experience']}&all_tags=true`)).toEqual([]);
    const tags = (await call('GET', L.tags, ana)).json();
    expect(tags).toContainEqual({ id: org.tags.Product, name: 'Product' });
  });

  it('after Finished: the reaction test, then the certificate and the points for a participant who entered (spec 3 §4)', async () => {
    const start = new Date(Date.now() + 5 * 60_000);
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Aula concluída', live_class_date: start.toISOString(), score: 50, workload: 2 }));
    const now = new Date();
    const evaluation = await t.app.db.insertInto('live_class_evaluations').values({ owner_id: id, title: 'Reação', status: 1, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const question = await t.app.db.insertInto('live_class_evaluation_questions').values({ evaluation_id: evaluation.id, title: 'Nota', question_type_id: 1, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const answers = { answers: [{ question_id: question.id, grade: 9 }] };
    for (const who of [ana, bia]) expect((await call('POST', L.subscription(id), who)).statusCode).toBe(200);
    // ana enters (the room is open 15 minutes before); bia never does
    expect((await call('GET', L.room(id), ana)).statusCode).toBe(200);
    expect((await call('POST', L.evaluation(id), ana, answers)).json()).toMatchObject({ code: 'live_class_not_finished' });

    expect((await finish(id)).statusCode).toBe(200);
    const before = (await call('GET', L.liveClass(id), ana)).json();
    expect(before).toMatchObject({ finished: true, activities_available: true, completed: false, certificate: null, evaluation: { id: evaluation.id, answered: false } });
    expect((await call('POST', L.evaluation(id), caio, answers)).json()).toMatchObject({ code: 'live_class_not_subscribed' });

    expect((await call('POST', L.evaluation(id), bia, answers)).statusCode).toBe(200);
    expect((await call('GET', L.liveClass(id), bia)).json()).toMatchObject({ completed: false, certificate: null });

    expect((await call('POST', L.evaluation(id), ana, answers)).statusCode).toBe(200);
    const done = (await call('GET', L.liveClass(id), ana)).json();
    expect(done).toMatchObject({ completed: true, certificate: { status: 'valid', pdf_url: expect.stringMatching(/^\/api\/certificates\/\d+\/pdf\/$/) } });
    const cert = await t.app.db.selectFrom('certificates').selectAll().where('content_type', '=', 'live_class').where('content_id', '=', id).execute();
    expect(cert).toHaveLength(1);
    expect(cert[0]).toMatchObject({ user_id: ana.id, title: 'Aula concluída', workload: 2 });
    expect(fs.existsSync(path.join(t.config.dataDir, cert[0]!.pdf_path!))).toBe(true);
    const points = await t.app.db.selectFrom('points_ledger').select(['points', 'reason']).where('user_id', '=', ana.id)
      .where('content_type', '=', 'live_class').where('content_id', '=', id).execute();
    expect(points).toEqual([{ points: 50, reason: 'live_class_completed' }]);
    const feed = await t.app.db.selectFrom('feed_events').select(['kind', 'title']).where('user_id', '=', ana.id)
      .where('content_type', '=', 'live_class').where('content_id', '=', id).execute();
    expect(feed).toEqual([{ kind: 'certified', title: 'Aula concluída' }]);
    // the learner's statement names the class
    const statement = await t.app.inject({ url: `${API}${LEARNER_PATHS.pointsStatement}?page=1`, headers: bearer(ana.tokens) });
    expect(statement.json().results).toContainEqual(expect.objectContaining({ points: 50, reason: 'live_class_completed', title: 'Aula concluída' }));
  });

  it('tests through the owned-content core: written with live class names, taken by a participant only after Finished', async () => {
    const start = new Date(Date.now() + 5 * 60_000);
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Com prova', live_class_date: start.toISOString() }));
    const admin = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>) =>
      t.app.inject({ method, url: `${API}${url}`, ...multipart(fields, bearer(manager)) });
    const test = await admin('POST', LIVE_CLASS_TESTS.tests(id), { title: 'Prova', live_class_test_type: '1' });
    expect(test.statusCode, test.body).toBe(201);
    const testId = test.json().id as number;
    const question = await t.app.inject({
      method: 'POST', url: `${API}${LIVE_CLASS_TESTS.questions(id, testId)}`, headers: bearer(manager),
      payload: { title: '<p>2 + 2?</p>', [LIVE_CLASS_TESTS.answersField]: [{ title: '<p>4</p>', is_correct: true }, { title: '<p>5</p>', is_correct: false }] },
    });
    expect(question.statusCode, question.body).toBe(201);
    expect((await admin('PUT', LIVE_CLASS_TESTS.test(id, testId), { status: '1', minimum_score: '1' })).statusCode).toBe(200);

    expect((await call('POST', L.subscription(id), ana)).statusCode).toBe(200);
    expect((await call('POST', L.attempts(id, testId), ana)).json()).toMatchObject({ code: 'live_class_not_finished' });
    expect((await finish(id)).statusCode).toBe(200);
    expect((await call('GET', L.liveClass(id), ana)).json()).toMatchObject({ tests: [{ id: testId, title: 'Prova', passed: false }] });
    expect((await call('POST', L.attempts(id, testId), caio)).json()).toMatchObject({ code: 'live_class_not_subscribed' });
    const attempt = await call('POST', L.attempts(id, testId), ana);
    expect(attempt.statusCode, attempt.body).toBe(201);
  });

  it('without a reaction test, setting Finished completes at once who entered (blank score: the live class score)', async () => {
    const start = new Date(Date.now() + 5 * 60_000);
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Sem reação', live_class_date: start.toISOString() }));
    for (const who of [ana, bia]) expect((await call('POST', L.subscription(id), who)).statusCode).toBe(200);
    expect((await call('GET', L.room(id), bia)).statusCode).toBe(200);
    expect((await finish(id)).statusCode).toBe(200);
    expect((await call('GET', L.liveClass(id), bia)).json()).toMatchObject({ completed: true, certificate: { status: 'valid' } });
    expect((await call('GET', L.liveClass(id), ana)).json()).toMatchObject({ completed: false, certificate: null });
    const points = await t.app.db.selectFrom('points_ledger').select('points').where('user_id', '=', bia.id).where('content_id', '=', id).where('content_type', '=', 'live_class').execute();
    expect(points).toEqual([{ points: 10 }]);
    // saving Finished again issues nothing more
    expect((await finish(id)).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('certificates').select('id').where('content_type', '=', 'live_class').where('content_id', '=', id).execute()).toHaveLength(1);
  });
});

/** spec 3 §5 "Subscribers/enrolled users may not exceed the maximum" under simultaneous requests. */
describe.each(DIALECTS)('live class seats under concurrency on %s', (dialect) => {
  let t: TestApp;
  afterAll(async () => { await t.close(); });

  it('30 simultaneous subscriptions to 24 seats: exactly 24 are taken, 6 answer "No vacancy"', async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    const demo = (await clientIds(t.app)).demo;
    const org = await orgIds(t.app, demo);
    const manager = (await adminWith(t.app, su, demo, ['live_classes', 'live_classes_manage'])).tokens;
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { maximum_participants: 24, live_class_date: minutesFrom(new Date(), 120) }));
    const learners: Person[] = [];
    for (let batch = 0; batch < 3; batch += 1) {
      learners.push(...await Promise.all(Array.from({ length: 10 }, () => makeLearner(t.app, su, demo, { groups: [org.groups['Onboarding 2026']!] }))));
    }
    const answers = await Promise.all(learners.map((who) =>
      t.app.inject({ method: 'POST', url: `${API}${L.subscription(id)}`, headers: bearer(who.tokens) })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(24);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'no_vacancy')).toBe(true);
    const taken = await t.app.db.selectFrom('live_class_participants').select((eb) => eb.fn.countAll<number>().as('n')).where('live_class_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(taken.n)).toBe(24);
    // every answer's seat count was true when given: the vacancies seen go 23 … 0, each once
    const left = answers.filter((r) => r.statusCode === 200).map((r) => r.json().vacancies as number).sort((a, b) => a - b);
    expect(left).toEqual(Array.from({ length: 24 }, (_, i) => i));
    // building the app and 30 learners takes most of it: on a loaded 2-core machine over 30 s
  }, 120_000);
});
