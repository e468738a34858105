import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, literalUnion } from './common.ts';
import {
  CAMPAIGN_STATUSES, CAMPAIGN_USER_EVENTS, JUSTIFICATION_KINDS, ORDER_STATUSES, PHONE_KINDS, POINTS_ENTRY_KINDS, POINTS_TARGETS, SALE_STATUSES,
} from '../rewards/lists.ts';

export {
  CAMPAIGN_STATUSES, CAMPAIGN_USER_EVENTS, JUSTIFICATION_KINDS, ORDER_STATUSES, PHONE_KINDS, POINTS_ENTRY_KINDS, POINTS_TARGETS, SALE_STATUSES,
} from '../rewards/lists.ts';
export type {
  CampaignStatus, CampaignUserEvent, JustificationKind, OrderStatus, PhoneKind, PointsEntryKind, PointsTarget, SaleStatus,
} from '../rewards/lists.ts';

/**
 * Reward and incentive campaigns (spec 3 §1 "Reward / incentive campaigns", §2 "Reward
 * campaigns", §3–§5, §8 "Campaigns", §9; spec 1 §3.8 reward lookups, §6.2 "Rewards"). The spec
 * shows no route path or call of this area (spec 3 §2 "their route paths are not shown"), so the
 * admin paths follow the face-to-face shape under /admin_rewards/ and the learner's live under
 * /rewards/ (docs/api.md "Rewards"). The rules are in shared/src/rewards/.
 */
const ADMIN = '/admin_rewards/';
const LEARNER = '/rewards/';
type Id = number | string;

export const REWARD_PATHS = {
  // reference data (spec 3 §3 "Other reward reference lists", spec 1 §3.8)
  categories: `${ADMIN}categories/`,
  departments: `${ADMIN}departments/`,
  brands: `${ADMIN}brands/`,
  saleProductTypes: `${ADMIN}sale_product_types/`,
  saleProducts: `${ADMIN}sale_products/`,
  uploadFileTypes: `${ADMIN}upload_file_types/`,
  levels: `${ADMIN}levels/`,
  justifications: `${ADMIN}audit_justifications/`,
  rewardTypes: `${ADMIN}reward_types/`,
  // campaigns (reward_campaigns)
  campaigns: `${ADMIN}campaigns/`,
  campaign: (id: Id) => `${ADMIN}campaigns/${id}/`,
  /** POST → Campaign: draft → published (the fields lock) */
  publish: (id: Id) => `${ADMIN}campaigns/${id}/publish/`,
  /** POST → Campaign: published → closed (final points, level recalculation, end-of-campaign e-mails) */
  close: (id: Id) => `${ADMIN}campaigns/${id}/close/`,
  /** GET the people (both envelopes); POST {user_ids} adds them */
  people: (id: Id) => `${ADMIN}campaigns/${id}/users/`,
  /** DELETE: removes the user with their sales and points (irreversible) */
  person: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/`,
  block: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/block/`,
  unblock: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/unblock/`,
  /** POST {level_id} (users_reward_levels) */
  level: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/level/`,
  /** GET the person's timelines: status and level history, points statement, sales, redeem orders */
  history: (id: Id, userId: Id) => `${ADMIN}campaigns/${id}/users/${userId}/history/`,
  /** GET / POST CampaignEventInput: events linked to the campaign with a QR code (events_qrcode) */
  events: (id: Id) => `${ADMIN}campaigns/${id}/events/`,
  event: (id: Id, eventId: Id) => `${ADMIN}campaigns/${id}/events/${eventId}/`,
  // sales and audit (auditor and processor)
  sales: `${ADMIN}sales/`,
  sale: (id: Id) => `${ADMIN}sales/${id}/`,
  /** POST SaleAuditBody → Sale */
  audit: (id: Id) => `${ADMIN}sales/${id}/audit/`,
  /** GET the photo uploads (filters campaign_id, status); POST {id}/audit/ PhotoAuditBody; DELETE {id}/ (irreversible) */
  photos: `${ADMIN}photos/`,
  photo: (id: Id) => `${ADMIN}photos/${id}/`,
  photoAudit: (id: Id) => `${ADMIN}photos/${id}/audit/`,
  // catalog (reward) and orders (reward_orders)
  rewards: `${ADMIN}rewards/`,
  reward: (id: Id) => `${ADMIN}rewards/${id}/`,
  /** POST {codes} → {added, available}: redemption codes (each handed out once) */
  codes: (id: Id) => `${ADMIN}rewards/${id}/codes/`,
  orders: `${ADMIN}orders/`,
  order: (id: Id) => `${ADMIN}orders/${id}/`,
  /** POST OrderStatusBody → RedeemOrder */
  orderStatus: (id: Id) => `${ADMIN}orders/${id}/status/`,
  /** POST RewardReportRequest → 202 ReportAccepted: e-mailed xlsx (reports registry) */
  salesReport: `${ADMIN}sales/report/`,
  pointsReport: `${ADMIN}campaigns/points_report/`,
  ordersReport: `${ADMIN}orders/report/`,
} as const;

