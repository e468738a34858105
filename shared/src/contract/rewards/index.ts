/**
 * Reward and incentive campaigns (spec 3 §1 "Reward / incentive campaigns", §2 "Reward
 * campaigns", §3–§5, §8 "Campaigns", §9; spec 1 §3.8 reward lookups, §6.2 "Rewards"), by area:
 * the paths, the reference lists, campaigns (people, events), sales (photos), the catalog and
 * redeem orders. The rules are in shared/src/rewards/.
 */
export {
  CAMPAIGN_POINTS_CATEGORIES, CAMPAIGN_STATUSES, CAMPAIGN_USER_EVENTS, JUSTIFICATION_KINDS, ORDER_STATUSES, PHONE_KINDS, POINTS_ENTRY_KINDS, POINTS_TARGETS, SALE_STATUSES,
} from '../../rewards/lists.ts';
export type {
  CampaignPointsCategory, CampaignStatus, CampaignUserEvent, JustificationKind, OrderStatus, PhoneKind, PointsEntryKind, PointsTarget, SaleStatus,
} from '../../rewards/lists.ts';
export * from './paths.ts';
export * from './reference.ts';
export * from './campaigns.ts';
export * from './sales.ts';
export * from './catalog.ts';
