import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from '../common.ts';
import { CAMPAIGN_POINTS_CATEGORIES, CAMPAIGN_STATUSES, CAMPAIGN_USER_EVENTS, POINTS_ENTRY_KINDS, POINTS_TARGETS } from '../../rewards/lists.ts';
import { Ids, NamedRef, NullableDay, NullableInt, NullableInteger, NullableText } from './fields.ts';

// ---- campaigns ----

export const CampaignLevel = Type.Object({
  level_id: Type.Integer({ minimum: 1 }), points_from: Type.Integer({ minimum: 0 }), points_to: NullableInteger({ minimum: 0 }),
});
export type CampaignLevel = Static<typeof CampaignLevel>;
export const PointsRuleSchema = Type.Object({
  target: literalUnion(POINTS_TARGETS), target_id: Type.Integer({ minimum: 1 }), points: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});
/**
 * spec 3 §9 "Points categories": the learning points the campaign also counts in its ledger —
 * null points: what the training or webinar gave; a number: that many per completion.
 */
export const CategoryPointsRule = Type.Object({ category: literalUnion(CAMPAIGN_POINTS_CATEGORIES), points: NullableInteger({ minimum: 0, maximum: 1_000_000 }) });
export type CategoryPointsRule = Static<typeof CategoryPointsRule>;

const campaignFields = {
  title: Type.String({ minLength: 1, maxLength: 256 }),
  /** the rules shown to learners */
  description: Type.String({ maxLength: 20000 }),
  campaign_url: Type.String({ maxLength: 512 }),
  allows_invoice_registration: Type.Boolean(),
  /** spec 3 §6 "Campaign participation requires a specific profile" */
  required_profile_id: NullableInt,
  /** spec 3 §9 "Multiplication base: value not shown": sale points are multiplied by it */
  multiplication_base: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
  start_date: NullableDay,
  end_date: NullableDay,
  email_points_available: Type.String({ maxLength: 20000 }),
  email_end_of_campaign: Type.String({ maxLength: 20000 }),
  areas: Ids,
  profiles: Ids,
  user_groups: Ids,
  /** branches (stores); a store is in one active campaign at a time */
  stores: Ids,
  levels: Type.Array(CampaignLevel, { maxItems: 100 }),
  points_table: Type.Array(PointsRuleSchema, { maxItems: 5000 }),
  category_points: Type.Array(CategoryPointsRule, { maxItems: CAMPAIGN_POINTS_CATEGORIES.length }),
};

export const CampaignInput = Type.Object({
  ...campaignFields,
  description: Type.Optional(campaignFields.description),
  campaign_url: Type.Optional(campaignFields.campaign_url),
  allows_invoice_registration: Type.Optional(Type.Boolean()),
  required_profile_id: Type.Optional(NullableInt),
  multiplication_base: Type.Optional(campaignFields.multiplication_base),
  start_date: Type.Optional(NullableDay),
  end_date: Type.Optional(NullableDay),
  email_points_available: Type.Optional(campaignFields.email_points_available),
  email_end_of_campaign: Type.Optional(campaignFields.email_end_of_campaign),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
  stores: Type.Optional(Ids),
  levels: Type.Optional(campaignFields.levels),
  points_table: Type.Optional(campaignFields.points_table),
  category_points: Type.Optional(campaignFields.category_points),
});
export type CampaignInput = Static<typeof CampaignInput>;

export const Campaign = Type.Object({
  id: Type.Integer(),
  ...campaignFields,
  status: literalUnion(CAMPAIGN_STATUSES),
  published_at: NullableText,
  closed_at: NullableText,
  users_count: Type.Integer(),
  created_at: Type.String(),
});
export type Campaign = Static<typeof Campaign>;

export const CampaignListItem = Type.Object({
  id: Type.Integer(), title: Type.String(), status: literalUnion(CAMPAIGN_STATUSES), start_date: NullableText, end_date: NullableText,
  users_count: Type.Integer(), created_at: Type.String(),
});
export type CampaignListItem = Static<typeof CampaignListItem>;

