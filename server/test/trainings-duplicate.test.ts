import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_PATHS, type Training } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { copyTitle } from '../src/routes/trainings/actions.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { addModule, createTraining, orgIds, setClientSettings, trainingBody, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const P = (id: number) => `/api${TRAINING_PATHS.item(id)}`;

/** spec 2 §4.6 / §7.1 GET P/duplicate/: the training and all its contents, in one transaction. */
describe.each(DIALECTS)('training duplicate on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let manager: { id: number; tokens: Tokens };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    manager = await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score']);
  });
  afterAll(async () => { await t.close(); });

  /** A training with every kind of child: 2 modules, a game, a test with questions, an evaluation, a material, a hierarchy. */
  async function fullTraining(): Promise<{ id: number; moduleA: number; moduleB: number; game: number; test: number }> {
    await setClientSettings(t.app, c.demo, { use_training_subscription: true });
    const learner = await userId(t.app, DEMO.learner.email);
    const id = await createTraining(t.app, manager.tokens, trainingBody(org, {
      title: 'Original', areas: [org.areas.Sales, org.areas.Operations], profiles: [org.profiles.Cashier],
      mandatory_areas: [org.areas.Operations], mandatory_profiles: [org.profiles.Cashier],
      user_groups: [org.groups['Store leaders']], owners: [learner], tags: [org.tags.Product, org.tags.Leadership], code: 'ORIG',
    }));
    await setClientSettings(t.app, c.demo, { use_training_subscription: false });
    const db = t.app.db;
    const now = new Date();
    const moduleA = await addModule(t.app, id, { title: 'Módulo A', qty_views: 7, qty_progress: 3, resource_size: 1234, resource_name: 'a.mp4' });
    const moduleB = await addModule(t.app, id, { title: 'Módulo B', avaliable_in: '2026-12-01', module_score: 15 });
    const game = (await db.insertInto('group_training_games').values({
      group_training_id: id, title: 'Jogo', game_type_id: 3, avaliable_in: null, config: '{"pairs":[["a","b"]]}', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const test = (await db.insertInto('group_training_tests').values({
      owner_id: id, title: 'Prova', test_type_id: 6, status: 1, avaliable_in: null, test_score: 40, randomize_questions: false,
      qty_total_questions: 2, minimum_score: 1, maximum_attempts: 0, time_to_answer: '00:10:00', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    for (const [position, title] of ['<p>Q1</p>', '<p>Q2</p>'].entries()) {
      const q = await db.insertInto('group_training_test_questions').values({ test_id: test, title, position, is_mandatory: position === 0, created_at: now, updated_at: now })
        .returning('id').executeTakeFirstOrThrow();
      await db.insertInto('group_training_test_question_answers').values([
        { question_id: q.id, title: `${title} certo`, is_correct: true, position: 0 },
        { question_id: q.id, title: `${title} errado`, is_correct: false, position: 1 },
      ]).execute();
    }
    const evaluation = await db.insertInto('group_training_evaluations').values({ owner_id: id, title: 'Reação', status: 1, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('group_training_evaluation_questions').values([
      { evaluation_id: evaluation.id, title: 'Nota', question_type_id: 1, position: 0, created_at: now },
      { evaluation_id: evaluation.id, title: 'Comentário', question_type_id: 3, position: 1, created_at: now },
    ]).execute();
    await db.insertInto('group_training_materials').values({
      owner_id: id, title: 'Apostila', resource: 'materials/apostila.pdf', resource_name: 'apostila.pdf', extension: 'pdf', size: 2048, created_at: now, updated_at: now,
    }).execute();
    // module A first; the test needs module A; module B needs the test; the game needs module B
    await db.insertInto('group_training_hierarchy').values([
      { group_training_id: id, type_slug: 'module', type_id: moduleA, hierarchy_order: 1, parent_slug: null, parent_id: null },
      { group_training_id: id, type_slug: 'test', type_id: test, hierarchy_order: 2, parent_slug: 'module', parent_id: moduleA },
      { group_training_id: id, type_slug: 'module', type_id: moduleB, hierarchy_order: 3, parent_slug: 'test', parent_id: test },
      { group_training_id: id, type_slug: 'game', type_id: game, hierarchy_order: 4, parent_slug: 'module', parent_id: moduleB },
    ]).execute();
    await db.insertInto('comments').values({ client_id: c.demo, origin: 'training', origin_id: id, user_id: learner, comment: 'Bom', stars: 5, created_at: now, updated_at: now }).execute();
    const publish = await t.app.inject({ method: 'POST', url: `${P(id)}publish/`, headers: bearer(manager.tokens) });
    expect(publish.statusCode).toBe(200);
    return { id, moduleA, moduleB, game, test };
  }

  const children = async (trainingId: number) => {
    const db = t.app.db;
    const modules = await db.selectFrom('group_training_modules').selectAll().where('group_training_id', '=', trainingId).orderBy('id').execute();
    const games = await db.selectFrom('group_training_games').selectAll().where('group_training_id', '=', trainingId).orderBy('id').execute();
    const tests = await db.selectFrom('group_training_tests').selectAll().where('owner_id', '=', trainingId).orderBy('id').execute();
    const questions = tests.length
      ? await db.selectFrom('group_training_test_questions').selectAll().where('test_id', 'in', tests.map((x) => x.id)).orderBy('position').execute() : [];
    const answers = questions.length
      ? await db.selectFrom('group_training_test_question_answers').selectAll().where('question_id', 'in', questions.map((q) => q.id)).orderBy('question_id').orderBy('position').execute() : [];
    const evaluations = await db.selectFrom('group_training_evaluations').selectAll().where('owner_id', '=', trainingId).execute();
    const evaluationQuestions = evaluations.length
      ? await db.selectFrom('group_training_evaluation_questions').selectAll().where('evaluation_id', 'in', evaluations.map((e) => e.id)).orderBy('position').execute() : [];
    const materials = await db.selectFrom('group_training_materials').selectAll().where('owner_id', '=', trainingId).execute();
    const hierarchy = await db.selectFrom('group_training_hierarchy').selectAll().where('group_training_id', '=', trainingId).orderBy('hierarchy_order').execute();
    const comments = await db.selectFrom('comments').selectAll().where('origin', '=', 'training').where('origin_id', '=', trainingId).execute();
    return { modules, games, tests, questions, answers, evaluations, evaluationQuestions, materials, hierarchy, comments };
  };

  it('copies every child, remaps the hierarchy and its prerequisites, and leaves the original alone', async () => {
    const source = await fullTraining();
    const before = await children(source.id);
    const res = await t.app.inject({ url: `${P(source.id)}duplicate/`, headers: bearer(manager.tokens) });
    expect(res.statusCode, res.body).toBe(200);
    const copyId = res.json().group_training_duplicated_id as number;
    expect(copyId).not.toBe(source.id);

    const original = (await t.app.inject({ url: P(source.id), headers: bearer(manager.tokens) })).json();
    const copy = (await t.app.inject({ url: P(copyId), headers: bearer(manager.tokens) })).json();
    // the manager's language is 1 (pt-br)
    expect(copy.title).toBe('Original (cópia)');
    expect(copy.status).toBe(2);
    expect(copy.has_done_activities).toBe(false);
    const same = ({ id: _i, title: _t, status: _s, portal_url: _p, has_done_activities: _h, ...rest }: Training) => rest;
    expect(same(copy)).toEqual(same(original));
    expect(copy.mandatory_areas).toEqual([org.areas.Operations]);
    expect(copy.owners_list.map((o: { email: string }) => o.email)).toEqual(original.owners_list.map((o: { email: string }) => o.email));
    const row = await t.app.db.selectFrom('group_trainings').select(['published_at', 'created_by']).where('id', '=', copyId).executeTakeFirstOrThrow();
    expect(row.published_at).toBeNull();
    expect(row.created_by).toBe(manager.id);

    const after = await children(copyId);
    expect(after.modules.map((m) => [m.title, m.avaliable_in, m.module_score, m.resource, Number(m.resource_size ?? 0), m.qty_views, m.qty_progress]))
      .toEqual(before.modules.map((m) => [m.title, m.avaliable_in, m.module_score, m.resource, Number(m.resource_size ?? 0), 0, 0]));
    expect(after.games.map((g) => [g.title, g.game_type_id, g.config])).toEqual(before.games.map((g) => [g.title, g.game_type_id, g.config]));
    expect(after.tests.map((x) => [x.title, x.test_type_id, x.test_score, Boolean(x.randomize_questions), x.qty_total_questions, x.minimum_score, x.time_to_answer]))
      .toEqual([['Prova', 6, 40, false, 2, 1, '00:10:00']]);
    expect(after.questions.map((q) => [q.title, Boolean(q.is_mandatory), q.position])).toEqual([['<p>Q1</p>', true, 0], ['<p>Q2</p>', false, 1]]);
    expect(after.questions.every((q) => q.test_id === after.tests[0]!.id)).toBe(true);
    expect(after.answers.map((a) => [a.title, Boolean(a.is_correct)])).toEqual(before.answers.map((a) => [a.title, Boolean(a.is_correct)]));
    expect(after.answers.every((a) => after.questions.some((q) => q.id === a.question_id))).toBe(true);
    expect(after.evaluations.map((e) => e.title)).toEqual(['Reação']);
    expect(after.evaluationQuestions.map((q) => [q.title, q.question_type_id, q.evaluation_id])).toEqual([['Nota', 1, after.evaluations[0]!.id], ['Comentário', 3, after.evaluations[0]!.id]]);
    expect(after.materials.map((m) => [m.title, m.resource, m.extension, Number(m.size)])).toEqual([['Apostila', 'materials/apostila.pdf', 'pdf', 2048]]);
    // learner data stays with the original
    expect(after.comments).toEqual([]);

    // the hierarchy points at the copies, in the same order, with the same prerequisite chain
    const [mA, mB] = after.modules;
    const [game] = after.games;
    const [test] = after.tests;
    expect(after.hierarchy.map((h) => [h.hierarchy_order, h.type_slug, h.type_id, h.parent_slug, h.parent_id])).toEqual([
      [1, 'module', mA!.id, null, null],
      [2, 'test', test!.id, 'module', mA!.id],
      [3, 'module', mB!.id, 'test', test!.id],
      [4, 'game', game!.id, 'module', mB!.id],
    ]);
    const oldItems = new Set([`module:${source.moduleA}`, `module:${source.moduleB}`, `game:${source.game}`, `test:${source.test}`]);
    expect(after.hierarchy.some((h) => oldItems.has(`${h.type_slug}:${h.type_id}`) || oldItems.has(`${h.parent_slug}:${h.parent_id}`))).toBe(false);

    // the original is untouched
    expect(await children(source.id)).toEqual(before);
  });

  it('keeps a long title within 256 characters and follows the user language', async () => {
    expect(copyTitle('x'.repeat(256), '(copy)')).toHaveLength(256);
    expect(copyTitle('Sales', '(copy)')).toBe('Sales (copy)');
    const id = await createTraining(t.app, manager.tokens, trainingBody(org, { title: 'y'.repeat(256) }));
    await t.app.db.updateTable('users').set({ language_id: 2 }).where('id', '=', manager.id).execute();
    try {
      const res = await t.app.inject({ url: `${P(id)}duplicate/`, headers: bearer(manager.tokens) });
      const copy = (await t.app.inject({ url: P(res.json().group_training_duplicated_id), headers: bearer(manager.tokens) })).json();
      expect(copy.title).toBe(`${'y'.repeat(249)} (copy)`);
    } finally {
      await t.app.db.updateTable('users').set({ language_id: 1 }).where('id', '=', manager.id).execute();
    }
  });

  it('needs trainings_manage and the selected client', async () => {
    const id = await createTraining(t.app, manager.tokens, trainingBody(org));
    const reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    expect((await t.app.inject({ url: `${P(id)}duplicate/`, headers: bearer(reader) })).statusCode).toBe(403);
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await t.app.inject({ url: `${P(id)}duplicate/`, headers: bearer(other) })).statusCode).toBe(404);
    const count = await t.app.db.selectFrom('group_trainings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await t.app.inject({ url: `${P(999999)}duplicate/`, headers: bearer(manager.tokens) })).statusCode).toBe(404);
    const after = await t.app.db.selectFrom('group_trainings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(count.n));
  });
});