export const LEARNER_REWARD_PATHS = {
  /** the published campaigns the learner is on or in the audience of */
  campaigns: `${LEARNER}campaigns/`,
  campaign: (id: Id) => `${LEARNER}campaigns/${id}/`,
  /** the points statement (the ledger with running balances) */
  statement: (id: Id) => `${LEARNER}campaigns/${id}/statement/`,
  /** GET my sales; POST SaleInput → Sale */
  sales: (id: Id) => `${LEARNER}campaigns/${id}/sales/`,
  catalog: (id: Id) => `${LEARNER}campaigns/${id}/catalog/`,
  /** POST RedeemBody → RedeemOrder */
  redeem: (id: Id) => `${LEARNER}campaigns/${id}/redeem/`,
  orders: (id: Id) => `${LEARNER}campaigns/${id}/orders/`,
  /** GET my photos; POST PhotoInput → PhotoUpload */
  photos: (id: Id) => `${LEARNER}campaigns/${id}/photos/`,
  /** POST ScanBody → ScanAnswer: the QR code of an event read at the event credits its points once */
  scan: `${LEARNER}qrcode/`,
} as const;

/** tus metadata `kind` of an invoice photo (jpg, jpeg, png; validated by content). */
export const REWARD_UPLOAD_KINDS = { invoice: 'reward_invoice', photo: 'reward_photo' } as const;

// type arrays, not unions: the validator's coercion would turn a null into 0 for the first branch of a union
const NullableInteger = (options: { minimum?: number; maximum?: number } = {}) => Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
const NullableInt = NullableInteger();
const NullableText = Type.Unsafe<string | null>({ type: ['string', 'null'] });
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const Day = Type.String({ pattern: DAY_PATTERN });
const NullableDay = Type.Unsafe<string | null>({ type: ['string', 'null'], pattern: DAY_PATTERN });
const NamedRef = Type.Object({ id: Type.Integer(), name: Type.String() });
const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });

// ---- reference data ----

export const RewardNamedItem = NamedRef;
export type RewardNamedItem = Static<typeof RewardNamedItem>;
export const RewardNamedInput = Type.Object({ name: Type.String({ minLength: 1, maxLength: 256 }) });
export type RewardNamedInput = Static<typeof RewardNamedInput>;

/** spec 3 §3 "Sale … product, product_code, sku", with its brand and type (the points table's targets). */
export const SaleProductItem = Type.Object({
  id: Type.Integer(), product: Type.String(), product_code: Type.String(), sku: Type.String(), brand_id: NullableInt, product_type_id: NullableInt,
});
export type SaleProductItem = Static<typeof SaleProductItem>;
export const SaleProductInput = Type.Object({
  product: Type.String({ minLength: 1, maxLength: 256 }),
  product_code: Type.Optional(Type.String({ maxLength: 64 })),
  sku: Type.Optional(Type.String({ maxLength: 64 })),
  brand_id: Type.Optional(NullableInt),
  product_type_id: Type.Optional(NullableInt),
});
export type SaleProductInput = Static<typeof SaleProductInput>;

/** reward_audit_sell_justifications (kind sale) and reward_audit_file_justifications (kind file). */
export const JustificationItem = Type.Object({ id: Type.Integer(), kind: literalUnion(JUSTIFICATION_KINDS), text: Type.String() });
export type JustificationItem = Static<typeof JustificationItem>;
export const JustificationInput = Type.Object({ kind: literalUnion(JUSTIFICATION_KINDS), text: Type.String({ minLength: 1, maxLength: 1000 }) });
export type JustificationInput = Static<typeof JustificationInput>;

// ---- campaigns ----

export const CampaignLevel = Type.Object({
  level_id: Type.Integer({ minimum: 1 }), points_from: Type.Integer({ minimum: 0 }), points_to: NullableInteger({ minimum: 0 }),
});
export type CampaignLevel = Static<typeof CampaignLevel>;
export const PointsRuleSchema = Type.Object({
  target: literalUnion(POINTS_TARGETS), target_id: Type.Integer({ minimum: 1 }), points: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});

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

// ---- sales ----

