import type { FastifyRequest } from 'fastify';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import type { RewardCampaignRow } from '../../db/tables/reward.table.ts';
import { titleAccess, type AdminAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { findCampaign } from '../../repositories/rewards/campaigns.ts';

/**
 * Who opens the reward routes (spec 1 §6.2 "Rewards"): campaigns, their people and the sales
 * audit with reward_campaigns; a level change also needs users_reward_levels; the catalog with
 * reward; redeem orders with reward_orders (approve or reprove redemptions).
 */
export const ACCESS = {
  campaigns: titleAccess(ADMIN_RESOURCES.reward_campaigns.title),
  levels: { ...titleAccess(ADMIN_RESOURCES.reward_campaigns.title), permission: { slug: 'users_reward_levels', refusal: 'You do not have permission to change a user\'s level' } },
  sales: titleAccess(ADMIN_RESOURCES.reward_sales.title),
  catalog: titleAccess(ADMIN_RESOURCES.reward_catalog.title),
  orders: titleAccess(ADMIN_RESOURCES.reward_orders.title),
} as const satisfies Record<string, AdminAccess>;

/** spec 1 §8 "Not found or no permission to access": another client's id does not exist for this one. */
export const campaignNotFound = () => new HttpError(404, 'campaign_not_found', 'Campaign not found');

export async function campaignOr404(db: Db, request: FastifyRequest, id: number, lock = false): Promise<RewardCampaignRow> {
  const row = await findCampaign(db, clientOf(request), id, lock);
  if (!row) throw campaignNotFound();
  return row;
}
