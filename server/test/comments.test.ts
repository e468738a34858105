import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_PATHS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { addComment } from '../src/content/repository/comments.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { createTraining, orgIds, postForm, trainingBody, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const api = (path: string) => `/api${path}`;

/** spec 2 §2.7, §3.10, §4.3, §7.4 comment moderation, origin 'training'. */
describe.each(DIALECTS)('training comments on %s', (dialect) => {
  let t: TestApp;
  let c: Clients;
  let org: OrgIds;
  let manager: Tokens;
  let reader: Tokens;
  let learnerId: number;
  let training: number;
  let other: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    learnerId = await userId(t.app, DEMO.learner.email);
    training = await createTraining(t.app, manager, trainingBody(org));
    other = await createTraining(t.app, manager, trainingBody(org, { title: 'Another' }));
    ids.first = await addComment(t.app.db, { clientId: c.demo, origin: 'training', originId: training, userId: learnerId, comment: 'Muito bom', stars: 4 });
    await new Promise((r) => setTimeout(r, 5));
    // a learner comments a training once (spec 2 §4.10): the second comment is another person's
    const secondLearner = await adminWith(t.app, su, c.demo, []);
    ids.second = await addComment(t.app.db, { clientId: c.demo, origin: 'training', originId: training, userId: secondLearner.id, comment: 'Sem nota', stars: null });
    ids.elsewhere = await addComment(t.app.db, { clientId: c.demo, origin: 'training', originId: other, userId: learnerId, comment: 'Outro', stars: 1 });
    // the same id under another origin is not this training's comment
    ids.news = await addComment(t.app.db, { clientId: c.demo, origin: 'news', originId: training, userId: learnerId, comment: 'Notícia', stars: null });
  });
  afterAll(async () => { await t.close(); });

  it('lists a training comments as a bare array, newest first', async () => {
    const res = await t.app.inject({ url: api(TRAINING_PATHS.comments(training)), headers: bearer(reader) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((x: { id: number }) => x.id)).toEqual([ids.second, ids.first]);
    expect(list[1]).toMatchObject({ id: ids.first, user: { id: learnerId, full_name: DEMO.learner.full_name }, stars: 4, comment: 'Muito bom', status: 1 });
    expect(list[0].stars).toBeNull();
  });

  it('moderates with the form fields id and status (1, 2 or 3)', async () => {
    const url = api(TRAINING_PATHS.publishComment(training));
    const res = await postForm(t.app, url, manager, { id: String(ids.first), status: '2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.first, status: 2 });
    expect((await postForm(t.app, url, manager, { id: String(ids.first), status: '3' })).json().status).toBe(3);
    // deleted comments stay listed, so a moderator can restore them
    const list = (await t.app.inject({ url: api(TRAINING_PATHS.comments(training)), headers: bearer(manager) })).json();
    expect(list.find((x: { id: number }) => x.id === ids.first).status).toBe(3);
    expect((await postForm(t.app, url, manager, { id: String(ids.first), status: '1' })).json().status).toBe(1);

    expect((await postForm(t.app, url, manager, { id: String(ids.first), status: '4' })).statusCode).toBe(400);
    expect((await postForm(t.app, url, manager, { status: '1' })).statusCode).toBe(400);
    // a comment of another training, or of another origin, is not found here
    expect((await postForm(t.app, url, manager, { id: String(ids.elsewhere), status: '2' })).statusCode).toBe(404);
    expect((await postForm(t.app, url, manager, { id: String(ids.news), status: '2' })).statusCode).toBe(404);
    const news = await t.app.db.selectFrom('comments').select('status').where('id', '=', ids.news!).executeTakeFirstOrThrow();
    expect(news.status).toBe(1);
  });

  it('needs trainings_manage to moderate and keeps other clients out', async () => {
    const url = api(TRAINING_PATHS.publishComment(training));
    expect((await postForm(t.app, url, reader, { id: String(ids.second), status: '2' })).statusCode).toBe(403);
    const otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await t.app.inject({ url: api(TRAINING_PATHS.comments(training)), headers: bearer(otherAdmin) })).statusCode).toBe(404);
    expect((await postForm(t.app, url, otherAdmin, { id: String(ids.second), status: '2' })).statusCode).toBe(404);
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    expect((await t.app.inject({ url: api(TRAINING_PATHS.comments(training)), headers: bearer(learner) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: api(TRAINING_PATHS.comments(999999)), headers: bearer(manager) })).statusCode).toBe(404);
  });
});
