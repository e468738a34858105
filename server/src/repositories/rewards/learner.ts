/**
 * The learner's side of campaigns (spec 3 §2 "Learner campaign pages"): the campaigns they are
 * on, or that target them through the audience functions while published; the campaign's page
 * data (levels, stores, products with their unit points).
 */
import { levelForPoints, unitPoints } from '@lp/shared/rules';
import type { LearnerCampaign } from '@lp/shared/contract';
import { audienceMember, inAudience } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import type { RewardCampaignRow } from '../../db/tables/reward.table.ts';
import { campaignParts, pointsTableOf } from './campaigns.ts';
import { balanceOf } from './ledger.ts';
import { findPerson } from './people.ts';

/** Published campaigns in the user's audience, and every non-draft one they are on. */
export async function visibleCampaigns(db: Db, clientId: number, userId: number): Promise<RewardCampaignRow[]> {
  const member = await audienceMember(db, clientId, userId);
  return db.selectFrom('reward_campaigns').selectAll()
    .where('client_id', '=', clientId).where('status', '!=', 'draft')
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('reward_campaign_users as cu').select('cu.id').whereRef('cu.campaign_id', '=', 'reward_campaigns.id').where('cu.user_id', '=', userId)),
      eb.and([eb('status', '=', 'published'), inAudience('reward_campaign', member)]),
    ]))
    .orderBy('id', 'desc').execute();
}

export async function inCampaignAudience(db: Db, clientId: number, campaignId: number, userId: number): Promise<boolean> {
  const member = await audienceMember(db, clientId, userId);
  return !!(await db.selectFrom('reward_campaigns').select('id').where('id', '=', campaignId).where(inAudience('reward_campaign', member)).executeTakeFirst());
}

/** The user's profile in the client (spec 3 §6 "Campaign participation requires a specific profile"). */
export async function profileOf(db: Db, clientId: number, userId: number): Promise<number | null> {
  return (await db.selectFrom('user_clients').select('profile_id').where('client_id', '=', clientId).where('user_id', '=', userId).executeTakeFirst())?.profile_id ?? null;
}

export async function learnerCampaign(db: Db, row: RewardCampaignRow, userId: number): Promise<LearnerCampaign> {
  const [person, parts, balance, table] = await Promise.all([
    findPerson(db, row.client_id, row.id, userId), campaignParts(db, row.id), balanceOf(db, row.id, userId), pointsTableOf(db, row.id),
  ]);
  const levelIds = [...new Set([...parts.levels.map((l) => l.level_id), ...(person?.level_id ? [person.level_id] : [])])];
  const [levelNames, stores, products, photoTypes] = await Promise.all([
    levelIds.length ? db.selectFrom('reward_levels').select(['id', 'name']).where('id', 'in', levelIds).execute() : [],
    parts.stores.length ? db.selectFrom('branches').select(['id', 'name']).where('id', 'in', parts.stores).orderBy('name').execute() : [],
    db.selectFrom('reward_sale_products').select(['id', 'product', 'product_code', 'product_type_id', 'brand_id']).where('client_id', '=', row.client_id).orderBy('product').execute(),
    db.selectFrom('reward_upload_file_types').select(['id', 'name']).where('client_id', '=', row.client_id).orderBy('name').execute(),
  ]);
  const name = new Map(levelNames.map((l) => [l.id, l.name]));
  // the level an administrator or the closing set; until then, the one the points reach
  const levelId = person?.level_id ?? levelForPoints(balance.total_points, parts.levels);
  return {
    id: row.id, title: row.title, description: row.description, campaign_url: row.campaign_url, status: row.status,
    allows_invoice_registration: row.allows_invoice_registration, start_date: row.start_date, end_date: row.end_date,
    enrolled: !!person, level: levelId !== null ? { id: levelId, name: name.get(levelId) ?? '' } : null, ...balance,
    levels: parts.levels.map((l) => ({ id: l.level_id, name: name.get(l.level_id) ?? '', points_from: l.points_from, points_to: l.points_to })),
    stores,
    photo_types: photoTypes,
    products: products.map((p) => ({ id: p.id, product: p.product, product_code: p.product_code, unit_points: unitPoints({ product_id: p.id, product_type_id: p.product_type_id, brand_id: p.brand_id }, table) })),
  };
}

/** The e-mails of the campaign's people who are not blocked (end-of-campaign e-mails). */
export async function emailsOf(db: Db, campaignId: number): Promise<string[]> {
  const rows = await db.selectFrom('reward_campaign_users as cu').innerJoin('users as u', 'u.id', 'cu.user_id').select('u.email')
    .where('cu.campaign_id', '=', campaignId).where('cu.blocked', '=', false).where('u.email', 'is not', null).execute();
  return rows.map((r) => r.email).filter((e): e is string => !!e);
}