export const SaleItem = Type.Object({
  product_id: Type.Integer(), product: Type.String(), product_code: Type.String(), sku: Type.String(),
  product_type_id: NullableInt, brand_id: NullableInt, quantity: Type.Integer(), unit_points: Type.Integer(), points: Type.Integer(),
});
export const Sale = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.Integer(),
  user: NamedRef,
  sale_date: Type.String(),
  invoice_number: Type.String(),
  branch_id: NullableInt,
  branch_name: NullableText,
  retailer: Type.String(),
  status: literalUnion(SALE_STATUSES),
  status_comment: Type.String(),
  justification_id: NullableInt,
  justification: Type.String(),
  observation: Type.String(),
  audited: Type.Boolean(),
  auditor: Type.Union([NamedRef, Type.Null()]),
  audited_at: NullableText,
  sale_total_points: Type.Integer(),
  /** a signed, expiring link to the invoice photo */
  invoice_url: NullableText,
  items: Type.Array(SaleItem),
  created_at: Type.String(),
});
export type Sale = Static<typeof Sale>;

export const SaleInput = Type.Object({
  sale_date: Day,
  invoice_number: Type.String({ minLength: 1, maxLength: 64 }),
  branch_id: Type.Optional(NullableInt),
  retailer: Type.Optional(Type.String({ maxLength: 256 })),
  /** one entry per product ("add new product" for more) */
  products: Type.Array(Type.Object({ product_id: Type.Integer({ minimum: 1 }), quantity: Type.Integer({ minimum: 1, maximum: 100_000 }) }), { minItems: 1, maxItems: 200 }),
  /** a finished tus upload of REWARD_UPLOAD_KINDS.invoice */
  invoice_upload: Type.String({ minLength: 1, maxLength: 128 }),
});
export type SaleInput = Static<typeof SaleInput>;

export const SaleListQuery = Type.Composite([ListQuery, Type.Object({
  campaign_id: Type.Optional(Type.Integer({ minimum: 1 })),
  status: Type.Optional(literalUnion(SALE_STATUSES)),
  user_id: Type.Optional(Type.Integer({ minimum: 1 })),
})]);
export type SaleListQuery = Static<typeof SaleListQuery>;

export const SaleAuditBody = Type.Object({
  status: literalUnion(['approved', 'reproved'] as const),
  justification_id: Type.Optional(NullableInt),
  justification: Type.Optional(Type.String({ maxLength: 2000 })),
  observation: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type SaleAuditBody = Static<typeof SaleAuditBody>;

// ---- photo uploads ----

export const PhotoUpload = Type.Object({
  id: Type.Integer(), campaign_id: Type.Integer(), user: NamedRef, photo_type_id: NullableInt, photo_type: NullableText, information: Type.String(),
  /** a signed, expiring link */
  url: Type.String(),
  status: literalUnion(SALE_STATUSES), reproval_reason: Type.String(), audited_at: NullableText, created_at: Type.String(),
});
export type PhotoUpload = Static<typeof PhotoUpload>;
export const PhotoInput = Type.Object({
  photo_type_id: NullableInt,
  information: Type.Optional(Type.String({ maxLength: 2000 })),
  /** a finished tus upload of REWARD_UPLOAD_KINDS.photo */
  upload: Type.String({ minLength: 1, maxLength: 128 }),
});
export type PhotoInput = Static<typeof PhotoInput>;
export const PhotoListQuery = Type.Composite([ListQuery, Type.Object({
  campaign_id: Type.Optional(Type.Integer({ minimum: 1 })),
  status: Type.Optional(literalUnion(SALE_STATUSES)),
})]);
export type PhotoListQuery = Static<typeof PhotoListQuery>;
export const PhotoAuditBody = Type.Object({
  status: literalUnion(['approved', 'reproved'] as const),
  justification_id: Type.Optional(NullableInt),
  justification: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type PhotoAuditBody = Static<typeof PhotoAuditBody>;

// ---- catalog ----

const rewardFields = {
  reward_title: Type.String({ minLength: 1, maxLength: 256 }),
  reward_type_id: NullableInt,
  category_id: NullableInt,
  department_id: NullableInt,
  brand_id: NullableInt,
  /** null: redeemable in every campaign of the client */
  campaign_id: NullableInt,
  description: Type.String({ maxLength: 20000 }),
  image_url: NullableText,
  points_to_aquire: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  qty_in_stock: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  purchase_limit_quantity: NullableInteger({ minimum: 1, maximum: 100_000 }),
  is_featured: Type.Boolean(),
  sku: Type.String({ maxLength: 64 }),
  supplier_name: Type.String({ maxLength: 256 }),
  redemption_link: Type.String({ maxLength: 1024 }),
  vouchers: Type.String({ maxLength: 20000 }),
  redeem_instructions: Type.String({ maxLength: 20000 }),
  /** every redemption takes one of the imported codes */
  uses_redeem_codes: Type.Boolean(),
  active: Type.Boolean(),
};
const REQUIRED_REWARD_FIELDS = ['reward_title', 'points_to_aquire', 'qty_in_stock'] as const;
export const RewardInput = Type.Composite([
  Type.Pick(Type.Object(rewardFields), REQUIRED_REWARD_FIELDS),
  Type.Partial(Type.Omit(Type.Object(rewardFields), REQUIRED_REWARD_FIELDS)),
]);
export type RewardInput = Static<typeof RewardInput>;
export const Reward = Type.Object({ id: Type.Integer(), ...rewardFields, codes_available: Type.Integer(), created_at: Type.String() });
export type Reward = Static<typeof Reward>;

export const RedeemCodesBody = Type.Object({ codes: Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { minItems: 1, maxItems: 10_000 }) });
export type RedeemCodesBody = Static<typeof RedeemCodesBody>;
export const RedeemCodesAnswer = Type.Object({ added: Type.Integer(), available: Type.Integer() });

// ---- redeem orders ----

export const Requester = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 256 }),
  email: Type.String({ maxLength: 256 }),
  document: Type.Optional(Type.String({ maxLength: 64 })),
  phone: Type.Object({
    kind: literalUnion(PHONE_KINDS),
    country_code: Type.String({ maxLength: 8 }),
    area_code: Type.String({ maxLength: 8 }),
    number: Type.String({ minLength: 3, maxLength: 32 }),
  }),
  address: Type.Object({
    zip_code: Type.String({ maxLength: 16 }),
    street: Type.String({ minLength: 1, maxLength: 256 }),
    number: Type.String({ maxLength: 32 }),
    complement: Type.Optional(Type.String({ maxLength: 256 })),
    district: Type.Optional(Type.String({ maxLength: 256 })),
    city: Type.String({ minLength: 1, maxLength: 256 }),
    state: Type.String({ maxLength: 64 }),
    country: Type.String({ maxLength: 64 }),
  }),
});
export type Requester = Static<typeof Requester>;

