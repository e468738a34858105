import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIL_PATHS, TRAINING_PATHS, commentsListPath, publishCommentPath } from '@lp/shared/contract';
import { addComment } from '../src/content/repository/comments.ts';
import { DEMO } from '../src/seed/demo.ts';
import { UNPUBLISH_DUE_JOB, runUnpublishDue } from '../src/trainings/unpublishJob.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { addModule, createTraining, orgIds, postForm, setClientSettings, trainingBody, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const API = '/api';
const T = (id: number | string) => `${API}${TRAIL_PATHS.item(id)}`;
const LIST = `${API}${TRAIL_PATHS.collection}`;
const ITEMS = (id: number) => `${API}${TRAIL_PATHS.items(id)}`;
const SYNC = (id: number) => `${API}${TRAIL_PATHS.syncCertificates(id)}`;
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

type Item = { kind: 'training'; item_id: number; order: number; prerequisite?: { kind: 'training'; item_id: number } | null; avaliable_in?: string | null };
const item = (itemId: number, order: number, prerequisite: number | null = null, avaliableIn: string | null = null): Item => ({
  kind: 'training', item_id: itemId, order, prerequisite: prerequisite === null ? null : { kind: 'training', item_id: prerequisite }, avaliable_in: avaliableIn,
});

/** A complete, valid trail body for the demo client. */
function trailBody(org: OrgIds, extra: Record<string, unknown> = {}) {
  return {
    title: 'Trilha de vendas',
    description: '<p>Do <strong>básico</strong> ao avançado</p><script>alert(1)</script>',
    image_url: 'https://cdn.example.com/trail.png',
    score: 40,
    order: 2,
    availability_date: '2026-12-01',
    date_to_unpublish: '2099-12-31',
    tags: [org.tags.Product!],
    areas: [org.areas.Sales!],
    profiles: [org.profiles.Salesperson!],
    qty_certificate_expiration_days: 365,
    ...extra,
  };
}

/**
 * spec 2 §2.4, §3.8 trails: basic data, modules (§5.8 rules), publication, duplicate,
 * certificate synchronisation (§4.9), scheduled unpublish (§4.6), comments (§7.4), §6 permissions.
 */
