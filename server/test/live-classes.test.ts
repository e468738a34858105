import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLASS_EVALUATION_PATHS, LIVE_CLASS_PATHS, LIVE_CLASS_TESTS, commentsListPath } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { runUnpublishDue } from '../src/trainings/unpublishJob.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { createLiveClass, liveClassBody } from './liveClassFixtures.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const item = (id: number) => `${API}${LIVE_CLASS_PATHS.item(id)}`;

/** spec 3 §2 "Live classes" admin editor, §3 fields, §5 validation, §8 errors; spec 1 §2.3, §6.2. */
describe.each(DIALECTS)('live classes admin on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let manager: Tokens;
  let noScore: Tokens;
  let reader: Tokens;
  let learner: Tokens;
  let otherAdmin: Tokens;
  let org: OrgIds;
  let c: Clients;
  let people: number[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    manager = (await adminWith(t.app, su, c.demo, ['live_classes', 'live_classes_manage', 'live_class_set_score'])).tokens;
    noScore = (await adminWith(t.app, su, c.demo, ['live_classes', 'live_classes_manage'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['live_classes'])).tokens;
    learner = (await makeLearner(t.app, su, c.demo)).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    org = await orgIds(t.app, c.demo);
    people = await Promise.all([1, 2, 3].map(async () => (await makeLearner(t.app, su, c.demo)).id));
  });
  afterAll(async () => { await t.close(); });

  const post = (body: Record<string, unknown>, tokens = manager) =>
    t.app.inject({ method: 'POST', url: `${API}${LIVE_CLASS_PATHS.collection}`, headers: bearer(tokens), payload: body });
  const put = (id: number, body: Record<string, unknown>, tokens = manager) => t.app.inject({ method: 'PUT', url: item(id), headers: bearer(tokens), payload: body });
  const get = (id: number, tokens = manager) => t.app.inject({ url: item(id), headers: bearer(tokens) });

  it('creates an open class and reads every spec 3 §3 field back; the date keeps its zone and instant', async () => {
    const res = await post(liveClassBody(org, { score: 50, workload: 2, instructors: [people[0]], date_to_unpublish: '2027-04-01' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Aula de técnicas de venda', live_class_type: 'open', live_class_date: '2027-03-10T19:00:00-03:00', timezone: 'America/Sao_Paulo',
      stream_type: 2, transmission_url: null, maximum_participants: 10, invitees: [], instructors: [people[0]], score: 50, effective_score: 50,
      workload: 2, date_to_unpublish: '2027-04-01', status: 1, tags: [org.tags.Product], user_groups: [org.groups['Onboarding 2026']],
      areas: [], profiles: [], qty_participants: 0, started: false,
      instructors_list: [expect.objectContaining({ id: people[0], full_name: expect.any(String) })],
    });
    const row = await t.app.db.selectFrom('live_classes').select(['live_class_date', 'room_key']).where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(new Date(row.live_class_date).toISOString()).toBe('2027-03-10T22:00:00.000Z');
    // the room name's secret part: 120 random bits
    expect(row.room_key).toMatch(/^[A-Za-z0-9_-]{20}$/);
    // blank score: the live class score (spec 3 §3)
    expect((await post(liveClassBody(org))).json()).toMatchObject({ score: null, effective_score: 10 });
  });

  it('answers each spec 3 §5 rule with its field and key, and keeps what was saved', async () => {
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: REQUIRED, fields: { title: REQUIRED, live_class_type: REQUIRED, live_class_date: REQUIRED, timezone: REQUIRED, stream_type: REQUIRED } });
    const fields = async (extra: Record<string, unknown>) => (await post(liveClassBody(org, extra))).json().fields;
    expect(await fields({ stream_type: 1 })).toEqual({ transmission_url: REQUIRED });
    expect(await fields({ stream_type: 9 })).toEqual({ stream_type: 'validation_error' });
    expect(await fields({ timezone: 'Mars/Olympus' })).toEqual({ timezone: 'invalid_timezone' });
    expect(await fields({ maximum_participants: null })).toEqual({ maximum_participants: REQUIRED });
    expect(await fields({ score: 15 })).toEqual({ score: 'validation_error' });
    expect(await fields({ user_groups: [] })).toMatchObject({ user_groups: 'choose_user_groups_or_areas_and_profiles' });
    // spec 3 §9: 24 per room, instructors included — the 25th is refused when the class is saved
    expect(await fields({ maximum_participants: 25 })).toEqual({ maximum_participants: 'live_class_room_limit' });
    expect(await fields({ maximum_participants: 24, instructors: [people[0]] })).toEqual({ maximum_participants: 'live_class_room_limit' });
    // closed: "The guest list cannot be empty", "Number of guests above the defined limit"
    const closed = { live_class_type: 'closed', user_groups: [], maximum_participants: null };
    expect(await fields({ ...closed, invitees: [] })).toEqual({ invitees: 'live_class_guest_list_empty' });
    expect(await fields({ ...closed, invitees: people, maximum_participants: 2 })).toEqual({ invitees: 'live_class_guests_above_limit' });
    // someone of another client, or an unknown tag
    expect(await fields({ ...closed, invitees: [999_999] })).toEqual({ invitees: 'validation_error' });
    expect(await fields({ tags: [999_999] })).toEqual({ tags: 'validation_error' });

    const id = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Guardada' }));
    expect((await put(id, { title: '' })).statusCode).toBe(400);
    expect((await get(id)).json()).toMatchObject({ title: 'Guardada' });
  });

  it('saves a closed class with its guest list, and refuses a limit below the subscribers taken', async () => {
    const res = await post(liveClassBody(org, { live_class_type: 'closed', invitees: people, user_groups: [], maximum_participants: null, stream_type: 1, transmission_url: 'https://meet.example.com/abc' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ invitees: [...people].sort((a, b) => a - b), qty_participants: 3, transmission_url: 'https://meet.example.com/abc' });
    const invitees = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.invitees(res.json().id)}?page=1&page_size=10`, headers: bearer(manager) });
    expect(invitees.json()).toMatchObject({ count: 3 });
    expect(invitees.json().results[0]).toMatchObject({ user: { id: expect.any(Number) }, entered_at: null });
    // a smaller guest list replaces it
    expect((await put(res.json().id, { invitees: [people[0]] })).json()).toMatchObject({ invitees: [people[0]], qty_participants: 1 });

    const open = await createLiveClass(t.app, manager, liveClassBody(org, { maximum_participants: 3 }));
    const add = await t.app.inject({ method: 'POST', url: `${API}${LIVE_CLASS_PATHS.subscribersAdd(open)}`, headers: bearer(manager), payload: { user_ids: people } });
    expect(add.json()).toEqual({ changed: 3, qty_participants: 3 });
    expect((await put(open, { maximum_participants: 2 })).json().fields).toEqual({ maximum_participants: 'live_class_subscribers_above_limit' });
  });

  it('adds and removes subscribers in bulk, all or none within the seats (spec 3 §2, §5, §8)', async () => {
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { maximum_participants: 2 }));
    const call = (path: string, user_ids: number[], tokens = manager) => t.app.inject({ method: 'POST', url: `${API}${path}`, headers: bearer(tokens), payload: { user_ids } });
    const over = await call(LIVE_CLASS_PATHS.subscribersAdd(id), people);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('live_class_subscribers_above_limit');
    expect((await call(LIVE_CLASS_PATHS.subscribersAdd(id), [people[0]!, people[1]!])).json()).toEqual({ changed: 2, qty_participants: 2 });
    // again: nothing new
    expect((await call(LIVE_CLASS_PATHS.subscribersAdd(id), [people[0]!])).json()).toEqual({ changed: 0, qty_participants: 2 });
    const stranger = await call(LIVE_CLASS_PATHS.subscribersAdd(id), [999_999]);
    expect(stranger.json()).toMatchObject({ code: 'error_registering_users' });
    // "update subscribers list": the list read again, both envelopes
    const list = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.subscribers(id)}?range=[0,9]&sort=["id","ASC"]`, headers: bearer(reader) });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/\/2$/);
    expect((await call(LIVE_CLASS_PATHS.subscribersRemove(id), [people[0]!])).json()).toEqual({ changed: 1, qty_participants: 1 });
    expect((await call(LIVE_CLASS_PATHS.subscribersRemove(id), [people[0]!], reader)).statusCode).toBe(403);
  });

  it('lists with both envelopes, search, ordering and filters; deleted classes leave the list', async () => {
    const a = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Lista Alfa zz', live_class_date: '2027-05-01T10:00:00-03:00' }));
    const b = await createLiveClass(t.app, manager, liveClassBody(org, {
      title: 'Lista Beta zz', live_class_type: 'closed', invitees: [people[0]], user_groups: [], maximum_participants: null, live_class_date: '2027-05-02T10:00:00-03:00',
    }));
    const drf = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.collection}?search=zz&ordering=live_class_date&page=1&page_size=10`, headers: bearer(reader) });
    expect(drf.json()).toMatchObject({ count: 2, results: [{ id: a, qty_participants: 0, tags: [{ id: org.tags.Product, name: 'Product' }] }, { id: b, live_class_type: 'closed' }] });
    const closed = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.collection}?search=zz&live_class_type=closed`, headers: bearer(reader) });
    expect(closed.json().results.map((r: { id: number }) => r.id)).toEqual([b]);
    const simple = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.collection}?filter=${encodeURIComponent(JSON.stringify({ q: 'zz', live_class_type: 'open' }))}&range=[0,9]`, headers: bearer(reader) });
    expect(simple.json().map((r: { id: number }) => r.id)).toEqual([a]);
    expect(simple.headers['content-range']).toMatch(/\/1$/);

    expect((await t.app.inject({ method: 'DELETE', url: item(a), headers: bearer(manager) })).json()).toMatchObject({ id: a, status: 3 });
    const after = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.collection}?search=zz`, headers: bearer(reader) });
    expect(after.json().results.map((r: { id: number }) => r.id)).toEqual([b]);
    expect((await get(a)).json()).toMatchObject({ code: 'live_class_not_found' });
  });

  it('duplicates the class with its audience, instructors, guest list and owned content, unpublished', async () => {
    const id = await createLiveClass(t.app, manager, liveClassBody(org, {
      live_class_type: 'closed', invitees: [people[1]], instructors: [people[0]], user_groups: [], maximum_participants: null,
    }));
    const evaluation = await t.app.db.insertInto('live_class_evaluations').values({ owner_id: id, title: 'Reação', status: 1, created_at: new Date(), updated_at: new Date() })
      .returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('live_class_evaluation_questions').values({ evaluation_id: evaluation.id, title: 'Nota', question_type_id: 1, created_at: new Date() }).execute();
    const res = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.duplicate(id)}`, headers: bearer(manager) });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json().live_class_duplicated_id as number;
    expect((await get(copy)).json()).toMatchObject({ title: expect.stringContaining('Aula de técnicas de venda'), status: 2, invitees: [people[1]], instructors: [people[0]], tags: [org.tags.Product] });
    const evaluations = await t.app.inject({ url: `${API}${LIVE_CLASS_EVALUATION_PATHS.collection(copy)}`, headers: bearer(manager) });
    expect(evaluations.statusCode).toBe(200);
    const keys = await t.app.db.selectFrom('live_classes').select('room_key').where('id', 'in', [id, copy]).execute();
    expect(new Set(keys.map((k) => k.room_key)).size).toBe(2);
  });

  it('refuses a change to the file of a class that has started; status and score stay editable (spec 3 §5)', async () => {
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { live_class_date: '2027-03-10T19:00:00-03:00' }));
    // the class began a minute ago
    await t.app.db.updateTable('live_classes').set({ live_class_date: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();
    const moved = await put(id, { live_class_date: '2027-06-10T19:00:00-03:00', stream_type: 1, transmission_url: 'https://meet.example.com/x' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      code: 'live_class_started_locked', fields: { live_class_date: 'live_class_started_locked', stream_type: 'live_class_started_locked', transmission_url: 'live_class_started_locked' },
    });
    expect((await get(id)).json().started).toBe(true);
    expect((await put(id, { status: 4, score: 20, title: 'Encerrada' })).json()).toMatchObject({ status: 4, score: 20, title: 'Encerrada' });
  });

  it('permissions: live_classes reads, live_classes_manage writes, live_class_set_score sets the score (spec 1 §6.2)', async () => {
    const id = await createLiveClass(t.app, manager, liveClassBody(org));
    expect((await get(id, reader)).statusCode).toBe(200);
    const refused = await post(liveClassBody(org), reader);
    expect(refused.statusCode).toBe(403);
    expect((await put(id, { title: 'x' }, reader)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: item(id), headers: bearer(reader) })).statusCode).toBe(403);
    const score = await post(liveClassBody(org, { score: 50 }), noScore);
    expect(score.statusCode).toBe(403);
    expect(score.json()).toMatchObject({ code: 'permission_denied', fields: { score: 'permission_denied' } });
    // without the score, manage is enough; the blank score stays blank
    expect((await post(liveClassBody(org, { score: null }), noScore)).json()).toMatchObject({ score: null });
    expect((await get(id, learner)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.collection}`, headers: bearer(learner) })).statusCode).toBe(403);
  });

  it('isolates clients: another client\'s ids are "Live class not found" everywhere', async () => {
    const id = await createLiveClass(t.app, manager, liveClassBody(org));
    for (const res of [
      await get(id, otherAdmin),
      await put(id, { title: 'x' }, otherAdmin),
      await t.app.inject({ method: 'DELETE', url: item(id), headers: bearer(otherAdmin) }),
      await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.duplicate(id)}`, headers: bearer(otherAdmin) }),
      await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.subscribers(id)}`, headers: bearer(otherAdmin) }),
      await t.app.inject({ method: 'POST', url: `${API}${LIVE_CLASS_PATHS.subscribersAdd(id)}`, headers: bearer(otherAdmin), payload: { user_ids: [1] } }),
    ]) expect(res.statusCode, res.body).toBe(404);
    for (const path of [LIVE_CLASS_TESTS.tests(id), LIVE_CLASS_EVALUATION_PATHS.collection(id), commentsListPath('live_class', id)]) {
      expect((await t.app.inject({ url: `${API}${path}`, headers: bearer(otherAdmin) })).statusCode, path).toBe(404);
    }
    const list = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.collection}?page=1&page_size=100`, headers: bearer(otherAdmin) });
    expect(list.json().results.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('answers the comment list of origin live_class as a plain array, with no moderation path (spec 3 §7)', async () => {
    const id = await createLiveClass(t.app, manager, liveClassBody(org));
    await t.app.db.insertInto('comments').values({
      client_id: c.demo, origin: 'live_class', origin_id: id, user_id: people[0]!, comment: 'Ótima aula', stars: 5, status: 1, created_at: new Date(), updated_at: new Date(),
    }).execute();
    const res = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.comments(id)}`, headers: bearer(reader) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ comment: 'Ótima aula', stars: 5, status: 1 })]);
    const moderate = await t.app.inject({ method: 'POST', url: `${API}${LIVE_CLASS_PATHS.comments(id).replace('comments/', 'publish_comment/')}`, headers: bearer(manager), payload: { id: 1, status: 2 } });
    expect(moderate.statusCode).toBe(404);
  });

  it('report button: accepted (202) with the list filters, 5 minutes of cooldown, an xlsx with one row per participant (spec 3 §9)', async () => {
    // spec 1 §6.2: the live classes screen and the Excel reports item
    const reporter = await adminWith(t.app, su, c.demo, ['live_classes', 'reports']);
    const id = await createLiveClass(t.app, manager, liveClassBody(org, { title: '=Relatório qq', maximum_participants: 5 }));
    await t.app.inject({ method: 'POST', url: `${API}${LIVE_CLASS_PATHS.subscribersAdd(id)}`, headers: bearer(manager), payload: { user_ids: [people[0], people[1]] } });
    const empty = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Vazia qq' }));
    const ask = () => t.app.inject({ method: 'POST', url: `${API}${LIVE_CLASS_PATHS.report}`, headers: bearer(reporter.tokens), payload: { search: 'qq' } });
    const res = await ask();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ detail: 'report_processing', report: 'live_classes' });
    const again = await ask();
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('report_cooldown');
    expect((await t.app.inject({ method: 'POST', url: `${API}${LIVE_CLASS_PATHS.report}`, headers: bearer(learner), payload: {} })).statusCode).toBe(403);

    await t.app.jobs.idle();
    const report = await t.app.db.selectFrom('reports').selectAll().where('user_id', '=', reporter.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(report.status).toBe('ready');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(t.config.dataDir, 'reports', report.file_name!));
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => { rows.push((row.values as unknown[]).slice(1)); });
    expect(rows[0]).toEqual(['ID', 'Aula ao vivo', 'Tipo', 'Data (UTC)', 'Status', 'Participante', 'E-mail', 'Inscrito em (UTC)', 'Entrou em (UTC)', 'Concluiu em (UTC)']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      [id, `'=Relatório qq`, 'Aberta', 'Publicada'], [id, `'=Relatório qq`, 'Aberta', 'Publicada'], [empty, 'Vazia qq', 'Aberta', 'Publicada'],
    ]);
    expect(rows[1]![7]).toBeInstanceOf(Date);
    expect(report.row_count).toBe(3);
  });

  it('unpublishes a published class after its date_to_unpublish (the hourly job); a finished one stays', async () => {
    const due = await createLiveClass(t.app, manager, liveClassBody(org, { date_to_unpublish: '2027-01-10' }));
    const finished = await createLiveClass(t.app, manager, liveClassBody(org, { date_to_unpublish: '2027-01-10', status: 4 }));
    const later = await createLiveClass(t.app, manager, liveClassBody(org, { date_to_unpublish: '2027-01-11' }));
    await runUnpublishDue(t.app, new Date('2027-01-11T12:00:00Z'));
    const status = async (id: number) => (await get(id)).json().status;
    expect([await status(due), await status(finished), await status(later)]).toEqual([2, 4, 1]);
  });

  it('serves the reference lists: platform types, scores, test types', async () => {
    const platforms = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.platformTypes}`, headers: bearer(reader) });
    expect(platforms.json()).toEqual([
      { id: 1, slug: 'external', label: expect.any(String), uses_url: true },
      { id: 2, slug: 'jitsi', label: expect.any(String), uses_url: false },
    ]);
    expect((await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.scores}`, headers: bearer(reader) })).json()).toContainEqual({ score: 10, label: '10' });
    const types = await t.app.inject({ url: `${API}${LIVE_CLASS_PATHS.testTypes}`, headers: bearer(reader) });
    expect(types.statusCode, types.body).toBe(200);
    expect(types.json().length).toBeGreaterThan(0);
  });
});
