import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from '../common.ts';
import { JUSTIFICATION_KINDS } from '../../rewards/lists.ts';
import { NamedRef, NullableInt } from './fields.ts';

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
