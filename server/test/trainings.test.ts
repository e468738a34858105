import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_PATHS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { UNPUBLISH_DUE_JOB, runUnpublishDue } from '../src/trainings/unpublishJob.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens, INJECT_ORIGIN } from './helpers.ts';
import { addModule, createTraining, orgIds, postForm, setClientSettings, trainingBody, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const API = '/api';
const P = (id: number | string) => `${API}${TRAINING_PATHS.item(id)}`;
const LIST = `${API}${TRAINING_PATHS.collection}`;
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

/** spec 2 §3.1, §4.1, §4.6, §5.1, §6, §7.1 training basic data and publication. */
describe.each(DIALECTS)('trainings on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let manager: { id: number; tokens: Tokens };
  let reader: Tokens;
  let noScore: Tokens;
  let tagsOnly: Tokens;
  let otherAdmin: Tokens;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    manager = await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score']);
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    noScore = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage'])).tokens;
    tagsOnly = (await adminWith(t.app, su, c.demo, ['tags'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => { await t.close(); });

  const post = (body: object, tokens: Tokens = manager.tokens) => t.app.inject({ method: 'POST', url: LIST, headers: bearer(tokens), payload: body });
  const put = (id: number, body: object, tokens: Tokens = manager.tokens) => t.app.inject({ method: 'PUT', url: P(id), headers: bearer(tokens), payload: body });
  const get = (url: string, tokens: Tokens = manager.tokens) => t.app.inject({ url, headers: bearer(tokens) });

  it('creates a training: status 2, the creator first among the owners, the §3.1 read shape', async () => {
    const learner = await userId(t.app, DEMO.learner.email);
    const res = await post(trainingBody(org, { owners: [learner], code: 'VC-1', on_portfolio: true, portfolio_order: 3, unpublish_date: '2099-12-31' }));
    expect(res.statusCode, res.body).toBe(201);
    const training = res.json();
    expect(training).toMatchObject({
      title: 'Vendas consultivas', group_training_type: 2, score: 120, workload: 2.5, code: 'VC-1',
      tags: [org.tags.Product], areas: [org.areas.Sales], profiles: [org.profiles.Salesperson], user_groups: [],
      mandatory_areas: [], mandatory_profiles: [], on_portfolio: true, portfolio_order: 3, unpublish_date: '2099-12-31',
      qty_certificate_expiration_days: 365, group_training_images: [{ original: true, image: 'https://cdn.example.com/training.png' }],
      group_training_certificate_image_url: null, is_open: false, has_done_activities: false, status: 2,
    });
    expect(training.owners_list.map((o: { id: number }) => o.id)).toEqual([manager.id, learner]);
    expect(training.owners_list[1]).toEqual({ id: learner, full_name: DEMO.learner.full_name, email: DEMO.learner.email });
    expect(training.group_training_image_alt_text).toEqual([{ language: 'pt-br', alt_text: 'Capa' }, { language: 'en-us', alt_text: 'Cover' }]);
    expect(training.portal_url).toBe(`${INJECT_ORIGIN}/online-courses/${training.id}`);
    expect((await get(P(training.id))).json()).toEqual(training);
  });

  it('lists in both envelopes with search, status filter and ordering', async () => {
    const a = await createTraining(t.app, manager.tokens, trainingBody(org, { title: 'Zeta list training' }));
    const b = await createTraining(t.app, manager.tokens, trainingBody(org, { title: 'Alpha list training' }));
    await addModule(t.app, b);
    expect((await postForm(t.app, `${P(b)}publish/`, manager.tokens)).statusCode).toBe(200);

    const drf = await get(`${LIST}?search=list%20training&ordering=title&page_size=0`);
    expect(drf.statusCode).toBe(200);
    expect(drf.json().count).toBe(2);
    expect(drf.json().results.map((r: { id: number }) => r.id)).toEqual([b, a]);
    expect(drf.json().results[0]).toMatchObject({
      id: b, title: 'Alpha list training', status: 1, group_training_type: 2, is_open: false, qty_modules: 1, qty_tests: 0,
      tags: [{ id: org.tags.Product, name: 'Product' }],
    });
    expect(drf.json().results[0].owners_list[0].id).toBe(manager.id);
    expect((await get(`${LIST}?search=list%20training&status=2`)).json().results.map((r: { id: number }) => r.id)).toEqual([a]);

    const simple = await get(`${LIST}?range=[0,0]&sort=["title","DESC"]&filter=${encodeURIComponent(JSON.stringify({ q: 'list training', status: 1 }))}`);
    expect(simple.json().map((r: { id: number }) => r.id)).toEqual([b]);
    expect(simple.headers['content-range']).toBe('trainings 0-0/1');
    expect((await get(`${LIST}?ordering=nope`)).statusCode).toBe(400);
  });

  it('updates with the same JSON and the §7.1 omissions (code, user_groups, unpublish_date, mandatory_* left out when empty)', async () => {
    const id = await createTraining(t.app, manager.tokens, trainingBody(org, { code: 'X', user_groups: [org.groups['Store leaders']!], unpublish_date: '2099-01-01' }));
    const { owners: _notSent, ...body } = trainingBody(org, {
      title: 'Renamed', group_training_images: '', group_training_image_alt_texts: { 'fr-fr': 'Couverture' }, qty_certificate_expiration_days: null,
    });
    const res = await put(id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Renamed', code: null, user_groups: [], unpublish_date: null, group_training_images: [],
      group_training_image_alt_text: [{ language: 'fr-fr', alt_text: 'Couverture' }], qty_certificate_expiration_days: null,
    });
    // owners are kept when not sent
    expect(res.json().owners_list.map((o: { id: number }) => o.id)).toEqual([manager.id]);
  });

  it('answers each §5.1 rule with its field and spec key', async () => {
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(REQUIRED);
    // no type chosen: whether a score is needed is not known yet
    expect(empty.json().fields).toEqual({
      title: REQUIRED, description: REQUIRED, group_training_type: REQUIRED, workload: REQUIRED,
      tags: REQUIRED, areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles',
    });
    expect((await post({ group_training_type: 2 })).json().fields.score).toBe(REQUIRED);
    const cases: Array<[Record<string, unknown>, Record<string, string>, string]> = [
      [{ title: 'x'.repeat(257) }, { title: 'title_too_long' }, 'title_too_long'],
      [{ score: 100000 }, { score: 'score_out_of_range' }, 'score_out_of_range'],
      [{ score: -1 }, { score: 'score_out_of_range' }, 'score_out_of_range'],
      [{ group_training_image_alt_texts: { 'es-es': 'a'.repeat(171) } }, { 'group_training_image_alt_texts.es-es': 'alt_text_too_long' }, 'alt_text_too_long'],
      [{ tags: [] }, { tags: REQUIRED }, REQUIRED],
      [{ workload: null }, { workload: REQUIRED }, REQUIRED],
      [{ score: null }, { score: REQUIRED }, REQUIRED],
      [{ workload: -1 }, { workload: 'validation_error' }, 'validation_error'],
      [{ group_training_type: 999 }, { group_training_type: 'validation_error' }, 'validation_error'],
      [{ unpublish_date: '2026-02-30' }, { unpublish_date: 'validation_error' }, 'validation_error'],
    ];
    for (const [extra, fields, code] of cases) {
      const res = await post(trainingBody(org, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toMatchObject({ code, fields });
    }
  });

  it('audience: user groups, or both areas and profiles; mandatory subsets with training subscription', async () => {
    const groupsOnly = await post(trainingBody(org, { areas: [], profiles: [], user_groups: [org.groups['Onboarding 2026']!] }));
    expect(groupsOnly.statusCode, groupsOnly.body).toBe(201);
    const areasOnly = await post(trainingBody(org, { profiles: [], user_groups: [org.groups['Onboarding 2026']!] }));
    expect(areasOnly.json().fields).toEqual({ profiles: REQUIRED });
    const nothing = await post(trainingBody(org, { areas: [], profiles: [] }));
    expect(nothing.json().fields).toEqual({ areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles' });

    // without training subscription mandatory lists are not kept
    const ignored = await post(trainingBody(org, { mandatory_areas: [org.areas.Sales] , mandatory_profiles: [org.profiles.Salesperson] }));
    expect(ignored.json()).toMatchObject({ mandatory_areas: [], mandatory_profiles: [] });

    await setClientSettings(t.app, c.demo, { use_training_subscription: true });
    try {
      const areas = [org.areas.Sales!, org.areas.Operations!];
      const profiles = [org.profiles.Salesperson!, org.profiles.Cashier!];
      const onlyProfiles = await post(trainingBody(org, { areas, profiles, mandatory_profiles: [org.profiles.Cashier] }));
      expect(onlyProfiles.json()).toMatchObject({ code: REQUIRED, fields: { mandatory_areas: REQUIRED } });
      const onlyAreas = await post(trainingBody(org, { areas, profiles, mandatory_areas: [org.areas.Sales] }));
      expect(onlyAreas.json().fields).toEqual({ mandatory_profiles: REQUIRED });
      const outside = await post(trainingBody(org, { areas, profiles, mandatory_areas: [org.areas.Marketing], mandatory_profiles: [org.profiles.Cashier] }));
      expect(outside.json()).toMatchObject({ code: 'mandatory_audience_not_chosen', fields: { mandatory_areas: 'mandatory_audience_not_chosen' } });
      const ok = await post(trainingBody(org, { areas, profiles, mandatory_areas: [org.areas.Operations], mandatory_profiles: [org.profiles.Cashier] }));
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ areas: [...areas].sort((x, y) => x - y), mandatory_areas: [org.areas.Operations], mandatory_profiles: [org.profiles.Cashier] });
    } finally {
      await setClientSettings(t.app, c.demo, { use_training_subscription: false });
    }
  });

  it('sends type 2 without the basic type and score 0 when the type does not use score', async () => {
    const informative = await post(trainingBody(org, { group_training_type: 5, score: 500 }));
    expect(informative.json()).toMatchObject({ group_training_type: 5, score: 0 });
    await setClientSettings(t.app, c.demo, { group_training_use_basic: false });
    try {
      const res = await post(trainingBody(org, { group_training_type: null }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().group_training_type).toBe(2);
    } finally {
      await setClientSettings(t.app, c.demo, { group_training_use_basic: true });
    }
    await setClientSettings(t.app, c.demo, { group_training_use_score: false });
    try {
      expect((await post(trainingBody(org, { score: null }))).json().score).toBe(0);
    } finally {
      await setClientSettings(t.app, c.demo, { group_training_use_score: true });
    }
  });

  it('refuses tags, areas, profiles, user groups and owners of another client', async () => {
    const other = await orgIds(t.app, c.other);
    const otherUser = await userId(t.app, DEMO.otherAdmin.email);
    const res = await post(trainingBody(org, {
      tags: [other.tags['Other tag']], areas: [other.areas.Engineering], profiles: [other.profiles.Engineer],
      user_groups: [other.groups['Other group']], owners: [otherUser],
    }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      fields: { tags: 'validation_error', areas: 'validation_error', profiles: 'validation_error', user_groups: 'validation_error', owners: 'validation_error' },
    });
  });

  it('sanitises the introduction and measures 1024 on its plain text', async () => {
    const dirty = '<p onclick="steal()">Olá <script>alert(1)</script><img src="x" onerror="alert(2)"><img src="/media/html_images/a.png" onerror="x()">'
      + '<a href="javascript:alert(3)">link</a> <a href="https://example.com">site</a><span style="color: red; position: fixed">cor</span></p>';
    const res = await post(trainingBody(org, { description: dirty }));
    expect(res.statusCode, res.body).toBe(201);
    const html: string = res.json().description;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|position/);
    expect(html).toContain('Olá');
    expect(html).toContain('<img src="/media/html_images/a.png" />');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">site</a>');
    expect(html).toContain('<span style="color:red">cor</span>');

    const markup = `<p><strong>${'a'.repeat(1000)}</strong><em>${'b'.repeat(20)}</em>&amp;&lt;&gt;&quot;</p>`;
    expect((await post(trainingBody(org, { description: markup }))).statusCode).toBe(201);
    const long = await post(trainingBody(org, { description: `<p>${'a'.repeat(1025)}</p>` }));
    expect(long.json()).toMatchObject({ code: 'introduction_too_long', fields: { description: 'introduction_too_long' } });
    // removed script text never counts
    const hidden = await post(trainingBody(org, { description: `<p>ok</p><script>${'x'.repeat(5000)}</script>` }));
    expect(hidden.statusCode).toBe(201);
    // only markup: nothing left to read
    expect((await post(trainingBody(org, { description: '<script>alert(1)</script><p><br></p>' }))).json().fields).toEqual({ description: REQUIRED });
  });

  it('checks permissions: title trainings to read, trainings_manage to write, trainings_set_score for the score', async () => {
    const id = await createTraining(t.app, manager.tokens, trainingBody(org));
    const routes: Array<[string, string, object | undefined]> = [
      ['GET', LIST, undefined], ['GET', P(id), undefined], ['POST', LIST, trainingBody(org)], ['PUT', P(id), trainingBody(org)],
      ['DELETE', P(id), undefined], ['POST', `${P(id)}publish/`, {}], ['POST', `${P(id)}unpublish/`, {}],
      ['POST', `${P(id)}change_is_open/`, { is_open: true }], ['GET', `${P(id)}duplicate/`, undefined],
      ['GET', `${P(id)}comments/`, undefined], ['POST', `${P(id)}publish_comment/`, { id: 1, status: 1 }],
      ['GET', `${API}${TRAINING_PATHS.types}`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(tagsOnly), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    // 'trainings' alone reads, but every write is refused
    expect((await get(LIST, reader)).statusCode).toBe(200);
    expect((await get(P(id), reader)).statusCode).toBe(200);
    expect((await get(`${P(id)}comments/`, reader)).statusCode).toBe(200);
    for (const [method, url, payload] of routes.slice(2)) {
      if (method === 'GET' && !url.endsWith('duplicate/')) continue;
      const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(reader), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // without trainings_set_score the score cannot be set or changed, only kept
    const scored = await post(trainingBody(org, { score: 10 }), noScore);
    expect(scored.statusCode).toBe(403);
    expect(scored.json()).toMatchObject({ code: 'permission_denied', fields: { score: 'permission_denied' } });
    const unscored = await post(trainingBody(org, { score: undefined }), noScore);
    expect(unscored.statusCode, unscored.body).toBe(201);
    expect(unscored.json().score).toBe(0);
    expect((await put(id, trainingBody(org, { score: 120, title: 'Kept score' }), noScore)).statusCode).toBe(200);
    expect((await put(id, trainingBody(org, { score: 121 }), noScore)).statusCode).toBe(403);
    expect((await put(id, trainingBody(org, { score: 121 }), su)).json().score).toBe(121);
  });

  it('keeps another client out: its trainings answer 404 and never appear in lists', async () => {
    const id = await createTraining(t.app, manager.tokens, trainingBody(org, { title: 'Private to demo' }));
    for (const [method, url, payload] of [
      ['GET', P(id), undefined], ['PUT', P(id), { title: 'x' }], ['DELETE', P(id), undefined], ['POST', `${P(id)}publish/`, {}],
      ['POST', `${P(id)}unpublish/`, {}], ['POST', `${P(id)}change_is_open/`, { is_open: true }], ['GET', `${P(id)}duplicate/`, undefined],
      ['GET', `${P(id)}comments/`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(otherAdmin), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await get(`${LIST}?page_size=0`, otherAdmin);
    expect(list.json().results.map((r: { title: string }) => r.title)).not.toContain('Private to demo');
    expect((await get(P(id))).json().title).toBe('Private to demo');
  });

  it('publishes only with a class or test (spec 2 §4.6), unpublishes, and deletes softly', async () => {
    const id = await createTraining(t.app, manager.tokens, trainingBody(org));
    const refused = await postForm(t.app, `${P(id)}publish/`, manager.tokens);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('to_publish_the_training_it_must_have_at_least_one_class_or_test');
    // a deleted module does not count
    await addModule(t.app, id, { status: 3 });
    expect((await postForm(t.app, `${P(id)}publish/`, manager.tokens)).statusCode).toBe(400);
    // a test is enough
    const now = new Date();
    await t.app.db.insertInto('group_training_tests').values({
      owner_id: id, title: 'Prova', qty_total_questions: null, minimum_score: null, avaliable_in: null, time_to_answer: null, created_at: now, updated_at: now,
    }).execute();
    const published = await postForm(t.app, `${P(id)}publish/`, manager.tokens);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe(1);
    const row = await t.app.db.selectFrom('group_trainings').select('published_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.published_at).not.toBeNull();
    expect((await postForm(t.app, `${P(id)}unpublish/`, manager.tokens)).json().status).toBe(2);

    const deleted = await t.app.inject({ method: 'DELETE', url: P(id), headers: bearer(manager.tokens) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().status).toBe(3);
    expect((await get(P(id))).statusCode).toBe(404);
    expect((await get(`${LIST}?page_size=0`)).json().results.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await get(`${LIST}?page_size=0&status=3`)).json().results.map((r: { id: number }) => r.id)).toContain(id);
    expect((await put(id, trainingBody(org))).statusCode).toBe(404);
  });

  it('opens and closes; a closed training with done activities cannot be reopened (spec 2 §4.6)', async () => {
    const id = await createTraining(t.app, manager.tokens, trainingBody(org));
    const url = `${P(id)}change_is_open/`;
    expect((await postForm(t.app, url, manager.tokens, { is_open: 'true' })).json().is_open).toBe(true);
    expect((await postForm(t.app, url, manager.tokens, { is_open: 'maybe' })).statusCode).toBe(400);
    // a learner progressed while it was open
    const moduleId = await addModule(t.app, id);
    await t.app.db.insertInto('group_training_module_progress')
      .values({ user_id: await userId(t.app, DEMO.learner.email), module_id: moduleId, group_training_id: id, percent: 40, cmi: null }).execute();
    expect((await get(P(id))).json()).toMatchObject({ is_open: true, has_done_activities: true });
    expect((await postForm(t.app, url, manager.tokens, { is_open: 'false' })).json().is_open).toBe(false);
    const reopen = await postForm(t.app, url, manager.tokens, { is_open: 'true' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().code).toBe('training_cannot_be_reopened');
    expect((await postForm(t.app, url, manager.tokens, { is_open: '0' })).statusCode).toBe(200);
    // a JSON body works as well
    const other = await createTraining(t.app, manager.tokens, trainingBody(org));
    const json = await t.app.inject({ method: 'POST', url: `${P(other)}change_is_open/`, headers: bearer(manager.tokens), payload: { is_open: true } });
    expect(json.json().is_open).toBe(true);
  });

  it('searches owners among the client users: 3 characters at least, 25 at most', async () => {
    const url = (search: string) => `${API}${TRAINING_PATHS.owners}?search=${encodeURIComponent(search)}`;
    expect((await get(url('ow'))).json()).toEqual([]);
    expect((await get(`${API}${TRAINING_PATHS.owners}`)).json()).toEqual([]);
    const now = new Date();
    for (let i = 0; i < 30; i += 1) {
      const { id } = await t.app.db.insertInto('users').values({
        email: `owner${i}@demo.local`, document: null, register: null, gmin_number: null, sap_code: null, full_name: `Owner Person ${String(i).padStart(2, '0')}`,
        nick_name: null, password_hash: 'x', is_superuser: false, status: 'active', language_id: 1, selected_client_id: c.demo,
        must_change_password: false, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await t.app.db.insertInto('user_clients').values({ user_id: id, client_id: i < 28 ? c.demo : c.other, profile_id: null }).execute();
    }
    const found = (await get(url('owner person'))).json();
    expect(found).toHaveLength(25);
    expect(found[0]).toEqual({ id: expect.any(Number), full_name: 'Owner Person 00', email: 'owner0@demo.local' });
    // only the selected client's users
    expect((await get(url('Person 29'))).json()).toEqual([]);
    expect((await get(url('Person 29'), otherAdmin)).json().map((u: { email: string }) => u.email)).toEqual(['owner29@demo.local']);
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    expect((await get(url('owner'), learner)).statusCode).toBe(403);
  });

  it('unpublishes trainings on their unpublish date (job trainings.unpublish_due)', async () => {
    const due = await createTraining(t.app, manager.tokens, trainingBody(org, { title: 'Due' }));
    const later = await createTraining(t.app, manager.tokens, trainingBody(org, { title: 'Later' }));
    for (const id of [due, later]) {
      await addModule(t.app, id);
      expect((await postForm(t.app, `${P(id)}publish/`, manager.tokens)).statusCode).toBe(200);
    }
    const today = new Date().toISOString().slice(0, 10);
    await t.app.db.updateTable('group_trainings').set({ unpublish_date: '2020-01-01' }).where('id', '=', due).execute();
    await t.app.db.updateTable('group_trainings').set({ unpublish_date: '2999-01-01' }).where('id', '=', later).execute();
    expect(await runUnpublishDue(t.app)).toBeGreaterThanOrEqual(1);
    expect((await get(P(due))).json().status).toBe(2);
    expect((await get(P(later))).json().status).toBe(1);
    // spec 4 "Dates": the stored day is the last published one (the editor shows the next day,
    // "unpublished automatically on that date"), so today's date keeps it published until tomorrow
    await t.app.db.updateTable('group_trainings').set({ unpublish_date: today }).where('id', '=', later).execute();
    await runUnpublishDue(t.app);
    expect((await get(P(later))).json().status).toBe(1);
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    await t.app.db.updateTable('group_trainings').set({ unpublish_date: yesterday }).where('id', '=', later).execute();
    await t.app.jobs.enqueue(UNPUBLISH_DUE_JOB, {});
    await t.app.jobs.idle();
    expect((await get(P(later))).json().status).toBe(2);
    // it keeps one run waiting for the next hour
    const waiting = await t.app.db.selectFrom('jobs').select(['dedupe_key', 'run_at']).where('name', '=', UNPUBLISH_DUE_JOB).where('status', '=', 'queued').execute();
    expect(waiting).toHaveLength(1);
    expect(new Date(waiting[0]!.run_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('serves the reference lists of the editor', async () => {
    const types = (await get(`${API}${TRAINING_PATHS.types}`, reader)).json();
    expect(types).toContainEqual({ id: 2, value: 2, slug: 'online', use_score: true });
    const modules = (await get(`${API}${TRAINING_PATHS.moduleTypes}`, reader)).json();
    expect(modules.filter((m: { use_embed: boolean }) => m.use_embed).map((m: { slug: string }) => m.slug)).toEqual(['youtube', 'vimeo', 'slideshare']);
    const tests = (await get(`${API}${TRAINING_PATHS.testTypes}`, reader)).json();
    expect(tests.filter((x: { use_time: boolean }) => x.use_time).map((x: { id: number }) => x.id)).toEqual([6, 7]);
    expect((await get(`${API}${TRAINING_PATHS.evaluationQuestionTypes}`, reader)).json().map((x: { slug: string }) => x.slug)).toEqual(['grade_0_10', 'stars', 'text']);
    expect((await get(`${API}${TRAINING_PATHS.gameTypes}`, reader)).json()).toHaveLength(8);
  });

  it('seeds demo trainings, owned by the instructor, and evaluation models', async () => {
    const instructor = await login(t.app, DEMO.instructor.email, DEMO.instructor.password);
    const list = (await get(`${LIST}?search=Atendimento`, instructor)).json();
    expect(list.results[0]).toMatchObject({ title: 'Atendimento ao cliente', status: 1, qty_modules: 1, qty_tests: 1 });
    expect(list.results[0].owners_list[0].email).toBe(DEMO.instructor.email);
    const models = await t.app.db.selectFrom('base_evaluations').select('title').where('client_id', 'is', null).execute();
    expect(models.map((m) => m.title)).toContain('Avaliação de reação padrão');
  });
});
