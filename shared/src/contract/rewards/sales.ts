import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, literalUnion } from '../common.ts';
import { SALE_STATUSES } from '../../rewards/lists.ts';
import { Day, NamedRef, NullableInt, NullableText } from './fields.ts';

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
