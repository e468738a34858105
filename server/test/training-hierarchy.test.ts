import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_HIERARCHY_PATH, TRAINING_PATHS, type HierarchyItem } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { addModule, createTraining, orgIds, trainingBody, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const H = (id: number) => `${API}${TRAINING_HIERARCHY_PATH(id)}`;

type Slug = 'module' | 'test' | 'game';
/** The compact picture of a hierarchy: slug+id@order<parent. */
const show = (items: HierarchyItem[]) => items.map((i) => `${i.type_slug}${i.type_id}@${i.hierarchy_order}<${i.parent_slug ?? ''}${i.parent_id ?? ''}`);

/** spec 2 §3.7, §5.8, §6 and §7.1 "Hierarchy" (configure and publish). */
describe.each(DIALECTS)('training hierarchy on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let manager: Tokens;
  let reader: Tokens;
  let tagsOnly: Tokens;
  let otherAdmin: Tokens;
  let clock = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    tagsOnly = (await adminWith(t.app, su, c.demo, ['tags'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => { await t.close(); });

  const get = (id: number, query = '', tokens: Tokens = manager) => t.app.inject({ url: `${H(id)}${query}`, headers: bearer(tokens) });
  const post = (id: number, body: unknown, tokens: Tokens = manager) => t.app.inject({ method: 'POST', url: H(id), headers: bearer(tokens), payload: body as object });
  const hierarchy = async (id: number): Promise<HierarchyItem[]> => (await get(id)).json();
  /** Each item a second apart, so creation order is plain on both dialects. */
  const tick = () => new Date((clock += 1000));

  async function module(training: number, extra: Record<string, unknown> = {}) {
    return addModule(t.app, training, { created_at: tick(), ...extra });
  }
  async function test(training: number, extra: Record<string, unknown> = {}) {
    const now = tick();
    return (await t.app.db.insertInto('group_training_tests').values({
      owner_id: training, title: 'Prova', avaliable_in: null, qty_total_questions: null, minimum_score: null, time_to_answer: null,
      created_at: now, updated_at: now, ...extra,
    }).returning('id').executeTakeFirstOrThrow()).id;
  }
  async function game(training: number, extra: Record<string, unknown> = {}) {
    const now = tick();
    return (await t.app.db.insertInto('group_training_games').values({
      group_training_id: training, title: 'Jogo', game_type_id: 1, avaliable_in: null, created_at: now, updated_at: now, ...extra,
    }).returning('id').executeTakeFirstOrThrow()).id;
  }
  /** The POST body of a picture: [slug, id, parent?] in order. */
  const body = (items: Array<[Slug, number, [Slug, number]?]>) => items.map(([type_slug, type_id, parent], i) => ({
    hierarchy_order: i + 1, type_slug, type_id, type_title: 'ignored', parent_slug: parent?.[0] ?? null, parent_id: parent?.[1] ?? null,
    type_avaliable_in: '', type_score: '',
  }));
  const setStatus = (table: 'group_training_modules' | 'group_training_tests' | 'group_training_games', id: number, status: number) =>
    t.app.db.updateTable(table).set({ status }).where('id', '=', id).execute();

  it('lists every live item in the §3.7 shape; without a saved hierarchy, in creation order', async () => {
    const id = await createTraining(t.app, manager, trainingBody(org));
    expect((await get(id)).json()).toEqual([]);
    const m = await module(id, { title: 'Aula', avaliable_in: '2026-12-01', module_score: 15 });
    const g = await game(id, { title: 'Caça-palavras', score: 0, status: 2 });
    const x = await test(id, { title: 'Prova final', test_score: 40, avaliable_in: '2027-01-31' });
    await module(id, { title: 'Apagado', status: 3 });
    await test(id, { title: 'Apagada', status: 3 });
    await game(id, { title: 'Apagado', status: 3 });

    const res = await get(id, '', reader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { type_id: m, type_slug: 'module', type_title: 'Aula', hierarchy_order: 1, parent_id: null, parent_slug: null, type_avaliable_in: '01/12/2026', type_score: 15 },
      // spec 2 §7.1: the score is empty when 0, the date empty when none
      { type_id: g, type_slug: 'game', type_title: 'Caça-palavras', hierarchy_order: 2, parent_id: null, parent_slug: null, type_avaliable_in: '', type_score: '' },
      { type_id: x, type_slug: 'test', type_title: 'Prova final', hierarchy_order: 3, parent_id: null, parent_slug: null, type_avaliable_in: '31/01/2027', type_score: 40 },
    ]);
  });

  it('saves order and prerequisites from the JSON array and answers the same shape', async () => {
    const id = await createTraining(t.app, manager, trainingBody(org));
    const m = await module(id);
    const x = await test(id);
    const g = await game(id);
    const res = await post(id, body([['test', x], ['module', m, ['test', x]], ['game', g, ['module', m]]]));
    expect(res.statusCode, res.body).toBe(200);
    expect(show(res.json())).toEqual([`test${x}@1<`, `module${m}@2<test${x}`, `game${g}@3<module${m}`]);
    expect(await hierarchy(id)).toEqual(res.json());
    // the order can come in any sequence: the orders count, not the array's
    const shuffled = body([['game', g], ['module', m], ['test', x]]).reverse();
    expect(show((await post(id, shuffled)).json())).toEqual([`game${g}@1<`, `module${m}@2<`, `test${x}@3<`]);
    // '' means "no prerequisite" too (spec 2 §7.1 "or empty")
    const empty = body([['module', m], ['test', x], ['game', g]]).map((i) => ({ ...i, parent_id: '', parent_slug: '' }));
    expect((await post(id, empty)).statusCode).toBe(200);
  });

  it('answers each spec 2 §5.8 rule with its hierarchy_* code and keeps the saved hierarchy', async () => {
    const id = await createTraining(t.app, manager, trainingBody(org));
    const m = await module(id);
    const x = await test(id);
    const g = await game(id);
    const saved = body([['module', m], ['test', x, ['module', m]], ['game', g, ['test', x]]]);
    expect((await post(id, saved)).statusCode).toBe(200);
    const before = await hierarchy(id);

    const otherTraining = await createTraining(t.app, manager, trainingBody(org, { title: 'Outro' }));
    const foreignModule = await module(otherTraining);
    const deleted = await module(id, { status: 3 });
    const withOrders = (orders: number[]) => saved.map((item, i) => ({ ...item, hierarchy_order: orders[i] }));
    const cases: Array<[string, unknown, string]> = [
      // "A typed order must be > 0 and at most the item count"
      ['gap', withOrders([1, 2, 4]), 'hierarchy_invalid_order'],
      ['zero', withOrders([0, 1, 2]), 'hierarchy_invalid_order'],
      ['repeat', withOrders([1, 1, 2]), 'hierarchy_invalid_order'],
      // "An item cannot be its own prerequisite"
      ['own', body([['module', m, ['module', m]], ['test', x], ['game', g]]), 'hierarchy_item_is_own_prerequisite'],
      // "An item cannot take as prerequisite an item whose prerequisite is this item"
      ['2-cycle', body([['module', m, ['test', x]], ['test', x, ['module', m]], ['game', g]]), 'hierarchy_circular_prerequisite'],
      ['3-cycle', body([['module', m, ['game', g]], ['test', x, ['module', m]], ['game', g, ['test', x]]]), 'hierarchy_one_item_without_prerequisite'],
      // "at least one item always stays without one"
      ['all', body([['module', m, ['test', x]], ['test', x, ['game', g]], ['game', g, ['test', x]]]), 'hierarchy_one_item_without_prerequisite'],
      // unknown items: another training's, a deleted one, one that never existed, twice the same
      ['foreign', body([['module', m], ['test', x], ['game', g], ['module', foreignModule]]), 'hierarchy_unknown_item'],
      ['deleted', body([['module', m], ['test', x], ['game', g], ['module', deleted]]), 'hierarchy_unknown_item'],
      ['missing', body([['module', m], ['test', x], ['game', 999999]]), 'hierarchy_unknown_item'],
      ['twice', body([['module', m], ['test', x], ['module', m]]), 'hierarchy_unknown_item'],
      ['foreign parent', body([['module', m], ['test', x, ['module', foreignModule]], ['game', g]]), 'hierarchy_unknown_item'],
      ['half parent', saved.map((item, i) => (i === 1 ? { ...item, parent_slug: null } : item)), 'hierarchy_unknown_item'],
    ];
    for (const [name, payload, code] of cases) {
      const res = await post(id, payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe(code);
    }
    const malformed: Array<[string, unknown]> = [
      ['not an array', { items: [] }],
      ['bad slug', [{ ...saved[0], type_slug: 'video' }]],
      ['bad date', [{ ...saved[0], type_avaliable_in: '2026-12-01' }]],
      ['bad score', [{ ...saved[0], type_score: 'dez' }]],
      ['bad parent id', [{ ...saved[0], parent_id: 'x' }]],
    ];
    for (const [name, payload] of malformed) {
      const res = await post(id, payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe('validation_error');
    }
    expect(await hierarchy(id)).toEqual(before);
  });

  it('follows items added and deleted after the hierarchy was saved', async () => {
    const id = await createTraining(t.app, manager, trainingBody(org));
    const m1 = await module(id);
    const x1 = await test(id);
    const m2 = await module(id);
    expect((await post(id, body([['test', x1], ['module', m2, ['test', x1]], ['module', m1, ['module', m2]]]))).statusCode).toBe(200);

    // added later: at the end, in creation order, without prerequisite
    const g1 = await game(id);
    const x2 = await test(id);
    expect(show(await hierarchy(id))).toEqual([`test${x1}@1<`, `module${m2}@2<test${x1}`, `module${m1}@3<module${m2}`, `game${g1}@4<`, `test${x2}@5<`]);

    // deleted later: dropped; what depended on it takes the deleted item's own prerequisite
    await setStatus('group_training_modules', m2, 3);
    expect(show(await hierarchy(id))).toEqual([`test${x1}@1<`, `module${m1}@2<test${x1}`, `game${g1}@3<`, `test${x2}@4<`]);
    await setStatus('group_training_tests', x1, 3);
    expect(show(await hierarchy(id))).toEqual([`module${m1}@1<`, `game${g1}@2<`, `test${x2}@3<`]);
    // restored from status 3, it takes its saved place again: reads never rewrite the saved rows
    await setStatus('group_training_tests', x1, 2);
    expect(show(await hierarchy(id))).toEqual([`test${x1}@1<`, `module${m1}@2<test${x1}`, `game${g1}@3<`, `test${x2}@4<`]);
    await setStatus('group_training_tests', x1, 3);

    // a save from a browser that has not seen the newest item keeps it, at the end
    const g2 = await game(id);
    const res = await post(id, body([['test', x2], ['module', m1, ['test', x2]], ['game', g1, ['module', m1]]]));
    expect(res.statusCode, res.body).toBe(200);
    expect(show(res.json())).toEqual([`test${x2}@1<`, `module${m1}@2<test${x2}`, `game${g1}@3<module${m1}`, `game${g2}@4<`]);
    // a prerequisite the browser has not listed, but that is an item of the training, is kept
    const partial = await post(id, body([['module', m1, ['game', g2]]]));
    expect(show(partial.json())).toEqual([`module${m1}@1<game${g2}`, `game${g1}@2<`, `test${x2}@3<`, `game${g2}@4<`]);
    // the stored rows are the reconciled ones
    const rows = await t.app.db.selectFrom('group_training_hierarchy').select(['type_slug', 'type_id']).where('group_training_id', '=', id).orderBy('hierarchy_order').execute();
    expect(rows.map((r) => `${r.type_slug}${r.type_id}`)).toEqual([`module${m1}`, `game${g1}`, `test${x2}`, `game${g2}`]);
  });

  it('keeps dates and scores display only: the items\' own values are answered, never the posted ones', async () => {
    const id = await createTraining(t.app, manager, trainingBody(org));
    const m = await module(id, { title: 'Aula', avaliable_in: '2026-05-04', module_score: 7 });
    const payload = [{ hierarchy_order: 1, type_slug: 'module', type_id: m, type_title: 'Outro título', parent_id: null, parent_slug: null, type_avaliable_in: '01/01/2030', type_score: 99 }];
    const res = await post(id, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0]).toMatchObject({ type_title: 'Aula', type_avaliable_in: '04/05/2026', type_score: 7 });
    const row = await t.app.db.selectFrom('group_training_modules').select(['title', 'avaliable_in', 'module_score']).where('id', '=', m).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Aula', avaliable_in: '2026-05-04', module_score: 7 });
  });

  it('orders by hierarchy_order by default, and by ordering or sort when asked', async () => {
    const id = await createTraining(t.app, manager, trainingBody(org));
    const a = await module(id, { title: 'B aula' });
    const b = await test(id, { title: 'A prova' });
    expect((await get(id, '?ordering=-hierarchy_order')).json().map((i: HierarchyItem) => i.type_id)).toEqual([b, a]);
    expect((await get(id, '?ordering=type_title')).json().map((i: HierarchyItem) => i.type_title)).toEqual(['A prova', 'B aula']);
    expect((await get(id, `?sort=${encodeURIComponent('["type_title","DESC"]')}&range=[0,0]`)).json().map((i: HierarchyItem) => i.type_title)).toEqual(['B aula', 'A prova']);
    expect((await get(id, '?page_size=1')).json()).toHaveLength(2);
    expect((await get(id, '?ordering=title')).statusCode).toBe(400);
  });

  it('checks permissions: the title trainings to read, trainings_manage to write (spec 2 §6)', async () => {
    const id = await createTraining(t.app, manager, trainingBody(org));
    const m = await module(id);
    const payload = body([['module', m]]);
    expect((await t.app.inject({ url: H(id) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: H(id), payload })).statusCode).toBe(401);
    expect((await get(id, '', tagsOnly)).statusCode).toBe(403);
    expect((await post(id, payload, tagsOnly)).statusCode).toBe(403);
    expect((await get(id, '', reader)).statusCode).toBe(200);
    const refused = await post(id, payload, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('permission_denied');
    expect((await post(id, payload, su)).statusCode).toBe(200);
  });

  it('keeps another client out: its training answers 404 and its items are unknown here', async () => {
    const id = await createTraining(t.app, manager, trainingBody(org));
    const m = await module(id);
    expect((await post(id, body([['module', m]]))).statusCode).toBe(200);
    expect((await get(id, '', otherAdmin)).statusCode).toBe(404);
    expect((await post(id, body([['module', m]]), otherAdmin)).statusCode).toBe(404);
    expect((await get(999999)).statusCode).toBe(404);
    // a deleted training is gone as well
    await t.app.inject({ method: 'DELETE', url: `${API}${TRAINING_PATHS.item(id)}`, headers: bearer(manager) });
    expect((await get(id)).statusCode).toBe(404);
    expect((await post(id, body([['module', m]]))).statusCode).toBe(404);
  });

  it('is copied by duplicate with the copies\' ids and prerequisites', async () => {
    const id = await createTraining(t.app, manager, trainingBody(org));
    const m = await module(id, { title: 'Aula 1' });
    const x = await test(id, { title: 'Prova 1' });
    expect((await post(id, body([['test', x], ['module', m, ['test', x]]]))).statusCode).toBe(200);
    const dup = await t.app.inject({ url: `${API}${TRAINING_PATHS.duplicate(id)}`, headers: bearer(manager) });
    const copy = dup.json().group_training_duplicated_id as number;
    const items = await hierarchy(copy);
    expect(items.map((i) => [i.type_slug, i.type_title, i.hierarchy_order])).toEqual([['test', 'Prova 1', 1], ['module', 'Aula 1', 2]]);
    expect(items[1]).toMatchObject({ parent_slug: 'test', parent_id: items[0]!.type_id });
    expect(items[0]!.type_id).not.toBe(x);
  });
});
