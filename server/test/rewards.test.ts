import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { DEMO_CAMPAIGN_TITLE } from '../src/seed/rewards.ts';
import { DIALECTS, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { L, P, addPeople, call, campaignBody, created, makeBranch, makeCatalogue, publishedCampaign, type Catalogue } from './rewardFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/** spec 3 §3 "Reward campaign", "Other reward reference lists", "Campaign people and history"; §4; §5 "Campaigns"; §8; spec 1 §6.2 "Rewards". */
describe.each(DIALECTS)('reward campaigns on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let cat: Catalogue;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    cat = await makeCatalogue(t.app, su);
  });
  afterAll(async () => { await t.close(); });

  it('keeps the reference lists, refusing to remove one still in use', async () => {
    for (const path of [P.categories, P.departments, P.brands, P.saleProductTypes, P.uploadFileTypes, P.levels, P.rewardTypes]) {
      const id = await created(t.app, su, path, { name: ' Item ' });
      expect((await call(t.app, su, 'GET', `${path}${id}/`)).json()).toEqual({ id, name: 'Item' });
      expect((await call(t.app, su, 'PUT', `${path}${id}/`, { name: 'Renamed' })).json().name).toBe('Renamed');
      expect((await call(t.app, su, 'DELETE', `${path}${id}/`)).statusCode).toBe(200);
    }
    // the brand is used by the products
    const res = await call(t.app, su, 'DELETE', `${P.brands}${cat.brand}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('reward_reference_in_use');
    const j = await created(t.app, su, P.justifications, { kind: 'sale', text: 'Nota ilegível' });
    expect((await call(t.app, su, 'GET', `${P.justifications}?kind=sale&page=1`)).json().results).toContainEqual({ id: j, kind: 'sale', text: 'Nota ilegível' });
  });

  it('rejects a store already in another active campaign; a closed campaign frees it (spec 3 §5)', async () => {
    const store = await makeBranch(t.app, su, 'Loja Norte');
    const first = await created(t.app, su, P.campaigns, campaignBody(cat, { stores: [store] }));
    const second = await call(t.app, su, 'POST', P.campaigns, campaignBody(cat, { title: 'Outra', stores: [store] }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'store_associated_with_another_active_campaign', fields: { stores: 'store_associated_with_another_active_campaign' } });
    expect((await call(t.app, su, 'POST', P.publish(first))).json().status).toBe('published');
    expect((await call(t.app, su, 'POST', P.close(first))).json().status).toBe('closed');
    expect((await call(t.app, su, 'POST', P.campaigns, campaignBody(cat, { title: 'Outra', stores: [store] }))).statusCode).toBe(201);
  });

  it('goes draft → published → closed, and publishing locks the fields (spec 3 §4)', async () => {
    const id = await created(t.app, su, P.campaigns, campaignBody(cat));
    expect((await call(t.app, su, 'POST', P.close(id))).json().code).toBe('campaign_transition_not_allowed');
    const published = await call(t.app, su, 'POST', P.publish(id));
    expect(published.json()).toMatchObject({ status: 'published', title: 'Campanha de verão', multiplication_base: 1 });
    const body = campaignBody(cat);
    // the same values (the points table in another order) and a new description pass
    const same = await call(t.app, su, 'PUT', P.campaign(id), { ...body, points_table: [...body.points_table].reverse(), description: 'Regras novas' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().description).toBe('Regras novas');
    const locked = await call(t.app, su, 'PUT', P.campaign(id), { ...body, title: 'Outro título', multiplication_base: 2 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'campaign_fields_locked', fields: { title: 'campaign_fields_locked', multiplication_base: 'campaign_fields_locked' } });
    expect((await call(t.app, su, 'POST', P.publish(id))).json().code).toBe('campaign_transition_not_allowed');
    expect((await call(t.app, su, 'DELETE', P.campaign(id))).statusCode).toBe(409);
  });

  it('refuses overlapping levels (error_updating_levels)', async () => {
    const res = await call(t.app, su, 'POST', P.campaigns, campaignBody(cat, {
      levels: [{ level_id: cat.levels[0], points_from: 0, points_to: 100 }, { level_id: cat.levels[1], points_from: 50, points_to: null }],
    }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'error_updating_levels', fields: { levels: 'error_updating_levels' } });
  });

  it('adds only users with the required profile; blocks, unblocks and changes levels with history', async () => {
    const profile = (await t.app.db.insertInto('profiles').values({ client_id: c.demo, name: 'Vendedor', translations: '{}', created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
    const id = await publishedCampaign(t.app, su, cat, { required_profile_id: profile });
    const seller = await makeLearner(t.app, su, c.demo, { profile });
    const outsider = await makeLearner(t.app, su, c.demo, {});
    const refused = await call(t.app, su, 'POST', P.people(id), { user_ids: [outsider.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('user_does_not_have_the_profile_necessary_to_participate_in_the_campaign');
    await addPeople(t.app, su, id, [seller.id]);
    expect((await call(t.app, seller.tokens, 'GET', L.campaign(id))).json()).toMatchObject({ enrolled: true, total_points: 0, level: { name: 'Bronze' } });

    expect((await call(t.app, su, 'POST', P.block(id, seller.id))).json().blocked).toBe(true);
    // spec 3 §6 "Blocked campaign users cannot access the program"
    const blocked = await call(t.app, seller.tokens, 'GET', L.campaign(id));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('campaign_user_blocked');
    expect((await call(t.app, seller.tokens, 'GET', L.campaigns)).json().map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await call(t.app, su, 'POST', P.unblock(id, seller.id))).json().blocked).toBe(false);

    expect((await call(t.app, su, 'POST', P.level(id, seller.id), { level_id: cat.levels[2] })).json()).toMatchObject({ level_id: cat.levels[2], level_name: 'Ouro' });
    const history = (await call(t.app, su, 'GET', P.history(id, seller.id))).json();
    expect(history.events.map((e: { event: string }) => e.event)).toEqual(['added', 'blocked', 'unblocked', 'level']);
    expect(history.events[3]).toMatchObject({ level_from: null, level_to: 'Ouro', responsible: DEMO.superuser.full_name });
  });

  it('closing recalculates every level from the points, in the level history', async () => {
    const id = await publishedCampaign(t.app, su, cat);
    const a = await makeLearner(t.app, su, c.demo, {});
    await addPeople(t.app, su, id, [a.id]);
    await t.app.db.insertInto('reward_points_entries').values({ client_id: c.demo, campaign_id: id, user_id: a.id, kind: 'adjustment', points: 250, source_id: null }).execute();
    await call(t.app, su, 'POST', P.close(id));
    const person = (await call(t.app, su, 'GET', `${P.people(id)}?page=1`)).json().results[0];
    expect(person).toMatchObject({ user_id: a.id, level_name: 'Prata', total_points: 250, points_for_use: 250 });
    expect((await call(t.app, su, 'GET', P.history(id, a.id))).json().events.at(-1)).toMatchObject({ event: 'level', level_to: 'Prata', note: 'closing' });
  });

  it('opens with the spec 1 §6.2 keys: reward_campaigns, users_reward_levels, reward, reward_orders', async () => {
    const id = await publishedCampaign(t.app, su, cat);
    const learner = await makeLearner(t.app, su, c.demo, {});
    await addPeople(t.app, su, id, [learner.id]);
    const campaigns = (await adminWith(t.app, su, c.demo, ['reward_campaigns'])).tokens;
    expect((await call(t.app, campaigns, 'GET', `${P.campaigns}?page=1`)).statusCode).toBe(200);
    expect((await call(t.app, campaigns, 'GET', `${P.sales}?page=1`)).statusCode).toBe(200);
    expect((await call(t.app, campaigns, 'GET', `${P.rewards}?page=1`)).statusCode).toBe(403);
    expect((await call(t.app, campaigns, 'GET', `${P.orders}?page=1`)).statusCode).toBe(403);
    expect((await call(t.app, campaigns, 'POST', P.level(id, learner.id), { level_id: cat.levels[1] })).statusCode).toBe(403);
    const leveler = (await adminWith(t.app, su, c.demo, ['reward_campaigns', 'users_reward_levels'])).tokens;
    expect((await call(t.app, leveler, 'POST', P.level(id, learner.id), { level_id: cat.levels[1] })).statusCode).toBe(200);
    const orders = (await adminWith(t.app, su, c.demo, ['reward_orders'])).tokens;
    expect((await call(t.app, orders, 'GET', `${P.orders}?page=1`)).statusCode).toBe(200);
    expect((await call(t.app, orders, 'GET', `${P.campaigns}?page=1`)).statusCode).toBe(403);
    const brands = (await adminWith(t.app, su, c.demo, ['reward_brands'])).tokens;
    expect((await call(t.app, brands, 'GET', `${P.brands}?page=1`)).statusCode).toBe(200);
    expect((await call(t.app, brands, 'GET', `${P.categories}?page=1`)).statusCode).toBe(403);
    expect((await call(t.app, learner.tokens, 'GET', `${P.campaigns}?page=1`)).statusCode).toBe(403);
  });

  it('seeds a published demo campaign with sales in each state, a catalog and orders, all in the ledger', async () => {
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const [campaign] = (await call(t.app, learner, 'GET', L.campaigns)).json().filter((x: { title: string }) => x.title === DEMO_CAMPAIGN_TITLE);
    // earned: 2×300 + 3×10 approved, 150 awaiting, 300 reproved and reversed; spent: 150 + 200
    expect(campaign).toMatchObject({ status: 'published', enrolled: true, total_points: 780, points_for_use: 430, level: { name: 'Prata' } });
    const sales = (await call(t.app, learner, 'GET', `${L.sales(campaign.id)}?page_size=0`)).json().results;
    expect(sales.map((x: { status: string }) => x.status).sort()).toEqual(['approved', 'awaiting_approval', 'reproved']);
    const orders = (await call(t.app, learner, 'GET', `${L.orders(campaign.id)}?page_size=0`)).json().results;
    expect(orders.map((o: { status: string }) => o.status).sort()).toEqual(['delivered', 'pending']);
    expect((await call(t.app, learner, 'GET', `${L.catalog(campaign.id)}?page_size=0`)).json().results).toHaveLength(3);
    const entries = await t.app.db.selectFrom('reward_points_entries').select('points').where('campaign_id', '=', campaign.id).execute();
    expect(entries.reduce((sum, e) => sum + e.points, 0)).toBe(430);
  });

  it("keeps another client's campaigns, people and lists out of reach", async () => {
    const id = await publishedCampaign(t.app, su, cat);
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call(t.app, other, 'GET', P.campaign(id))).json().code).toBe('campaign_not_found');
    expect((await call(t.app, other, 'GET', `${P.campaigns}?page=1`)).json().results).toEqual([]);
    expect((await call(t.app, other, 'GET', `${P.saleProducts}?page=1`)).json().results).toEqual([]);
    expect((await call(t.app, other, 'POST', P.people(id), { user_ids: [1] })).statusCode).toBe(404);
    // another client's product in this client's points table
    const foreign = await created(t.app, other, P.saleProducts, { product: 'Alheio' });
    const res = await call(t.app, su, 'POST', P.campaigns, campaignBody(cat, { points_table: [{ target: 'product', target_id: foreign, points: 10 }] }));
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { points_table: 'validation_error' } });
    const outsider = await makeLearner(t.app, other, c.other, {});
    expect((await call(t.app, outsider.tokens, 'GET', L.campaign(id))).statusCode).toBe(404);
  });
});