// ---- people ----

export const CampaignUser = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  level_id: NullableInt,
  level_name: NullableText,
  blocked: Type.Boolean(),
  inscription_date: Type.String(),
  /** earned (credits less reversals), from the ledger */
  total_points: Type.Integer(),
  /** available for redemption, from the ledger */
  points_for_use: Type.Integer(),
});
export type CampaignUser = Static<typeof CampaignUser>;

export const AddCampaignUsersBody = Type.Object({ user_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }) });
export type AddCampaignUsersBody = Static<typeof AddCampaignUsersBody>;
export const AddCampaignUsersAnswer = Type.Object({ added: Type.Integer() });
export const CampaignUserLevelBody = Type.Object({ level_id: NullableInt });
export type CampaignUserLevelBody = Static<typeof CampaignUserLevelBody>;

export const RewardPointsEntry = Type.Object({
  id: Type.Integer(),
  kind: literalUnion(POINTS_ENTRY_KINDS),
  points: Type.Integer(),
  points_from: Type.Integer(),
  points_to: Type.Integer(),
  reason: Type.String(),
  source_id: NullableInt,
  created_at: Type.String(),
});
export type RewardPointsEntry = Static<typeof RewardPointsEntry>;

export const CampaignUserEventEntry = Type.Object({
  id: Type.Integer(),
  event: literalUnion(CAMPAIGN_USER_EVENTS),
  level_from: NullableText,
  level_to: NullableText,
  responsible: NullableText,
  note: Type.String(),
  created_at: Type.String(),
});
export type CampaignUserEventEntry = Static<typeof CampaignUserEventEntry>;

// ---- events with a QR code ----

export const CampaignEvent = Type.Object({
  id: Type.Integer(), campaign_id: Type.Integer(), title: Type.String(), event_date: NullableText, points: Type.Integer(),
  /** what the QR code carries (the portal's /rewards/qrcode/{qr_token} page scans it) */
  qr_token: Type.String(),
  /** how many people scanned it */
  scans: Type.Integer(),
  created_at: Type.String(),
});
export type CampaignEvent = Static<typeof CampaignEvent>;
export const CampaignEventInput = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 256 }),
  event_date: Type.Optional(NullableDay),
  points: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
});
export type CampaignEventInput = Static<typeof CampaignEventInput>;
export const ScanBody = Type.Object({ code: Type.String({ minLength: 8, maxLength: 64 }) });
export type ScanBody = Static<typeof ScanBody>;
export const ScanAnswer = Type.Object({ campaign_id: Type.Integer(), event: Type.String(), points: Type.Integer(), credited: Type.Boolean() });
export type ScanAnswer = Static<typeof ScanAnswer>;

// ---- learner ----

export const LearnerCampaign = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  campaign_url: Type.String(),
  status: literalUnion(CAMPAIGN_STATUSES),
  allows_invoice_registration: Type.Boolean(),
  start_date: NullableText,
  end_date: NullableText,
  /** on the campaign (added by an administrator or by their first sale) */
  enrolled: Type.Boolean(),
  level: Type.Union([NamedRef, Type.Null()]),
  total_points: Type.Integer(),
  points_for_use: Type.Integer(),
  levels: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), points_from: Type.Integer(), points_to: NullableInt })),
  stores: Type.Array(NamedRef),
  /** the photo types an upload is filed under (spec 3 §3 "Photo upload: photo_type") */
  photo_types: Type.Array(NamedRef),
  /** the products a sale may list, with their unit points in this campaign */
  products: Type.Array(Type.Object({ id: Type.Integer(), product: Type.String(), product_code: Type.String(), unit_points: Type.Integer() })),
});
export type LearnerCampaign = Static<typeof LearnerCampaign>;

/** The reports' filters (the lists'): one campaign, optionally one status. */
export const RewardReportRequest = Type.Object({
  campaign_id: Type.Integer({ minimum: 1 }),
  status: Type.Optional(Type.String({ maxLength: 32 })),
});
export type RewardReportRequest = Static<typeof RewardReportRequest>;
