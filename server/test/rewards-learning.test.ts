import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardPoints } from '../src/learning/points.ts';
import { DIALECTS, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { L, P, addPeople, call, ledgerSums, makeCatalogue, publishedCampaign, type Catalogue } from './rewardFixtures.ts';
import { clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * spec 3 §1 "They earn points … also from trainings (KPI and non-KPI), special trainings and
 * webinars", §3 "Points history … categories", §9 "Points categories": the points a training,
 * live class or face-to-face appointment gives also reach the campaign ledger of the learner's
 * published campaigns that count the category — once per award, however often or concurrently
 * it is given — and the learner's statement shows them.
 */
describe.each(DIALECTS)('learning points in the reward campaigns on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let cat: Catalogue;
  let counting: number;
  let other: number;
  let learner: Learner;
  let contentId = 1000;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    cat = await makeCatalogue(t.app, su);
    counting = await publishedCampaign(t.app, su, cat, { category_points: [{ category: 'webinar', points: null }, { category: 'training_kpi', points: 40 }] });
    other = await publishedCampaign(t.app, su, cat, { title: 'Sem treinamentos' });
    learner = await makeLearner(t.app, su, c.demo, {});
    await addPeople(t.app, su, counting, [learner.id]);
    await addPeople(t.app, su, other, [learner.id]);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  const entries = (campaignId: number, userId: number) =>
    t.app.db.selectFrom('reward_points_entries').select(['kind', 'points', 'reason']).where('campaign_id', '=', campaignId).where('user_id', '=', userId).orderBy('id').execute();
  const award = (userId: number, reason: 'live_class_completed' | 'training_kpi' | 'survey_answered' | 'training_completed', points: number, id = ++contentId) =>
    awardPoints(t.app.db, {
      clientId: c.demo, userId, points, reason, contentType: reason === 'live_class_completed' ? 'live_class' : reason === 'survey_answered' ? 'survey' : 'presential',
      contentId: id, title: `Conteúdo ${id}`,
    });

  it('credits a webinar with the points it gave, a KPI training with the campaign\'s fixed points, once each', async () => {
    const webinar = ++contentId;
    expect(await award(learner.id, 'live_class_completed', 15, webinar)).toBe(true);
    // finishing again changes nothing, in the platform's ledger or the campaign's
    expect(await award(learner.id, 'live_class_completed', 15, webinar)).toBe(false);
    await award(learner.id, 'training_kpi', 10);
    expect(await entries(counting, learner.id)).toEqual([
      { kind: 'webinar', points: 15, reason: `Conteúdo ${webinar}` },
      { kind: 'training_kpi', points: 40, reason: expect.stringMatching(/^Conteúdo/) as unknown as string },
    ]);
    // a campaign without category rules counts none of it
    expect(await entries(other, learner.id)).toEqual([]);
  });

  it('credits once when the same completion is recorded concurrently', async () => {
    const someone = await makeLearner(t.app, su, c.demo, {});
    await addPeople(t.app, su, counting, [someone.id]);
    const id = ++contentId;
    const results = await Promise.all(Array.from({ length: 8 }, () => award(someone.id, 'live_class_completed', 25, id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await entries(counting, someone.id)).toEqual([{ kind: 'webinar', points: 25, reason: `Conteúdo ${id}` }]);
  });

  it('leaves out other categories, people not on the campaign and blocked people', async () => {
    const before = (await entries(counting, learner.id)).length;
    await award(learner.id, 'survey_answered', 30);
    await award(learner.id, 'training_completed', 30); // a non-KPI training: this campaign does not count it
    expect(await entries(counting, learner.id)).toHaveLength(before);
    const outsider = await makeLearner(t.app, su, c.demo, {});
    await award(outsider.id, 'live_class_completed', 20);
    expect(await entries(counting, outsider.id)).toEqual([]);
    const blocked = await makeLearner(t.app, su, c.demo, {});
    await addPeople(t.app, su, counting, [blocked.id]);
    expect((await call(t.app, su, 'POST', P.block(counting, blocked.id))).statusCode).toBe(200);
    await award(blocked.id, 'live_class_completed', 20);
    expect(await entries(counting, blocked.id)).toEqual([]);
  });

  it('shows the credits in the learner\'s statement, and every balance is the ledger\'s sum', async () => {
    const statement = (await call(t.app, learner.tokens, 'GET', L.statement(counting))).json<Array<{ kind: string; points: number; points_to: number }>>();
    expect(statement.map((e) => e.kind)).toEqual(['training_kpi', 'webinar']);
    expect(statement[0]!.points_to).toBe(55);
    const page = (await call(t.app, learner.tokens, 'GET', L.campaign(counting))).json<{ total_points: number; points_for_use: number }>();
    expect({ total_points: page.total_points, points_for_use: page.points_for_use }).toEqual(await ledgerSums(t.app, counting, learner.id));
    expect(page.total_points).toBe(55);
  });

  it('keeps the category rules once published, as the points table (spec 3 §4 "Publishing locks the fields")', async () => {
    const campaign = (await call(t.app, su, 'GET', P.campaign(counting))).json<Record<string, unknown>>();
    expect(campaign.category_points).toEqual([{ category: 'training_kpi', points: 40 }, { category: 'webinar', points: null }]);
    const { id: _id, status: _s, published_at: _p, closed_at: _c, users_count: _u, created_at: _ca, ...body } = campaign;
    const res = await call(t.app, su, 'PUT', P.campaign(counting), { ...body, category_points: [{ category: 'webinar', points: 99 }] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('campaign_fields_locked');
  });
});