export const RedeemBody = Type.Object({
  reward_id: Type.Integer({ minimum: 1 }),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  requester: Requester,
});
export type RedeemBody = Static<typeof RedeemBody>;

export const OrderHistoryEntry = Type.Object({
  id: Type.Integer(),
  previous_status: Type.Union([literalUnion(ORDER_STATUSES), Type.Null()]),
  status: literalUnion(ORDER_STATUSES),
  status_comment: Type.String(),
  responsible: NullableText,
  created_at: Type.String(),
});
export type OrderHistoryEntry = Static<typeof OrderHistoryEntry>;

export const RedeemOrder = Type.Object({
  id: Type.Integer(),
  order_number: Type.String(),
  campaign_id: Type.Integer(),
  reward_id: Type.Integer(),
  reward_title: Type.String(),
  user: NamedRef,
  quantity: Type.Integer(),
  points: Type.Integer(),
  status: literalUnion(ORDER_STATUSES),
  status_comment: Type.String(),
  requester: Requester,
  /** the learner sees it once the order is approved */
  redeem_code: NullableText,
  redemption_link: Type.String(),
  redeem_instructions: Type.String(),
  registration_date: Type.String(),
  redeem_date: NullableText,
  history: Type.Array(OrderHistoryEntry),
});
export type RedeemOrder = Static<typeof RedeemOrder>;

export const OrderListQuery = Type.Composite([ListQuery, Type.Object({
  campaign_id: Type.Optional(Type.Integer({ minimum: 1 })),
  status: Type.Optional(literalUnion(ORDER_STATUSES)),
})]);
export type OrderListQuery = Static<typeof OrderListQuery>;

export const OrderStatusBody = Type.Object({
  status: literalUnion(['approved', 'reproved', 'shipped', 'delivered'] as const),
  status_comment: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type OrderStatusBody = Static<typeof OrderStatusBody>;

export const CampaignUserHistory = Type.Object({
  user: CampaignUser,
  events: Type.Array(CampaignUserEventEntry),
  points: Type.Array(RewardPointsEntry),
  sales: Type.Array(Sale),
  orders: Type.Array(RedeemOrder),
});
export type CampaignUserHistory = Static<typeof CampaignUserHistory>;

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
  /** the products a sale may list, with their unit points in this campaign */
  products: Type.Array(Type.Object({ id: Type.Integer(), product: Type.String(), product_code: Type.String(), unit_points: Type.Integer() })),
});
export type LearnerCampaign = Static<typeof LearnerCampaign>;

export const LearnerCatalogQuery = Type.Composite([ListQuery, Type.Object({
  category_id: Type.Optional(Type.Integer({ minimum: 1 })),
  brand_id: Type.Optional(Type.Integer({ minimum: 1 })),
  featured: Type.Optional(Type.Boolean()),
})]);
export type LearnerCatalogQuery = Static<typeof LearnerCatalogQuery>;

/** The reports' filters (the lists'): one campaign, optionally one status. */
export const RewardReportRequest = Type.Object({
  campaign_id: Type.Integer({ minimum: 1 }),
  status: Type.Optional(Type.String({ maxLength: 32 })),
});
export type RewardReportRequest = Static<typeof RewardReportRequest>;
