import { Type, type Static } from '@sinclair/typebox';
import { HIERARCHY_TYPE_SLUGS, type HierarchyTypeSlug } from '../trainings/hierarchy.ts';
import { TRAININGS_PATH } from './collections.ts';

/**
 * spec 2 §3.7 hierarchy items and §7.1 "Hierarchy" (configure and publish), JSON.
 * P = /admin_group_trainings/group_trainings/{training_id}.
 *
 * The list is every live item of the training (modules, tests and games not deleted), in
 * hierarchy order. type_title, type_avaliable_in and type_score are read from the items
 * themselves and are display only here: a POST carries them back (the spec's shape) but they
 * are not stored from it, so a stale copy in a browser never overwrites what the module, test
 * or game editor saved. Order and prerequisite are what a POST changes.
 */
export const TRAINING_HIERARCHY_PATH = (trainingId: number | string) =>
  `${TRAININGS_PATH}${trainingId}/group_training_hierarchy/`;

const Slug = Type.Unsafe<HierarchyTypeSlug>({ type: 'string', enum: [...HIERARCHY_TYPE_SLUGS] });

/** One item as GET and POST answer it. */
export const HierarchyItem = Type.Object({
  type_id: Type.Integer(),
  type_slug: Slug,
  type_title: Type.String(),
  hierarchy_order: Type.Integer(),
  /** the prerequisite, or null */
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  parent_slug: Type.Union([Slug, Type.Null()]),
  /** spec 2 §7.1: DD/MM/YYYY, or '' when the item has no date */
  type_avaliable_in: Type.String(),
  /** spec 2 §7.1: '' when 0 (the training score is used) */
  type_score: Type.Union([Type.Number(), Type.Literal('')]),
});
export type HierarchyItem = Static<typeof HierarchyItem>;

/**
 * One item of the POST body. parent_id and type_score take a number, null or '' (the spec's
 * "empty"): the schema leaves them open and the route checks them, because a type union with
 * a string would let the validator's coercion turn null or '' into 0.
 */
export const HierarchyItemInput = Type.Object({
  hierarchy_order: Type.Integer(),
  type_slug: Slug,
  type_id: Type.Integer({ minimum: 1 }),
  type_title: Type.Optional(Type.String({ maxLength: 4000 })),
  parent_id: Type.Optional(Type.Unknown()),
  parent_slug: Type.Optional(Type.Unsafe<HierarchyTypeSlug | null | ''>({
    type: ['string', 'null'], pattern: `^(${HIERARCHY_TYPE_SLUGS.join('|')})?$`,
  })),
  type_avaliable_in: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], pattern: '^(\\d{2}/\\d{2}/\\d{4})?$' })),
  type_score: Type.Optional(Type.Unknown()),
});
export type HierarchyItemInput = Static<typeof HierarchyItemInput>;

export const HierarchyInput = Type.Array(HierarchyItemInput, { maxItems: 2000 });
export type HierarchyInput = Static<typeof HierarchyInput>;

/** YYYY-MM-DD (stored) → DD/MM/YYYY (the hierarchy's wire format); '' for none. */
export function hierarchyDate(day: string | null | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** DD/MM/YYYY (the hierarchy's wire format) → YYYY-MM-DD, or null for '' and anything else. */
export function hierarchyDateToDay(text: string | null | undefined): string | null {
  const match = text ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** A parent_id as sent: a positive integer, or null for none ('' and null); undefined when malformed. */
export function hierarchyParentId(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  return undefined;
}

/** A type_score as sent is a number ≥ 0, a numeric string, '' or null (spec 2 §7.1 "empty if 0"). */
export function isHierarchyScore(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0;
  return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value);
}
