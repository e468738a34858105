import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, literalUnion } from '../common.ts';
import { ORDER_STATUSES, PHONE_KINDS } from '../../rewards/lists.ts';
import { CampaignUser, CampaignUserEventEntry, RewardPointsEntry } from './campaigns.ts';
import { NamedRef, NullableInt, NullableInteger, NullableText } from './fields.ts';
import { Sale } from './sales.ts';

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
/** "save and validate" of a codes spreadsheet: the finished tus upload (REWARD_CODES_UPLOAD_KIND). */
export const RewardCodesImportCreate = Type.Object({ upload_id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) });
export type RewardCodesImportCreate = Static<typeof RewardCodesImportCreate>;
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

export const LearnerCatalogQuery = Type.Composite([ListQuery, Type.Object({
  category_id: Type.Optional(Type.Integer({ minimum: 1 })),
  brand_id: Type.Optional(Type.Integer({ minimum: 1 })),
  featured: Type.Optional(Type.Boolean()),
})]);
export type LearnerCatalogQuery = Static<typeof LearnerCatalogQuery>;
