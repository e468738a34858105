import { Type } from '@sinclair/typebox';

/** The field shapes the reward contracts share (not exported by the index). */

// type arrays, not unions: the validator's coercion would turn a null into 0 for the first branch of a union
export const NullableInteger = (options: { minimum?: number; maximum?: number } = {}) => Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
export const NullableInt = NullableInteger();
export const NullableText = Type.Unsafe<string | null>({ type: ['string', 'null'] });
export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const Day = Type.String({ pattern: DAY_PATTERN });
export const NullableDay = Type.Unsafe<string | null>({ type: ['string', 'null'], pattern: DAY_PATTERN });
export const NamedRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
