import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBCAST_EVALUATION_PATHS, WEBCAST_MATERIAL_PATHS, WEBCAST_PATHS, WEBCAST_TESTS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { runUnpublishDue } from '../src/trainings/unpublishJob.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens, INJECT_ORIGIN } from './helpers.ts';
import { orgIds, setClientSettings, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId } from './userFixtures.ts';
import { createWebcast, multipartForm, webcastBody } from './webcastFixtures.ts';

const API = '/api';
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const item = (id: number) => `${API}${WEBCAST_PATHS.item(id)}`;

/** spec 2 §2.5, §3.11, §4.12, §5.9, §7.3 the webcast event data and its calls. */
describe.each(DIALECTS)('webcast editor on %s', (dialect) => {
  let t: TestApp;
  let manager: Tokens;
  let noScore: Tokens;
  let reader: Tokens;
  let otherAdmin: Tokens;
  let org: OrgIds;
  let demo: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    const c = await clientIds(t.app);
    demo = c.demo;
    manager = (await adminWith(t.app, su, c.demo, ['webcasts', 'webcasts_manage', 'webcast_set_score'])).tokens;
    noScore = (await adminWith(t.app, su, c.demo, ['webcasts', 'webcasts_manage'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['webcasts'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    org = await orgIds(t.app, c.demo);
  });
  afterAll(async () => { await t.close(); });

  const post = (body: Record<string, unknown>, tokens = manager) =>
    t.app.inject({ method: 'POST', url: `${API}${WEBCAST_PATHS.collection}`, headers: bearer(tokens), payload: body });
  const put = (id: number, body: Record<string, unknown>, tokens = manager) => t.app.inject({ method: 'PUT', url: item(id), headers: bearer(tokens), payload: body });
  const get = (id: number, tokens = manager) => t.app.inject({ url: item(id), headers: bearer(tokens) });

  it('creates a webcast (JSON) and reads every §3.11 field back; transmission_date keeps its zone and instant', async () => {
    const res = await post(webcastBody(org));
    expect(res.statusCode, res.body).toBe(201);
    const webcast = res.json();
    expect(webcast).toMatchObject({
      title: 'Lançamento da coleção de verão', webcast_type: 1, embed: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', status: 1,
      use_chat: true, chat_moderated: true, transmission_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo',
      transmission_completed: false, transmission_downloaded: false, score: 40, workload: 1.5, webcast_lounge_template: '',
      webcast_images: [{ image: 'https://cdn.example.com/webcast.png', original: true }],
      webcast_image_alt_texts: [{ language: 'pt-br', alt_text: 'Capa' }, { language: 'en-us', alt_text: 'Cover' }],
      tags: [org.tags.Product], user_groups: [org.groups['Onboarding 2026']], areas: [], profiles: [],
      webcast_player_hls_playback_url: null, unpublish_date: null, qty_subscribers: 0,
      public_url: `${INJECT_ORIGIN}/webinars/${webcast.id}`,
    });
    // stored as UTC with the zone name (spec 2 §3.11)
    const row = await t.app.db.selectFrom('webcasts').select(['transmission_date', 'timezone']).where('id', '=', webcast.id).executeTakeFirstOrThrow();
    expect(new Date(row.transmission_date).toISOString()).toBe('2026-12-10T22:00:00.000Z');
    expect(row.timezone).toBe('America/Sao_Paulo');
    // another zone: the same instant is read back with that zone's offset
    const moved = await put(webcast.id, { timezone: 'Asia/Tokyo', transmission_date: '2026-12-10T22:00:00Z' });
    expect(moved.json().transmission_date).toBe('2026-12-11T07:00:00+09:00');
    expect((await get(webcast.id)).json()).toEqual(moved.json());
  });

  it('answers each spec 2 §5.9 rule with its field and key, and keeps what was saved', async () => {
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: REQUIRED,
      fields: { title: REQUIRED, webcast_type: REQUIRED, transmission_date: REQUIRED, timezone: REQUIRED, workload: REQUIRED, areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles' },
    });
    const fields = async (extra: Record<string, unknown>) => (await post(webcastBody(org, extra))).json().fields;
    expect(await fields({ title: 'a'.repeat(257) })).toEqual({ title: 'title_too_long' });
    expect(await fields({ description: `<p>${'b'.repeat(1025)}</p>` })).toEqual({ description: 'description_too_long' });
    expect(await fields({ embed: '' })).toEqual({ embed: REQUIRED });
    expect(await fields({ webcast_type: 3, embed: '  ' })).toEqual({ embed: REQUIRED });
    expect(await fields({ timezone: 'Mars/Olympus' })).toEqual({ timezone: 'invalid_timezone' });
    expect(await fields({ transmission_date: '2026-02-31T10:00:00-03:00' })).toEqual({ transmission_date: 'validation_error' });
    expect(await fields({ webcast_image_alt_texts: { 'fr-fr': 'x'.repeat(171) } })).toEqual({ 'webcast_image_alt_texts.fr-fr': 'alt_text_too_long' });
    expect(await fields({ user_groups: [], areas: [org.areas.Sales] })).toEqual({ profiles: REQUIRED });
    expect(await fields({ status: 5 })).toEqual({ status: 'validation_error' });
    expect(await fields({ webcast_type: 9 })).toEqual({ webcast_type: 'validation_error' });
    expect(await fields({ tags: [999_999] })).toEqual({ tags: 'validation_error' });

    // an invalid update changes nothing
    const id = await createWebcast(t.app, manager, webcastBody(org, { title: 'Guardado' }));
    expect((await put(id, { title: '', workload: null })).statusCode).toBe(400);
    expect((await get(id)).json()).toMatchObject({ title: 'Guardado', workload: 1.5 });
  });

  it("prefixes https:// on an embed lacking 'http' and stores 'none' for browser streaming (spec 2 §5.9)", async () => {
    const youtube = (await post(webcastBody(org, { embed: 'youtu.be/dQw4w9WgXcQ' }))).json();
    expect(youtube.embed).toBe('https://youtu.be/dQw4w9WgXcQ');
    const browser = (await post(webcastBody(org, { webcast_type: 2, embed: 'https://ignored.example.com' }))).json();
    expect(browser).toMatchObject({ webcast_type: 2, embed: 'none' });
  });

  it('keeps the type read-only after creation (spec 2 §4.12)', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org));
    const res = await put(id, { webcast_type: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ webcast_type: 'webcast_type_locked' });
    // the same type sent back is fine
    expect((await put(id, { webcast_type: 1, title: 'Mesmo tipo' })).statusCode).toBe(200);
  });

  it('forces chat_moderated off while use_chat is off (spec 2 §5.9)', async () => {
    const created = (await post(webcastBody(org, { use_chat: false, chat_moderated: true }))).json();
    expect(created).toMatchObject({ use_chat: false, chat_moderated: false });
    expect((await put(created.id, { use_chat: true, chat_moderated: true })).json()).toMatchObject({ use_chat: true, chat_moderated: true });
  });

  it('score: needs webcast_set_score and the client\'s webcast_use_score; text parsed to an integer, empty 0; static scores from webcast_scores', async () => {
    expect((await post(webcastBody(org, { score: '25 pontos' }))).json().score).toBe(25);
    expect((await post(webcastBody(org, { score: '' }))).json().score).toBe(0);
    // without webcast_set_score the score keeps its value and cannot be set
    const kept = (await post(webcastBody(org, { score: 0 }), noScore)).json();
    expect(kept.score).toBe(0);
    const refused = await post(webcastBody(org, { score: 50 }), noScore);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fields).toEqual({ score: 'permission_denied' });

    await setClientSettings(t.app, demo, { webcast_use_static_score: true, webcast_static_scores: [15, 30] });
    const scores = await t.app.inject({ url: `${API}${WEBCAST_PATHS.scores}`, headers: bearer(manager) });
    expect(scores.json()).toEqual([{ score: 15, label: '15' }, { score: 30, label: '30' }]);
    expect((await post(webcastBody(org, { score: 20 }))).json().fields).toEqual({ score: 'validation_error' });
    expect((await post(webcastBody(org, { score: 30 }))).json().score).toBe(30);

    await setClientSettings(t.app, demo, { webcast_use_score: false, webcast_use_static_score: false });
    expect((await post(webcastBody(org, { score: 99 }))).json().score).toBe(0);
    await setClientSettings(t.app, demo, { webcast_use_score: true });
  });

  it('sets status 1, 2 or 4; End webcast is a multipart PUT with status 4 (spec 2 §7.3)', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org));
    expect((await put(id, { status: 2 })).json().status).toBe(2);
    const form = multipartForm({
      title: 'Encerrado', description: '<p>Fim</p>', webcast_type: 1, embed: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      use_chat: 'true', chat_moderated: 'false', transmission_date: '2026-12-10 20:30:00', transmission_completed: 1, status: 4, score: '12',
      webcast_images: 'https://cdn.example.com/end.png', workload: '2', tags: [org.tags.Product!, org.tags.Leadership!],
      user_groups: [org.groups['Onboarding 2026']!],
    });
    const res = await t.app.inject({ method: 'PUT', url: item(id), payload: form.payload, headers: { ...form.headers, ...bearer(manager) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Encerrado', status: 4, transmission_completed: true, chat_moderated: false, score: 12, workload: 2,
      // the form's wall-clock time is read in the webcast's zone
      transmission_date: '2026-12-10T20:30:00-03:00', tags: [org.tags.Product, org.tags.Leadership].sort((a, b) => a! - b!),
    });
  });

  it('lists in both envelopes with filters; deleted ones (status 3) only through the status filter', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org, { title: 'Para apagar', webcast_type: 5, embed: 'https://live.example.com/x' }));
    const drf = await t.app.inject({ url: `${API}${WEBCAST_PATHS.collection}?page_size=0&search=apagar`, headers: bearer(reader) });
    expect(drf.json()).toMatchObject({ count: 1, results: [{ id, title: 'Para apagar', webcast_type: 5, status: 1, qty_subscribers: 0 }] });
    const simple = await t.app.inject({
      url: `${API}${WEBCAST_PATHS.collection}?range=[0,99]&sort=["id","DESC"]&filter=${encodeURIComponent(JSON.stringify({ webcast_type: 5 }))}`,
      headers: bearer(reader),
    });
    expect(simple.headers['content-range']).toMatch(/^webcasts 0-\d+\/\d+$/);
    expect(simple.json().every((w: { webcast_type: number }) => w.webcast_type === 5)).toBe(true);

    const deleted = await t.app.inject({ method: 'DELETE', url: item(id), headers: bearer(manager) });
    expect(deleted.json().status).toBe(3);
    expect((await get(id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}${WEBCAST_PATHS.collection}?page_size=0&search=apagar`, headers: bearer(reader) })).json().count).toBe(0);
    expect((await t.app.inject({ url: `${API}${WEBCAST_PATHS.collection}?page_size=0&search=apagar&status=3`, headers: bearer(reader) })).json().count).toBe(1);
  });

  it('duplicates the webcast with its tests, evaluations and materials (spec 2 §4.12)', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org, { title: 'Original' }));
    const testRes = await t.app.inject({
      method: 'POST', url: `${API}${WEBCAST_TESTS.tests(id)}`, headers: { ...bearer(manager), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ title: 'Prova do webinar', webcast_test_type: '5', status: '2' }).toString(),
    });
    expect(testRes.statusCode, testRes.body).toBe(201);
    const testId = testRes.json().id;
    const question = await t.app.inject({
      method: 'POST', url: `${API}${WEBCAST_TESTS.questions(id, testId)}`, headers: bearer(manager),
      payload: { title: '<p>Pergunta?</p>', webcast_test_question_answers: [{ title: '<p>Sim</p>', is_correct: true }, { title: '<p>Não</p>', is_correct: false }] },
    });
    expect(question.statusCode, question.body).toBe(201);
    const evaluation = await t.app.inject({ method: 'POST', url: `${API}${WEBCAST_EVALUATION_PATHS.collection(id)}`, headers: bearer(manager), payload: { title: 'Reação', status: 1 } });
    expect(evaluation.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST', url: `${API}${WEBCAST_EVALUATION_PATHS.questions(id, evaluation.json().id)}`, headers: bearer(manager),
      payload: { title: 'Nota', webcast_evaluation_question_type: 1 },
    });
    await t.app.db.insertInto('webcast_materials').values({
      owner_id: id, title: 'Slides', status: 1, resource: 'webcasts/x/slides.pdf', resource_name: 'slides.pdf', extension: 'pdf', size: 10,
      created_at: new Date(), updated_at: new Date(),
    }).execute();
    await t.app.db.insertInto('webcast_subscribers').values({ webcast_id: id, user_id: await userId(t.app, DEMO.learner.email), created_at: new Date() }).execute();

    const dup = await t.app.inject({ url: `${API}${WEBCAST_PATHS.duplicate(id)}`, headers: bearer(manager) });
    expect(dup.statusCode, dup.body).toBe(200);
    const copyId = dup.json().webcast_duplicated_id;
    expect(copyId).not.toBe(id);
    const copy = (await get(copyId)).json();
    expect(copy).toMatchObject({ title: expect.stringMatching(/^Original \(/), status: 1, qty_subscribers: 0, tags: [org.tags.Product] });
    const tests = (await t.app.inject({ url: `${API}${WEBCAST_TESTS.tests(copyId)}?page_size=0`, headers: bearer(manager) })).json();
    expect(tests.results).toMatchObject([{ title: 'Prova do webinar', webcast_test_type: 5, qty_questions: 1 }]);
    const evaluations = (await t.app.inject({ url: `${API}${WEBCAST_EVALUATION_PATHS.collection(copyId)}?page_size=0`, headers: bearer(manager) })).json();
    expect(evaluations.results).toMatchObject([{ title: 'Reação', qty_questions: 1, status: 1 }]);
    const materials = (await t.app.inject({ url: `${API}${WEBCAST_MATERIAL_PATHS.collection(copyId)}?page_size=0`, headers: bearer(manager) })).json();
    expect(materials.results).toMatchObject([{ title: 'Slides', extension: 'pdf' }]);
  });

  it('lists guests ({count, results[].list_users}) and writes the guest list xlsx with escaped cells, for webcasts_manage only', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org, { title: 'Com convidados' }));
    const learnerId = await userId(t.app, DEMO.learner.email);
    const tricky = await t.app.db.insertInto('users').values({
      email: 'formula@example.com', document: null, register: null, gmin_number: null, sap_code: null, full_name: '=HYPERLINK("http://x")',
      nick_name: null, password_hash: 'x', is_superuser: false, status: 'active', language_id: 1, selected_client_id: demo,
      must_change_password: false, created_at: new Date(), updated_at: new Date(),
    }).returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('user_clients').values({ user_id: tricky.id, client_id: demo, profile_id: null }).execute();
    for (const user of [learnerId, tricky.id]) await t.app.db.insertInto('webcast_subscribers').values({ webcast_id: id, user_id: user, created_at: new Date() }).execute();

    const list = await t.app.inject({ url: `${API}${WEBCAST_PATHS.guests(id)}?page_size=5`, headers: bearer(reader) });
    expect(list.json()).toMatchObject({
      count: 2,
      results: [
        { list_users: { id: learnerId, name: DEMO.learner.full_name, email: DEMO.learner.email, profile: null } },
        { list_users: { id: tricky.id, name: '=HYPERLINK("http://x")', email: 'formula@example.com' } },
      ],
    });

    expect((await t.app.inject({ url: `${API}${WEBCAST_PATHS.guestReport(id)}`, headers: bearer(reader) })).statusCode).toBe(403);
    const report = await t.app.inject({ url: `${API}${WEBCAST_PATHS.guestReport(id)}`, headers: bearer(manager) });
    expect(report.statusCode, report.body).toBe(200);
    const url: string = report.json().path_url;
    expect(url).toMatch(/^\/api\/files\/webcast_guest_lists\/[A-Za-z0-9_-]{24}\.xlsx\/$/);
    // only the admin who asked downloads it
    expect((await t.app.inject({ url, headers: bearer(reader) })).statusCode).toBe(404);
    const file = await t.app.inject({ url, headers: bearer(manager) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(2).value).toBe(DEMO.learner.full_name);
    expect(sheet.getRow(3).getCell(2).value).toBe('\'=HYPERLINK("http://x")');
  });

  it('unpublishes a published webcast after its unpublish date (the trainings job, spec 2 §3.11)', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org, { unpublish_date: '2026-01-10' }));
    const finished = await createWebcast(t.app, manager, webcastBody(org, { unpublish_date: '2026-01-10', status: 4 }));
    await runUnpublishDue(t.app, new Date('2026-01-10T12:00:00Z'));
    expect((await get(id)).json().status).toBe(1);
    await runUnpublishDue(t.app, new Date('2026-01-11T00:30:00Z'));
    expect((await get(id)).json().status).toBe(2);
    expect((await get(finished)).json().status).toBe(4);
  });

  it('serves the reference lists: types with labels, every timezone sorted by offset', async () => {
    const types = (await t.app.inject({ url: `${API}${WEBCAST_PATHS.types}`, headers: bearer(reader) })).json();
    expect(types.map((x: { id: number }) => x.id)).toEqual([1, 2, 3, 5]);
    expect(types[1]).toMatchObject({ value: 2, slug: 'browser_streaming', uses_embed: false });
    expect(typeof types[1].label).toBe('string');
    const zones = (await t.app.inject({ url: `${API}${WEBCAST_PATHS.timezones}`, headers: bearer(reader) })).json();
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.find((z: { value: string }) => z.value === 'America/Sao_Paulo').label).toMatch(/^\(GMT-0[23]:00\) America\/Sao_Paulo$/);
    for (let i = 1; i < zones.length; i += 1) expect(zones[i].offset).toBeGreaterThanOrEqual(zones[i - 1].offset);
  });

  it('checks permissions (spec 2 §6) and keeps another client out', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org));
    expect((await get(id, reader)).statusCode).toBe(200);
    expect((await put(id, { title: 'x' }, reader)).statusCode).toBe(403);
    expect((await post(webcastBody(org), reader)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${API}${WEBCAST_PATHS.duplicate(id)}`, headers: bearer(reader) })).statusCode).toBe(403);
    expect((await get(id, otherAdmin)).statusCode).toBe(404);
    expect((await put(id, { title: 'x' }, otherAdmin)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}${WEBCAST_PATHS.guests(id)}`, headers: bearer(otherAdmin) })).statusCode).toBe(404);
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    expect((await get(id, learner)).statusCode).toBe(403);
  });

  it('lists comments of origin webcast; there is no moderation path (spec 2 §7.4)', async () => {
    const id = await createWebcast(t.app, manager, webcastBody(org));
    await t.app.db.insertInto('comments').values({
      client_id: demo, origin: 'webcast', origin_id: id, user_id: await userId(t.app, DEMO.learner.email), comment: 'Ótimo', stars: 5, status: 1,
      created_at: new Date(), updated_at: new Date(),
    }).execute();
    const res = await t.app.inject({ url: `${API}${WEBCAST_PATHS.comments(id)}`, headers: bearer(reader) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([{ comment: 'Ótimo', stars: 5 }]);
    const moderation = await t.app.inject({ method: 'POST', url: `${API}/admin_webcasts/webcasts/${id}/publish_comment/`, headers: bearer(manager), payload: { id: 1, status: 2 } });
    expect(moderation.statusCode).toBe(404);
  });
});