describe.each(DIALECTS)('trails on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let otherOrg: OrgIds;
  let manager: { id: number; tokens: Tokens };
  let reader: Tokens;
  let noScore: Tokens;
  let trainingsOnly: Tokens;
  let otherAdmin: Tokens;
  let category: number;
  let otherCategory: number;

  /** A training of the demo client, published unless asked otherwise. */
  async function training(title: string, publish = true, tokens?: Tokens, body?: Record<string, unknown>): Promise<number> {
    const id = await createTraining(t.app, tokens ?? su, body ?? trainingBody(org, { title }));
    await addModule(t.app, id);
    if (publish) expect((await postForm(t.app, `${API}${TRAINING_PATHS.publish(id)}`, tokens ?? su)).statusCode).toBe(200);
    return id;
  }

  beforeAll(async () => {
    // the worker stays off until the synchronisation test starts it: the "running" state is then observable
    t = await buildTestApp(dialect, { runJobs: false });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    otherOrg = await orgIds(t.app, c.other);
    manager = await adminWith(t.app, su, c.demo, ['trails', 'trails_manage', 'trails_set_score']);
    reader = (await adminWith(t.app, su, c.demo, ['trails'])).tokens;
    noScore = (await adminWith(t.app, su, c.demo, ['trails', 'trails_manage'])).tokens;
    trainingsOnly = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const cat = await t.app.inject({ method: 'POST', url: `${API}${TRAIL_PATHS.categories}`, headers: bearer(manager.tokens), payload: { name: 'Vendas' } });
    category = cat.json().id;
    const otherCat = await t.app.inject({ method: 'POST', url: `${API}${TRAIL_PATHS.categories}`, headers: bearer(otherAdmin), payload: { name: 'Engenharia' } });
    otherCategory = otherCat.json().id;
  });
  afterAll(async () => { await t.close(); });

  const post = (body: object, tokens: Tokens = manager.tokens) => t.app.inject({ method: 'POST', url: LIST, headers: bearer(tokens), payload: body });
  const put = (id: number, body: object, tokens: Tokens = manager.tokens) => t.app.inject({ method: 'PUT', url: T(id), headers: bearer(tokens), payload: body });
  const get = (url: string, tokens: Tokens = manager.tokens) => t.app.inject({ url, headers: bearer(tokens) });
  const postItems = (id: number, items: Item[], tokens: Tokens = manager.tokens) =>
    t.app.inject({ method: 'POST', url: ITEMS(id), headers: bearer(tokens), payload: items });
  async function createTrail(extra: Record<string, unknown> = {}, tokens: Tokens = manager.tokens): Promise<number> {
    const res = await post(trailBody(org, extra), tokens);
    if (res.statusCode !== 201) throw new Error(`create trail: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  }

  it('creates a trail: status 2, sanitised description, the §3.8 read shape', async () => {
    const res = await post(trailBody(org, { trail_categories: [category], user_groups: [org.groups['Onboarding 2026']!] }));
    expect(res.statusCode, res.body).toBe(201);
    const trail = res.json();
    expect(trail).toMatchObject({
      title: 'Trilha de vendas', image_url: 'https://cdn.example.com/trail.png', score: 40, order: 2,
      availability_date: '2026-12-01', date_to_unpublish: '2099-12-31', trail_categories: [category], tags: [org.tags.Product],
      areas: [org.areas.Sales], profiles: [org.profiles.Salesperson], user_groups: [org.groups['Onboarding 2026']],
      mandatory_areas: [], mandatory_profiles: [], qty_certificate_expiration_days: 365, status: 2, training_quantity: 0, qty_items: 0,
      published_at: null,
    });
    expect(trail.description).toBe('<p>Do <strong>básico</strong> ao avançado</p>');
    expect((await get(T(trail.id))).json()).toEqual(trail);
    // reading needs only the title slug
    expect((await get(T(trail.id), reader)).statusCode).toBe(200);
  });

  it('applies the §3.8 rules and answers field errors without storing anything', async () => {
    const before = (await get(`${LIST}?page_size=0`)).json().count;
    const cases: Array<[Record<string, unknown>, string, Record<string, string>]> = [
      [{ title: '  ' }, REQUIRED, { title: REQUIRED }],
      [{ title: 'x'.repeat(257) }, 'title_too_long', { title: 'title_too_long' }],
      [{ description: `<p>${'a'.repeat(1025)}</p>` }, 'introduction_too_long', { description: 'introduction_too_long' }],
      [{ score: 100000 }, 'score_out_of_range', { score: 'score_out_of_range' }],
      [{ score: null }, REQUIRED, { score: REQUIRED }],
      [{ availability_date: '2026-12-10', date_to_unpublish: '2026-12-10' }, 'date_to_unpublish_before_availability', { date_to_unpublish: 'date_to_unpublish_before_availability' }],
      [{ availability_date: '2026-02-30' }, 'validation_error', { availability_date: 'validation_error' }],
      // the training audience rule: user groups, or both areas and profiles
      [{ areas: [], profiles: [] }, REQUIRED, { areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles' }],
      [{ profiles: [] }, REQUIRED, { profiles: REQUIRED }],
      // references of another client do not exist for this one
      [{ trail_categories: [otherCategory] }, 'validation_error', { trail_categories: 'validation_error' }],
      [{ tags: [otherOrg.tags['Other tag']!] }, 'validation_error', { tags: 'validation_error' }],
    ];
    for (const [extra, code, fields] of cases) {
      const res = await post(trailBody(org, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toMatchObject({ code, fields });
    }
    // user groups alone are an audience
    expect((await post(trailBody(org, { areas: [], profiles: [], user_groups: [org.groups['Store leaders']!] }))).statusCode).toBe(201);
    expect((await get(`${LIST}?page_size=0`)).json().count).toBe(before + 1);
  });

  it('keeps mandatory areas and profiles only with training subscription, as subsets (spec 2 §5.1)', async () => {
    const body = trailBody(org, { areas: [org.areas.Sales!, org.areas.Marketing!], mandatory_areas: [org.areas.Sales!], mandatory_profiles: [org.profiles.Salesperson!] });
    const without = (await post(body)).json();
    expect(without).toMatchObject({ mandatory_areas: [], mandatory_profiles: [] });
    await setClientSettings(t.app, c.demo, { use_training_subscription: true });
    try {
      const withSub = await post(body);
      expect(withSub.statusCode, withSub.body).toBe(201);
      expect(withSub.json()).toMatchObject({ mandatory_areas: [org.areas.Sales], mandatory_profiles: [org.profiles.Salesperson] });
      const notChosen = await post({ ...body, mandatory_areas: [org.areas.Operations!] });
      expect(notChosen.json()).toMatchObject({ code: 'mandatory_audience_not_chosen', fields: { mandatory_areas: 'mandatory_audience_not_chosen' } });
      const half = await post({ ...body, mandatory_profiles: [] });
      expect(half.json()).toMatchObject({ code: REQUIRED, fields: { mandatory_profiles: REQUIRED } });
    } finally {
      await setClientSettings(t.app, c.demo, { use_training_subscription: false });
    }
  });

  it('needs trails_set_score to set the score (spec 2 §6)', async () => {
    const created = await post(trailBody(org, { score: undefined }), noScore);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().score).toBe(0);
    const id = created.json().id as number;
    const refused = await put(id, { score: 10 }, noScore);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_denied', fields: { score: 'permission_denied' } });
    // sending the stored score back (a whole-form save) is no change
    expect((await put(id, { title: 'Sem pontuação', score: 0 }, noScore)).json()).toMatchObject({ title: 'Sem pontuação', score: 0 });
    expect((await put(id, { score: 99999 })).json().score).toBe(99999);
    expect((await post(trailBody(org, { score: 7 }), noScore)).statusCode).toBe(403);
  });

  it('updates: omitted fields keep their value, empty dates and image clear, unknown trails answer "Trail not found"', async () => {
    const id = await createTrail({ trail_categories: [category] });
    const res = await put(id, { title: 'Trilha renomeada', date_to_unpublish: '', image_url: null, order: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Trilha renomeada', date_to_unpublish: null, image_url: null, order: 5, availability_date: '2026-12-01', trail_categories: [category], score: 40,
    });
    expect((await put(id, { date_to_unpublish: '2026-11-01' })).json()).toMatchObject({ code: 'date_to_unpublish_before_availability' });
    expect((await get(T(id))).json().date_to_unpublish).toBeNull();
    const missing = await get(T(999999));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('trail_not_found');
    expect((await put(999999, { title: 'x' })).json().code).toBe('trail_not_found');
  });

  it('lists in both envelopes with search, status and category filters; deleted trails only by status', async () => {
    const a = await createTrail({ title: 'Zeta lista trilha', trail_categories: [category] });
    const b = await createTrail({ title: 'Alfa lista trilha' });
    const gone = await createTrail({ title: 'Removida lista trilha' });
    const del = await t.app.inject({ method: 'DELETE', url: T(gone), headers: bearer(manager.tokens) });
    expect(del.json().status).toBe(3);
    expect((await get(T(gone))).statusCode).toBe(404);

    const drf = await get(`${LIST}?search=lista%20trilha&ordering=title&page_size=0`);
    expect(drf.statusCode).toBe(200);
    expect(drf.json().results.map((r: { id: number }) => r.id)).toEqual([b, a]);
    expect(drf.json().results[1]).toMatchObject({
      id: a, title: 'Zeta lista trilha', status: 2, score: 40, order: 2, training_quantity: 0, categories: [{ id: category, name: 'Vendas' }],
      availability_date: '2026-12-01', date_to_unpublish: '2099-12-31',
    });
    expect((await get(`${LIST}?search=lista%20trilha&status=3`)).json().results.map((r: { id: number }) => r.id)).toEqual([gone]);
    expect((await get(`${LIST}?search=lista%20trilha&category=${category}`)).json().results.map((r: { id: number }) => r.id)).toEqual([a]);

    const filter = (f: object) => encodeURIComponent(JSON.stringify({ q: 'lista trilha', ...f }));
    const simple = await get(`${LIST}?range=[0,0]&sort=["title","DESC"]&filter=${filter({})}`);
    expect(simple.json().map((r: { id: number }) => r.id)).toEqual([a]);
    expect(simple.headers['content-range']).toBe('trails 0-0/2');
    expect((await get(`${LIST}?filter=${filter({ category })}`)).json().map((r: { id: number }) => r.id)).toEqual([a]);
    expect((await get(`${LIST}?filter=${filter({ status: 3 })}`)).json().map((r: { id: number }) => r.id)).toEqual([gone]);
    expect((await get(`${LIST}?filter=${filter({ category: 'x' })}`)).statusCode).toBe(400);
  });

  it('guards every call: title slug trails to read, trails_manage to change (spec 2 §6)', async () => {
    const id = await createTrail();
    expect((await get(LIST, reader)).statusCode).toBe(200);
    expect((await get(LIST, trainingsOnly)).statusCode).toBe(403);
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    expect((await get(T(id), learner)).statusCode).toBe(403);
    for (const [method, url, payload] of [
      ['POST', LIST, trailBody(org)], ['PUT', T(id), { title: 'x' }], ['DELETE', T(id), undefined], ['POST', ITEMS(id), []],
      ['POST', `${API}${TRAIL_PATHS.publish(id)}`, undefined], ['POST', `${API}${TRAIL_PATHS.unpublish(id)}`, undefined],
      ['GET', `${API}${TRAIL_PATHS.duplicate(id)}`, undefined], ['POST', SYNC(id), undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(reader), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    for (const url of [ITEMS(id), SYNC(id), `${API}${TRAIL_PATHS.searchItems}?kind=training&search=abc`]) {
      expect((await get(url, reader)).statusCode, url).toBe(200);
    }
  });

  it('keeps clients apart: another client never reads, changes or links the demo client\'s rows', async () => {
    const id = await createTrail({ title: 'Trilha isolada' });
    const mine = await training('Curso isolado demo');
    for (const url of [T(id), ITEMS(id), SYNC(id)]) expect((await get(url, otherAdmin)).statusCode, url).toBe(404);
    expect((await put(id, { title: 'x' }, otherAdmin)).statusCode).toBe(404);
    expect((await get(`${LIST}?search=isolada`, otherAdmin)).json().count).toBe(0);
    expect((await get(`${API}${TRAIL_PATHS.searchItems}?kind=training&search=isolado`, otherAdmin)).json()).toEqual([]);
    // the other client's trail cannot take the demo client's training
    const theirs = (await t.app.inject({
      method: 'POST', url: LIST, headers: bearer(otherAdmin),
      payload: { title: 'Trilha deles', tags: [otherOrg.tags['Other tag']!], areas: [otherOrg.areas.Engineering!], profiles: [otherOrg.profiles.Engineer!], score: 0 },
    })).json().id as number;
    const refused = await postItems(theirs, [item(mine, 1)], otherAdmin);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('not_found');
    expect((await get(T(theirs))).statusCode).toBe(404);
  });

  it('searches published trainings of the client to add: from 3 characters, at most 25, published only', async () => {
    const search = (text: string, tokens = manager.tokens) => get(`${API}${TRAIL_PATHS.searchItems}?kind=training&search=${encodeURIComponent(text)}`, tokens);
    const published = await training('Busca Omega publicada');
    await training('Busca Omega rascunho', false);
    expect((await search('Om')).json()).toEqual([]);
    expect((await search('omega')).json()).toEqual([{ kind: 'training', item_id: published, title: 'Busca Omega publicada' }]);
    for (let i = 0; i < 26; i++) await t.app.db.insertInto('group_trainings').values({
      client_id: c.demo, title: `Lote Sigma ${String(i).padStart(2, '0')}`, status: 1, created_at: new Date(), updated_at: new Date(),
    }).execute();
    const many = (await search('sigma')).json();
    expect(many).toHaveLength(25);
    expect(many[0].title).toBe('Lote Sigma 00');
    expect((await get(`${API}${TRAIL_PATHS.searchItems}?kind=course_catalog&search=sigma`)).statusCode).toBe(400);
  });

  it('stores the ordered modules with prerequisites and availability; only published trainings of the client join', async () => {
    const id = await createTrail();
    const [a, b, cc] = [await training('Modulo A'), await training('Modulo B'), await training('Modulo C')];
    const draft = await training('Modulo rascunho', false);
    const saved = await postItems(id, [item(a, 1), item(b, 2, a, '2026-12-05'), item(cc, 3, b)]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      { kind: 'training', item_id: a, title: 'Modulo A', item_status: 1, order: 1, prerequisite: null, avaliable_in: null },
      { kind: 'training', item_id: b, title: 'Modulo B', item_status: 1, order: 2, prerequisite: { kind: 'training', item_id: a }, avaliable_in: '2026-12-05' },
      { kind: 'training', item_id: cc, title: 'Modulo C', item_status: 1, order: 3, prerequisite: { kind: 'training', item_id: b }, avaliable_in: null },
    ]);
    expect((await get(ITEMS(id), reader)).json()).toEqual(saved.json());
    expect((await get(T(id))).json()).toMatchObject({ training_quantity: 3, qty_items: 3 });

    // spec 2 §5.8 on the whole list
    const refusals: Array<[Item[], string]> = [
      [[item(a, 1), item(b, 3)], 'hierarchy_invalid_order'],
      [[item(a, 1), item(a, 2)], 'hierarchy_unknown_item'],
      [[item(a, 1, a)], 'hierarchy_item_is_own_prerequisite'],
      [[item(a, 1, b), item(b, 2, a)], 'hierarchy_one_item_without_prerequisite'],
      [[item(a, 1, cc), item(b, 2, a), item(cc, 3, b), item(draft, 4)], 'hierarchy_circular_prerequisite'],
      [[item(a, 1), item(b, 2, 999999)], 'hierarchy_unknown_item'],
      [[item(a, 1), item(draft, 2)], 'trail_item_not_available'],

      [[item(a, 1, null, '2026-13-01')], 'validation_error'],
    ];
    for (const [list, code] of refusals) {
      const res = await postItems(id, list);
      expect(res.statusCode, JSON.stringify(list)).toBe(400);
      expect(res.json().code, JSON.stringify(list)).toBe(code);
    }
    const unknown = await postItems(id, [item(a, 1), item(999999, 2)]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    expect((await get(ITEMS(id))).json()).toEqual(saved.json());

    // a module unpublished since it was added stays through a reorder; it cannot be added anew elsewhere
    await postForm(t.app, `${API}${TRAINING_PATHS.unpublish(b)}`, su);
    const reordered = await postItems(id, [item(b, 1), item(a, 2, b), item(cc, 3)]);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().map((i: { item_id: number; item_status: number }) => [i.item_id, i.item_status])).toEqual([[b, 2], [a, 1], [cc, 1]]);
    const other = await createTrail();
    expect((await postItems(other, [item(b, 1)])).json().code).toBe('trail_item_not_available');

    expect((await postItems(id, [])).json()).toEqual([]);
    expect((await get(T(id))).json()).toMatchObject({ training_quantity: 0, qty_items: 0 });
  });

  it('publishes with at least one module, and unpublishes', async () => {
    const id = await createTrail();
    const empty = await postForm(t.app, `${API}${TRAIL_PATHS.publish(id)}`, manager.tokens);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('to_publish_the_trail_it_must_have_at_least_one_module');
    await postItems(id, [item(await training('Curso para publicar'), 1)]);
    const published = await postForm(t.app, `${API}${TRAIL_PATHS.publish(id)}`, manager.tokens);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe(1);
    expect(published.json().published_at).not.toBeNull();
    // the control panel sends the empty form as multipart
    const boundary = '----trail-boundary';
    const unpublished = await t.app.inject({
      method: 'POST', url: `${API}${TRAIL_PATHS.unpublish(id)}`, payload: `--${boundary}--\r\n`,
      headers: { ...bearer(manager.tokens), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.json()).toMatchObject({ status: 2, published_at: published.json().published_at });
  });

  it('duplicates everything into an unpublished copy and answers its id', async () => {
    await setClientSettings(t.app, c.demo, { use_training_subscription: true });
    const source = await createTrail({
      title: 'Trilha original', trail_categories: [category], user_groups: [org.groups['Store leaders']!],
      mandatory_areas: [org.areas.Sales!], mandatory_profiles: [org.profiles.Salesperson!],
    });
    await setClientSettings(t.app, c.demo, { use_training_subscription: false });
    const [a, b] = [await training('Dup A'), await training('Dup B')];
    await postItems(source, [item(a, 1, null, '2026-12-24'), item(b, 2, a)]);
    await postForm(t.app, `${API}${TRAIL_PATHS.publish(source)}`, manager.tokens);
    const res = await get(`${API}${TRAIL_PATHS.duplicate(source)}`);
    expect(res.statusCode, res.body).toBe(200);
    const copyId = res.json().trail_duplicated_id as number;
    expect(copyId).not.toBe(source);
    const [original, copy] = [(await get(T(source))).json(), (await get(T(copyId))).json()];
    const { id: _a, title: _t, status: _s, published_at: _p, created_at: _c, updated_at: _u, ...same } = original;
    expect(copy).toMatchObject({ ...same, title: 'Trilha original (cópia)', status: 2, published_at: null });
    expect(copy).toMatchObject({ trail_categories: [category], mandatory_areas: [org.areas.Sales], user_groups: [org.groups['Store leaders']], training_quantity: 2 });
    expect((await get(ITEMS(copyId))).json()).toEqual((await get(ITEMS(source))).json());
    expect((await get(`${API}${TRAIL_PATHS.syncCertificates(copyId)}`)).json().state).toBe('idle');
  });

  it('synchronises certificates: idle → running → idle, one run at a time (spec 2 §4.9)', async () => {
    const id = await createTrail();
    const [a, b, cc] = [await training('Sync A'), await training('Sync B'), await training('Sync C')];
    await postItems(id, [item(a, 1), item(b, 2, a), item(cc, 3, b)]);
    expect((await get(SYNC(id), reader)).json()).toEqual({ state: 'idle', last_started_at: null, last_finished_at: null, last_run_failed: false });

    // a training deleted after it was added: the sync drops it and renumbers
    await t.app.inject({ method: 'DELETE', url: `${API}${TRAINING_PATHS.item(b)}`, headers: bearer(su) });
    const started = await t.app.inject({ method: 'POST', url: SYNC(id), headers: bearer(manager.tokens) });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ state: 'running', last_finished_at: null });
    expect(started.json().last_started_at).not.toBeNull();
    expect((await get(SYNC(id), reader)).json().state).toBe('running');
    // spec 2 §8 'Sync is already in progress'
    const again = await t.app.inject({ method: 'POST', url: SYNC(id), headers: bearer(manager.tokens) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('sync_already_in_progress');

    t.app.jobs.start();
    await t.app.jobs.idle();
    const done = (await get(SYNC(id))).json();
    expect(done).toMatchObject({ state: 'idle', last_run_failed: false, last_started_at: started.json().last_started_at });
    expect(done.last_finished_at).not.toBeNull();
    expect((await get(ITEMS(id))).json().map((i: Item) => [i.item_id, i.order, i.prerequisite?.item_id ?? null])).toEqual([[a, 1, null], [cc, 2, null]]);
    expect((await get(T(id))).json()).toMatchObject({ training_quantity: 2, qty_items: 2 });

    // a run that never ended (its node died) is replaced after an hour
    await t.app.db.updateTable('trails')
      .set({ certificate_sync_status: 'running', certificate_sync_started_at: new Date(Date.now() - 2 * 60 * 60 * 1000) }).where('id', '=', id).execute();
    expect((await t.app.inject({ method: 'POST', url: SYNC(id), headers: bearer(manager.tokens) })).statusCode).toBe(202);
    await t.app.jobs.idle();
    expect((await get(SYNC(id))).json().state).toBe('idle');
    expect((await t.app.inject({ method: 'POST', url: SYNC(999999), headers: bearer(manager.tokens) })).json().code).toBe('trail_not_found');
  });

  it('unpublishes trails on their date_to_unpublish (job trainings.unpublish_due, spec 2 §4.6)', async () => {
    const due = await createTrail({ title: 'Vence' });
    const later = await createTrail({ title: 'Depois' });
    for (const id of [due, later]) {
      await postItems(id, [item(await training(`Curso ${id}`), 1)]);
      expect((await postForm(t.app, `${API}${TRAIL_PATHS.publish(id)}`, manager.tokens)).statusCode).toBe(200);
    }
    await t.app.db.updateTable('trails').set({ availability_date: null, date_to_unpublish: '2020-01-01' }).where('id', '=', due).execute();
    expect(await runUnpublishDue(t.app)).toBeGreaterThanOrEqual(1);
    expect((await get(T(due))).json().status).toBe(2);
    expect((await get(T(later))).json().status).toBe(1);
    // on the day itself, through the scheduled job
    const today = new Date().toISOString().slice(0, 10);
    await t.app.db.updateTable('trails').set({ availability_date: null, date_to_unpublish: today }).where('id', '=', later).execute();
    t.app.jobs.start();
    await t.app.jobs.enqueue(UNPUBLISH_DUE_JOB, {});
    await t.app.jobs.idle();
    expect((await get(T(later))).json().status).toBe(2);
  });

  it('lists and moderates comments (origin trail) and lists star ratings (origin trails) — spec 2 §7.4', async () => {
    const id = await createTrail();
    const learner = await userId(t.app, DEMO.learner.email);
    const commentId = await addComment(t.app.db, { clientId: c.demo, origin: 'trail', originId: id, userId: learner, comment: 'Ótima trilha', stars: 5 });
    // the learners' stars, as the portal's rate call stores them
    await t.app.db.insertInto('content_reactions').values({ client_id: c.demo, user_id: learner, content_type: 'trail', content_id: id, stars: 4 }).execute();
    await addComment(t.app.db, { clientId: c.demo, origin: 'training', originId: id, userId: learner, comment: 'outro conteúdo', stars: 1 });

    const comments = await get(`${API}${commentsListPath('trail', id)}`, reader);
    expect(comments.statusCode).toBe(200);
    expect(comments.json()).toMatchObject([{ id: commentId, user: { id: learner, full_name: DEMO.learner.full_name }, stars: 5, comment: 'Ótima trilha', status: 1 }]);
    const ratings = (await get(`${API}${commentsListPath('trails', id)}`, reader)).json();
    expect(ratings).toMatchObject([{ stars: 4, comment: '', status: 1 }]);

    const moderate = (tokens: Tokens) => postForm(t.app, `${API}${publishCommentPath('trail', id)}`, tokens, { id: String(commentId), status: '2' });
    expect((await moderate(reader)).statusCode).toBe(403);
    const moderated = await moderate(manager.tokens);
    expect(moderated.statusCode, moderated.body).toBe(200);
    expect(moderated.json().status).toBe(2);
    expect((await get(`${API}${commentsListPath('trail', id)}`)).json()[0].status).toBe(2);
    // ratings have no moderation path (spec 2 §7.4); another client's trail does not exist
    expect(publishCommentPath('trails', id)).toBeNull();
    expect((await get(`${API}${commentsListPath('trail', id)}`, otherAdmin)).statusCode).toBe(404);
  });
});
