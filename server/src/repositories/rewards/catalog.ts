/**
 * The reward catalog (spec 3 §3 "Reward (catalog item)"): rewards with their stock, price in
 * points, purchase limit and redemption codes (each handed out once).
 */
import type { Reward, RewardInput } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import type { RewardRow } from '../../db/tables/reward.table.ts';

export const rewardsQuery = (db: Db, clientId: number) =>
  db.selectFrom('reward_rewards').selectAll('reward_rewards')
    .select((eb) => eb.selectFrom('reward_redeem_codes as c').select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('c.reward_id', '=', 'reward_rewards.id').where('c.handed_out_at', 'is', null).as('codes_available'))
    .where('reward_rewards.client_id', '=', clientId);
type RewardListRow = Awaited<ReturnType<ReturnType<typeof rewardsQuery>['execute']>>[number];

export const toReward = ({ client_id: _client, codes_available, ...r }: RewardListRow): Reward => ({ ...r, codes_available: Number(codes_available ?? 0) });

export async function findReward(db: Db, clientId: number, id: number): Promise<RewardRow | undefined> {
  return db.selectFrom('reward_rewards').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

const values = (v: RewardInput) => ({
  reward_title: v.reward_title.trim(), points_to_aquire: v.points_to_aquire, qty_in_stock: v.qty_in_stock,
  reward_type_id: v.reward_type_id ?? null, category_id: v.category_id ?? null, department_id: v.department_id ?? null, brand_id: v.brand_id ?? null,
  campaign_id: v.campaign_id ?? null, image_url: v.image_url ?? null, purchase_limit_quantity: v.purchase_limit_quantity ?? null,
  ...(v.description !== undefined ? { description: v.description } : {}),
  ...(v.is_featured !== undefined ? { is_featured: v.is_featured } : {}),
  ...(v.sku !== undefined ? { sku: v.sku } : {}),
  ...(v.supplier_name !== undefined ? { supplier_name: v.supplier_name } : {}),
  ...(v.redemption_link !== undefined ? { redemption_link: v.redemption_link } : {}),
  ...(v.vouchers !== undefined ? { vouchers: v.vouchers } : {}),
  ...(v.redeem_instructions !== undefined ? { redeem_instructions: v.redeem_instructions } : {}),
  ...(v.uses_redeem_codes !== undefined ? { uses_redeem_codes: v.uses_redeem_codes } : {}),
  ...(v.active !== undefined ? { active: v.active } : {}),
});

export async function insertReward(db: Db, clientId: number, v: RewardInput): Promise<number> {
  return (await db.insertInto('reward_rewards').values({ client_id: clientId, ...values(v), created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateReward(db: Db, clientId: number, id: number, v: RewardInput): Promise<boolean> {
  const res = await db.updateTable('reward_rewards').set(values(v)).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function rewardHasOrders(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('reward_orders').select('id').where('reward_id', '=', id).executeTakeFirst());
}

export async function deleteReward(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('reward_rewards').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Adds the codes not already on the reward; answers how many were added and how many are free now. */
export async function addCodes(db: Db, reward: RewardRow, codes: readonly string[]): Promise<{ added: number; available: number }> {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
  let added = 0;
  for (let i = 0; i < wanted.length; i += 500) {
    const chunk = wanted.slice(i, i + 500);
    const res = await db.insertInto('reward_redeem_codes').values(chunk.map((code) => ({ client_id: reward.client_id, reward_id: reward.id, code, created_at: new Date() })))
      .onConflict((oc) => oc.columns(['reward_id', 'code']).doNothing()).executeTakeFirst();
    added += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  const free = await db.selectFrom('reward_redeem_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('reward_id', '=', reward.id).where('handed_out_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { added, available: Number(free.n) };
}

/** The learner's catalog: active rewards of the client for this campaign (or for every campaign). */
export const learnerCatalogQuery = (db: Db, clientId: number, campaignId: number) =>
  rewardsQuery(db, clientId).where('reward_rewards.active', '=', true)
    .where((eb) => eb.or([eb('reward_rewards.campaign_id', 'is', null), eb('reward_rewards.campaign_id', '=', campaignId)]));
