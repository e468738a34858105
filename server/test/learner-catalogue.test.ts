import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { LEARNER_PATHS, type LearnerTraining, type LearnerTrainingCard, type LearnerTrainingPage } from '@lp/shared/contract';
import { cataloguePage } from '../src/repositories/learner/catalogue.ts';
import { learnerContext } from '../src/repositories/learner/context.ts';
import { isInTrainingAudience } from '../src/repositories/trainingAudience.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens, INJECT_ORIGIN } from './helpers.ts';
import { finishEnrollment, makeLearner, makeTraining, setEnrollmentStatus, type Learner } from './learnerContentFixtures.ts';
import { orgIds, setClientSettings, type OrgIds } from './trainingsFixtures.ts';
import { clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const LIST = `${API}${LEARNER_PATHS.trainings}`;
const ONE = (id: number) => `${API}${LEARNER_PATHS.training(id)}`;

/** spec 1 §2.2 learner filters; spec 2 §2.1 catalogue and detail, §6 audience. */
describe.each(DIALECTS)('learner catalogue on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, tokens: Tokens) => t.app.inject({ url, headers: bearer(tokens) });
  const post = (url: string, tokens: Tokens, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(tokens), payload });
  const page = async (tokens: Tokens, query = '') => {
    const res = await get(`${LIST}${query ? `?${query}` : ''}`, tokens);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LearnerTrainingPage>();
  };
  const ids = (p: LearnerTrainingPage) => p.results.map((r) => r.id);
  const detail = async (id: number, tokens: Tokens) => {
    const res = await get(ONE(id), tokens);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LearnerTraining>();
  };

  it('shows the demo learner the seeded trainings: a real video before a conventional test, and a block test', async () => {
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const list = await page(tokens, 'page_size=100');
    const titles = list.results.map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['Boas-vindas à loja', 'Segurança na loja']));
    // unpublished, and an area + profile audience the learner (no profile) is not in
    expect(titles).not.toContain('Segurança e conformidade na loja');
    expect(titles).not.toContain('Atendimento ao cliente');

    const welcome = await detail(list.results.find((r) => r.title === 'Boas-vindas à loja')!.id, tokens);
    expect(welcome).toMatchObject({ is_open: false, status: 'not_started', percent: 0, qty_activities: 2, evaluation: null, comments_enabled: true, forum_enabled: true });
    const [video, test] = welcome.activities;
    expect(video).toMatchObject({ type: 'module', order: 1, available: true, lock_reason: null, status: 'not_started' });
    expect(video!.module).toMatchObject({ kind: 'video', embed_url: null, scorm_version: null, percent: 0, position_seconds: 0 });
    expect(video!.module!.resource_url).toMatch(new RegExp(`^${INJECT_ORIGIN}/api/files/media/[\\w-]+\\.[\\w-]+/boas-vindas\\.mp4$`));
    expect(test).toMatchObject({ type: 'test', order: 2, available: false, lock_reason: 'prerequisite', prerequisite: { type: 'module', id: video!.id } });
    expect(test!.test).toMatchObject({
      test_type: 'conventional', timed: false, qty_questions: 3, minimum_score: 2, maximum_attempts: null, attempts_used: 0, passed: false, open_attempt_id: null,
    });

    // the mp4 was copied into the media store and is served as a video (≤ 60 KB)
    const media = await t.app.inject({ url: new URL(video!.module!.resource_url!).pathname });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toMatch(/^video\/mp4/);
    const asset = fs.readFileSync(path.resolve(import.meta.dirname, '../src/seed/assets/boas-vindas.mp4'));
    expect(media.rawPayload.equals(asset)).toBe(true);
    expect(asset.length).toBeLessThanOrEqual(60 * 1024);

    const safety = await detail(list.results.find((r) => r.title === 'Segurança na loja')!.id, tokens);
    expect(safety.activities).toHaveLength(1);
    expect(safety.activities[0]).toMatchObject({ type: 'test', available: true });
    expect(safety.activities[0]!.test).toMatchObject({ test_type: 'block', maximum_attempts: 2, minimum_score: 2, qty_questions: 3 });
  });

  it('targets by user groups, or by an area and the profile together; owners see theirs; everyone else gets 404 (spec 2 §6)', async () => {
    const owner = await makeLearner(t.app, su, c.demo);
    const byGroup = await makeTraining(t.app, { clientId: c.demo, title: 'Aud group', groups: [org.groups['Store leaders']!] });
    const byAreaProfile = await makeTraining(t.app, {
      clientId: c.demo, title: 'Aud area profile', areas: [org.areas.Sales!], profiles: [org.profiles.Salesperson!],
    });
    const byOwner = await makeTraining(t.app, { clientId: c.demo, title: 'Aud owner', groups: [org.groups['Onboarding 2026']!], owners: [owner.id] });
    const unpublished = await makeTraining(t.app, { clientId: c.demo, title: 'Aud unpublished', status: 2, groups: [org.groups['Store leaders']!] });
    const deleted = await makeTraining(t.app, { clientId: c.demo, title: 'Aud deleted', status: 3, groups: [org.groups['Store leaders']!] });
    const all = [byGroup, byAreaProfile, byOwner, unpublished, deleted];

    const learners: Record<string, Learner> = {
      group: await makeLearner(t.app, su, c.demo, { groups: [org.groups['Store leaders']!] }),
      both: await makeLearner(t.app, su, c.demo, { profile: org.profiles.Salesperson!, areas: [org.areas.Sales!] }),
      profileOnly: await makeLearner(t.app, su, c.demo, { profile: org.profiles.Salesperson!, areas: [org.areas.Operations!] }),
      areaOnly: await makeLearner(t.app, su, c.demo, { profile: org.profiles.Cashier!, areas: [org.areas.Sales!] }),
      owner,
    };
    const expected: Record<string, number[]> = { group: [byGroup], both: [byAreaProfile], profileOnly: [], areaOnly: [], owner: [byOwner] };
    for (const [name, learner] of Object.entries(learners)) {
      const seen = ids(await page(learner.tokens, 'search=Aud&page_size=100'));
      expect(seen, name).toEqual(expected[name]);
      for (const id of all) {
        const res = await get(ONE(id), learner.tokens);
        expect(res.statusCode, `${name} ${id}`).toBe(expected[name]!.includes(id) ? 200 : 404);
        if (res.statusCode === 404) {
          expect(res.json()).toMatchObject({ code: 'not_found', detail: 'Training not found' });
          expect((await post(`${API}${LEARNER_PATHS.favorite(id)}`, learner.tokens, { favorite: true })).statusCode).toBe(404);
        }
        // the set query and the per-row rule of trainingAudience.ts agree on published trainings
        if (id !== unpublished && id !== deleted) {
          expect(await isInTrainingAudience(t.app.db, c.demo, id, learner.id), `${name} ${id}`).toBe(expected[name]!.includes(id));
        }
      }
    }
  });

  it("never shows another client's trainings", async () => {
    const otherOrg = await orgIds(t.app, c.other);
    const otherTraining = await makeTraining(t.app, { clientId: c.other, title: 'Other client course', groups: [otherOrg.groups['Other group']!] });
    const demoTraining = await makeTraining(t.app, { clientId: c.demo, title: 'Demo client course', groups: [org.groups['Store leaders']!] });
    // users of the other client are made by its own manager (the superuser works in the demo client)
    const otherManager = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const otherLearner = await makeLearner(t.app, otherManager, c.other, { groups: [otherOrg.groups['Other group']!] });
    const demoLearner = await makeLearner(t.app, su, c.demo, { groups: [org.groups['Store leaders']!] });
    // the same user also in the other group cannot reach it from the demo client
    await t.app.db.insertInto('user_group_members').values({ group_id: otherOrg.groups['Other group']!, user_id: demoLearner.id }).execute();

    expect(ids(await page(otherLearner.tokens, 'search=client%20course'))).toEqual([otherTraining]);
    expect(ids(await page(demoLearner.tokens, 'search=client%20course'))).toEqual([demoTraining]);
    expect((await get(ONE(otherTraining), demoLearner.tokens)).statusCode).toBe(404);
    expect((await get(ONE(demoTraining), otherLearner.tokens)).statusCode).toBe(404);
  });

  it('filters by search, progress, favourites, selected areas and groups; newest first and paged (spec 1 §2.2)', async () => {
    const leaders = org.groups['Store leaders']!;
    const learner = await makeLearner(t.app, su, c.demo, { groups: [leaders], profile: org.profiles.Salesperson!, areas: [org.areas.Sales!] });
    const base = Date.now() - 100_000;
    const a = await makeTraining(t.app, { clientId: c.demo, title: 'Filter alpha', groups: [leaders], publishedAt: new Date(base) });
    const b = await makeTraining(t.app, {
      clientId: c.demo, title: 'Filter beta', areas: [org.areas.Sales!, org.areas.Operations!], profiles: [org.profiles.Salesperson!], publishedAt: new Date(base + 1000),
    });
    const g = await makeTraining(t.app, {
      clientId: c.demo, title: 'Filter gamma', groups: [leaders], areas: [org.areas.Marketing!], profiles: [org.profiles.Cashier!], publishedAt: new Date(base + 2000),
    });
    const q = (extra: string) => page(learner.tokens, `search=filter&${extra}`);

    expect(await q('')).toMatchObject({ count: 3 });
    expect(ids(await q(''))).toEqual([g, b, a]);
    expect(ids(await page(learner.tokens, 'search=BETA'))).toEqual([b]);
    expect(await q('page=2&page_size=2')).toMatchObject({ count: 3, results: [{ id: a }] });

    await setEnrollmentStatus(t.app, learner.id, b, 'ongoing');
    await finishEnrollment(t.app, learner.id, g);
    expect(ids(await q('progress=not_started'))).toEqual([a]);
    expect(ids(await q('progress=ongoing'))).toEqual([b]);
    expect(ids(await q('progress=finished'))).toEqual([g]);
    expect(ids(await q('progress=all'))).toEqual([g, b, a]);
    // a blocked learner is still on the way
    await setEnrollmentStatus(t.app, learner.id, a, 'blocked');
    expect(ids(await q('progress=ongoing'))).toEqual([b, a]);
    expect((await q('')).results.find((r) => r.id === a)!.status).toBe('blocked');

    expect((await post(`${API}${LEARNER_PATHS.favorite(a)}`, learner.tokens, { favorite: true })).statusCode).toBe(200);
    expect(ids(await q('favorite=favorites'))).toEqual([a]);
    expect(ids(await q('favorite=all'))).toEqual([g, b, a]);

    expect(ids(await q(`selected_areas=${org.areas.Marketing}`))).toEqual([g]);
    expect(ids(await q(`selected_areas=${org.areas.Sales},${org.areas.Operations}`))).toEqual([b]);
    expect(ids(await q(`selected_groups=${leaders}`))).toEqual([g, a]);
    expect(ids(await q(`selected_groups=${leaders}&selected_areas=${org.areas.Marketing}`))).toEqual([g]);

    expect((await get(`${LIST}?progress=someday`, learner.tokens)).statusCode).toBe(400);
    expect((await get(`${LIST}?selected_areas=1;drop`, learner.tokens)).statusCode).toBe(400);
  });

  it('marks mandatory trainings when the client uses training subscription (spec 2 §6)', async () => {
    const training = await makeTraining(t.app, {
      clientId: c.demo, title: 'Mandatory course', areas: [org.areas.Sales!, org.areas.Operations!], profiles: [org.profiles.Salesperson!, org.profiles.Cashier!],
      mandatoryAreas: [org.areas.Sales!], mandatoryProfiles: [org.profiles.Salesperson!],
    });
    const must = await makeLearner(t.app, su, c.demo, { profile: org.profiles.Salesperson!, areas: [org.areas.Sales!] });
    const otherProfile = await makeLearner(t.app, su, c.demo, { profile: org.profiles.Cashier!, areas: [org.areas.Sales!] });
    const otherArea = await makeLearner(t.app, su, c.demo, { profile: org.profiles.Salesperson!, areas: [org.areas.Operations!] });
    const card = async (learner: Learner) => (await page(learner.tokens, 'search=Mandatory%20course')).results.find((r) => r.id === training)!;

    expect((await card(must)).is_mandatory).toBe(false);
    await setClientSettings(t.app, c.demo, { use_training_subscription: true });
    try {
      expect((await card(must)).is_mandatory).toBe(true);
      expect((await card(otherProfile)).is_mandatory).toBe(false);
      expect((await card(otherArea)).is_mandatory).toBe(false);
      expect((await detail(training, must.tokens)).is_mandatory).toBe(true);
      // the home's pending list holds the trainings not started yet (spec 1 §2.2), mandatory ones first
      const pending = async (learner: Learner) => (await get(`${API}${LEARNER_PATHS.home}`, learner.tokens))
        .json<{ pending_trainings: Array<{ id: number; is_mandatory: boolean }> }>().pending_trainings;
      const mine = await pending(must);
      expect(mine.find((x) => x.id === training)?.is_mandatory).toBe(true);
      const flags = mine.map((x) => x.is_mandatory);
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    } finally {
      await setClientSettings(t.app, c.demo, { use_training_subscription: false });
    }
  });

  it('favourites, likes and stars per learner, with everyone\'s counts', async () => {
    const group = org.groups['Store leaders']!;
    const training = await makeTraining(t.app, { clientId: c.demo, title: 'Reactions course', groups: [group] });
    const one = await makeLearner(t.app, su, c.demo, { groups: [group] });
    const two = await makeLearner(t.app, su, c.demo, { groups: [group] });
    const favorite = `${API}${LEARNER_PATHS.favorite(training)}`;
    const like = `${API}${LEARNER_PATHS.like(training)}`;
    const rate = `${API}${LEARNER_PATHS.rate(training)}`;

    expect((await post(favorite, one.tokens, { favorite: true })).json()).toEqual({
      favorite: true, liked: false, likes: 0, stars_avg: 0, stars_count: 0, my_stars: null,
    });
    await post(like, one.tokens, { liked: true });
    expect((await post(like, two.tokens, { liked: true })).json()).toMatchObject({ liked: true, likes: 2, favorite: false });
    await post(rate, one.tokens, { stars: 4 });
    expect((await post(rate, two.tokens, { stars: 5 })).json()).toMatchObject({ stars_avg: 4.5, stars_count: 2, my_stars: 5 });
    // a new rating replaces the learner's own
    expect((await post(rate, two.tokens, { stars: 2 })).json()).toMatchObject({ stars_avg: 3, stars_count: 2, my_stars: 2 });
    expect((await post(like, one.tokens, { liked: false })).json()).toMatchObject({ liked: false, likes: 1, favorite: true, my_stars: 4 });
    expect((await post(favorite, one.tokens, { favorite: false })).json()).toMatchObject({ favorite: false, liked: false, my_stars: 4 });

    const card = (await page(one.tokens, 'search=Reactions%20course')).results[0]!;
    expect(card).toMatchObject<Partial<LearnerTrainingCard>>({ favorite: false, liked: false, likes: 1, stars_avg: 3, stars_count: 2, my_stars: 4 });
    expect((await detail(training, two.tokens))).toMatchObject({ liked: true, likes: 1, my_stars: 2 });

    const bad = await post(rate, one.tokens, { stars: 6 });
    expect(bad.statusCode).toBe(400);
    expect((await post(like, one.tokens, {})).statusCode).toBe(400);
  });

  it('shows the progress of the published activities and the latest certificate with its status', async () => {
    const group = org.groups['Store leaders']!;
    const training = await makeTraining(t.app, { clientId: c.demo, title: 'Certified course', groups: [group] });
    const learner = await makeLearner(t.app, su, c.demo, { groups: [group] });
    const now = Date.now();
    const cert = (issued: number, expires: number | null, superseded: boolean) => t.app.db.insertInto('certificates').values({
      client_id: c.demo, user_id: learner.id, content_type: 'training', content_id: training, code: `c${issued}${Math.random().toString(36).slice(2)}`,
      title: 'Certified course', holder_name: 'L', workload: 1, percentage: 100, issued_at: new Date(issued),
      expires_at: expires === null ? null : new Date(expires), pdf_path: null, superseded_at: superseded ? new Date(issued + 1) : null,
    }).returning('id').executeTakeFirstOrThrow();
    await cert(now - 3_000_000, null, true);
    const latest = await cert(now - 2_000_000, now - 1_000_000, false);
    await finishEnrollment(t.app, learner.id, training);

    const card = (await page(learner.tokens, 'search=Certified%20course')).results[0]!;
    expect(card.status).toBe('expired');
    expect(card.certificate).toMatchObject({ id: latest.id, status: 'expired' });
    expect(card.certificate!.expires_at).toBe(new Date(now - 1_000_000).toISOString());
  });

  it('keeps a page to a fixed handful of queries, whatever its size', async () => {
    const group = org.groups['Store leaders']!;
    const learner = await makeLearner(t.app, su, c.demo, { groups: [group] });
    const user = await t.app.db.selectFrom('users').select(['id', 'language_id']).where('id', '=', learner.id).executeTakeFirstOrThrow();
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => { queries += 1; return args.node; },
      transformResult: async (args) => args.result,
    };
    const db = t.app.db.withPlugin(counting);
    const ctx = await learnerContext(t.app.db, c.demo, user);
    const run = async () => {
      queries = 0;
      const result = await cataloguePage(db as typeof t.app.db, ctx, { search: 'Bulk course', page_size: 100 });
      return { queries, count: result.count };
    };
    await makeTraining(t.app, { clientId: c.demo, title: 'Bulk course 0', groups: [group] });
    const small = await run();
    for (let i = 1; i < 60; i += 1) await makeTraining(t.app, { clientId: c.demo, title: `Bulk course ${i}`, groups: [group] });
    const large = await run();
    expect(small.count).toBe(1);
    expect(large.count).toBe(60);
    expect(large.queries).toBe(small.queries);
    expect(large.queries).toBeLessThanOrEqual(12);
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ url: LIST })).statusCode).toBe(401);
    expect((await t.app.inject({ url: ONE(1) })).statusCode).toBe(401);
  });
});
