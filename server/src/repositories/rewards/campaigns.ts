/**
 * Reward campaigns of the selected client (spec 3 §3 "Reward campaign", §4, §5 "Campaigns"):
 * the row with its stores, levels, points table and audience, read and written together.
 */
import type { CampaignStatus, CategoryRule, LevelRange as CampaignLevel, PointsRule } from '@lp/shared/rules';
import type { Campaign, CampaignInput } from '@lp/shared/contract';
import { readAudience, writeAudience } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { RewardCampaignRow } from '../../db/tables/reward.table.ts';

export const campaignListQuery = (db: Db, clientId: number) =>
  db.selectFrom('reward_campaigns')
    .select((eb) => [
      'reward_campaigns.id', 'reward_campaigns.title', 'reward_campaigns.status', 'reward_campaigns.start_date', 'reward_campaigns.end_date',
      'reward_campaigns.created_at',
      eb.selectFrom('reward_campaign_users as cu').select((e) => e.fn.countAll<number>().as('n')).whereRef('cu.campaign_id', '=', 'reward_campaigns.id').as('users_count'),
    ])
    .where('reward_campaigns.client_id', '=', clientId);

export async function findCampaign(db: Db, clientId: number, id: number, lock = false): Promise<RewardCampaignRow | undefined> {
  let q = db.selectFrom('reward_campaigns').selectAll().where('id', '=', id).where('client_id', '=', clientId);
  if (lock && dialectOf(db) === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export interface CampaignParts { stores: number[]; levels: CampaignLevel[]; points_table: PointsRule[]; category_points: CategoryRule[] }

export async function campaignParts(db: Db, campaignId: number): Promise<CampaignParts> {
  const [stores, levels, table, categories] = await Promise.all([
    db.selectFrom('reward_campaign_stores').select('branch_id').where('campaign_id', '=', campaignId).orderBy('branch_id').execute(),
    db.selectFrom('reward_campaign_levels').select(['level_id', 'points_from', 'points_to']).where('campaign_id', '=', campaignId).orderBy('points_from').execute(),
    db.selectFrom('reward_points_table').select(['target', 'target_id', 'points']).where('campaign_id', '=', campaignId).orderBy('target').orderBy('target_id').execute(),
    categoryRulesOf(db, campaignId),
  ]);
  return { stores: stores.map((s) => s.branch_id), levels, points_table: table, category_points: categories };
}

export async function loadCampaign(db: Db, row: RewardCampaignRow): Promise<Campaign> {
  const [parts, audience, users] = await Promise.all([
    campaignParts(db, row.id), readAudience(db, 'reward_campaign', row.id),
    db.selectFrom('reward_campaign_users').select((eb) => eb.fn.countAll<number>().as('n')).where('campaign_id', '=', row.id).executeTakeFirstOrThrow(),
  ]);
  return {
    id: row.id, title: row.title, description: row.description, campaign_url: row.campaign_url, status: row.status,
    allows_invoice_registration: row.allows_invoice_registration, required_profile_id: row.required_profile_id,
    multiplication_base: Number(row.multiplication_base), start_date: row.start_date, end_date: row.end_date,
    email_points_available: row.email_points_available, email_end_of_campaign: row.email_end_of_campaign,
    areas: audience.areas, profiles: audience.profiles, user_groups: audience.user_groups,
    stores: parts.stores, levels: parts.levels, points_table: parts.points_table, category_points: parts.category_points,
    published_at: row.published_at, closed_at: row.closed_at, users_count: Number(users.n), created_at: row.created_at,
  };
}

/**
 * spec 3 §5 "A store already associated with another active campaign is rejected": the stores
 * among `stores` held by another campaign of the client that is still active (shared
 * campaignActive: not closed).
 */
export async function storesInOtherActiveCampaign(db: Db, clientId: number, campaignId: number | null, stores: readonly number[]): Promise<number[]> {
  if (!stores.length) return [];
  let q = db.selectFrom('reward_campaign_stores as s').innerJoin('reward_campaigns as c', 'c.id', 's.campaign_id')
    .select('s.branch_id').where('c.client_id', '=', clientId).where('c.status', '!=', 'closed')
    .where('s.branch_id', 'in', [...new Set(stores)]);
  if (campaignId !== null) q = q.where('c.id', '!=', campaignId);
  return [...new Set((await q.execute()).map((r) => r.branch_id))];
}

type Scalars = Pick<CampaignInput, 'title' | 'description' | 'campaign_url' | 'allows_invoice_registration' | 'required_profile_id' | 'multiplication_base'
  | 'start_date' | 'end_date' | 'email_points_available' | 'email_end_of_campaign'>;

const scalars = (v: Scalars) => ({
  title: v.title.trim(),
  ...(v.description !== undefined ? { description: v.description } : {}),
  ...(v.campaign_url !== undefined ? { campaign_url: v.campaign_url.trim() } : {}),
  ...(v.allows_invoice_registration !== undefined ? { allows_invoice_registration: v.allows_invoice_registration } : {}),
  ...(v.required_profile_id !== undefined ? { required_profile_id: v.required_profile_id } : {}),
  ...(v.multiplication_base !== undefined ? { multiplication_base: v.multiplication_base } : {}),
  ...(v.start_date !== undefined ? { start_date: v.start_date } : {}),
  ...(v.end_date !== undefined ? { end_date: v.end_date } : {}),
  ...(v.email_points_available !== undefined ? { email_points_available: v.email_points_available } : {}),
  ...(v.email_end_of_campaign !== undefined ? { email_end_of_campaign: v.email_end_of_campaign } : {}),
});

/** Writes the parts given (an omitted part is kept), and the audience. Run in the save's transaction. */
async function writeParts(db: Db, campaignId: number, input: CampaignInput): Promise<void> {
  if (input.stores !== undefined) {
    await db.deleteFrom('reward_campaign_stores').where('campaign_id', '=', campaignId).execute();
    const stores = [...new Set(input.stores)];
    if (stores.length) await db.insertInto('reward_campaign_stores').values(stores.map((branch_id) => ({ campaign_id: campaignId, branch_id }))).execute();
  }
  if (input.levels !== undefined) {
    await db.deleteFrom('reward_campaign_levels').where('campaign_id', '=', campaignId).execute();
    if (input.levels.length) await db.insertInto('reward_campaign_levels').values(input.levels.map((l) => ({ campaign_id: campaignId, ...l }))).execute();
  }
  if (input.points_table !== undefined) {
    await db.deleteFrom('reward_points_table').where('campaign_id', '=', campaignId).execute();
    const seen = new Map(input.points_table.map((r) => [`${r.target}:${r.target_id}`, r]));
    if (seen.size) await db.insertInto('reward_points_table').values([...seen.values()].map((r) => ({ campaign_id: campaignId, ...r }))).execute();
  }
  if (input.category_points !== undefined) {
    await db.deleteFrom('reward_campaign_category_points').where('campaign_id', '=', campaignId).execute();
    const rules = new Map(input.category_points.map((r) => [r.category, r]));
    if (rules.size) await db.insertInto('reward_campaign_category_points').values([...rules.values()].map((r) => ({ campaign_id: campaignId, category: r.category, points: r.points }))).execute();
  }
  const audience = {
    ...(input.areas !== undefined ? { areas: input.areas } : {}),
    ...(input.profiles !== undefined ? { profiles: input.profiles } : {}),
    ...(input.user_groups !== undefined ? { user_groups: input.user_groups } : {}),
  };
  if (Object.keys(audience).length) await writeAudience(db, 'reward_campaign', campaignId, audience);
}

export async function insertCampaign(db: Db, clientId: number, input: CampaignInput): Promise<number> {
  const now = new Date();
  const { id } = await db.insertInto('reward_campaigns').values({ client_id: clientId, ...scalars(input), created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await writeParts(db, id, input);
  return id;
}

export async function updateCampaign(db: Db, clientId: number, id: number, input: CampaignInput): Promise<void> {
  await db.updateTable('reward_campaigns').set({ ...scalars(input), updated_at: new Date() }).where('id', '=', id).where('client_id', '=', clientId).execute();
  await writeParts(db, id, input);
}

export async function deleteCampaign(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('reward_campaigns').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Moves the campaign from `from` to `to` only if it is still in `from`. */
export async function moveCampaign(db: Db, id: number, from: CampaignStatus, to: CampaignStatus, now: Date): Promise<boolean> {
  const res = await db.updateTable('reward_campaigns').set({
    status: to, updated_at: now, ...(to === 'published' ? { published_at: now } : {}), ...(to === 'closed' ? { closed_at: now } : {}),
  }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The campaign's unit points by product, with each product's type and brand (the points table's targets). */
export async function pointsTableOf(db: Db, campaignId: number): Promise<PointsRule[]> {
  return db.selectFrom('reward_points_table').select(['target', 'target_id', 'points']).where('campaign_id', '=', campaignId).execute();
}

/** spec 3 §9: the learning-points categories the campaign counts, in the list's order. */
export async function categoryRulesOf(db: Db, campaignId: number): Promise<CategoryRule[]> {
  return db.selectFrom('reward_campaign_category_points').select(['category', 'points']).where('campaign_id', '=', campaignId).orderBy('category').execute();
}
