import type { ErrorCode } from '../contract/errors.ts';

/**
 * spec 2 §5.8 configure-and-publish rules over the §3.7 hierarchy items, as pure functions:
 * the admin table uses them to enable buttons and options, the server to check what it stores.
 */
export const HIERARCHY_TYPE_SLUGS = ['module', 'test', 'game'] as const;
export type HierarchyTypeSlug = (typeof HIERARCHY_TYPE_SLUGS)[number];

export interface HierarchyNode {
  type_slug: HierarchyTypeSlug;
  type_id: number;
  hierarchy_order: number;
  parent_slug: HierarchyTypeSlug | null;
  parent_id: number | null;
}

export interface HierarchyRef {
  type_slug: HierarchyTypeSlug;
  type_id: number;
}

export const hierarchyKey = (ref: HierarchyRef): string => `${ref.type_slug}:${ref.type_id}`;
const parentKey = (node: HierarchyNode): string | null =>
  node.parent_slug && node.parent_id != null ? `${node.parent_slug}:${node.parent_id}` : null;
const same = (a: HierarchyRef, b: HierarchyRef) => a.type_slug === b.type_slug && a.type_id === b.type_id;

/** Items by order, renumbered 1..n. */
export function normaliseOrder<T extends HierarchyNode>(items: readonly T[]): T[] {
  return [...items]
    .sort((a, b) => a.hierarchy_order - b.hierarchy_order)
    .map((item, i) => ({ ...item, hierarchy_order: i + 1 }));
}

/** spec 2 §5.8: move up only when order > 1. */
export const canMoveUp = (order: number): boolean => order > 1;
/** spec 2 §5.8: move down only when order < item count. */
export const canMoveDown = (order: number, count: number): boolean => order < count;

/** spec 2 §5.8: the neighbour takes the old position. Returns null when the move is not allowed. */
export function moveItem<T extends HierarchyNode>(items: readonly T[], ref: HierarchyRef, direction: 'up' | 'down'): T[] | null {
  const ordered = normaliseOrder(items);
  const index = ordered.findIndex((i) => same(i, ref));
  if (index < 0) return null;
  const order = index + 1;
  if (direction === 'up' ? !canMoveUp(order) : !canMoveDown(order, ordered.length)) return null;
  const target = direction === 'up' ? index - 1 : index + 1;
  [ordered[index], ordered[target]] = [ordered[target]!, ordered[index]!];
  return normaliseOrder(ordered.map((item, i) => ({ ...item, hierarchy_order: i + 1 })));
}

/** spec 2 §5.8: a typed order must be > 0 and at most the item count. */
export const isValidTypedOrder = (order: number, count: number): boolean => Number.isInteger(order) && order > 0 && order <= count;

/** spec 2 §5.8: a typed order puts the item there; the other items shift to make room. Null when out of range. */
export function setItemOrder<T extends HierarchyNode>(items: readonly T[], ref: HierarchyRef, order: number): T[] | null {
  const ordered = normaliseOrder(items);
  if (!isValidTypedOrder(order, ordered.length)) return null;
  const index = ordered.findIndex((i) => same(i, ref));
  if (index < 0) return null;
  const [moved] = ordered.splice(index, 1);
  ordered.splice(order - 1, 0, moved!);
  return ordered.map((item, i) => ({ ...item, hierarchy_order: i + 1 }));
}

/**
 * spec 2 §5.8 prerequisite options of an item:
 * - not the item itself;
 * - not an item whose prerequisite is this item;
 * - an item without a prerequisite gets options only while fewer than (count − 1) items have
 *   one, so at least one item always stays without a prerequisite.
 */
export function prerequisiteOptions<T extends HierarchyNode>(items: readonly T[], ref: HierarchyRef): T[] {
  const item = items.find((i) => same(i, ref));
  if (!item) return [];
  const withPrerequisite = items.filter((i) => parentKey(i) !== null).length;
  if (parentKey(item) === null && withPrerequisite >= items.length - 1) return [];
  const key = hierarchyKey(item);
  return normaliseOrder(items).filter((other) => !same(other, item) && parentKey(other) !== key);
}

/** Why `ref` cannot take `parent` as prerequisite, or null when it can (null parent clears it). */
export function checkPrerequisite(items: readonly HierarchyNode[], ref: HierarchyRef, parent: HierarchyRef | null): ErrorCode | null {
  const item = items.find((i) => same(i, ref));
  if (!item) return 'hierarchy_unknown_item';
  if (parent === null) return null;
  if (same(item, parent)) return 'hierarchy_item_is_own_prerequisite';
  const target = items.find((i) => same(i, parent));
  if (!target) return 'hierarchy_unknown_item';
  if (parentKey(target) === hierarchyKey(item)) return 'hierarchy_circular_prerequisite';
  if (!prerequisiteOptions(items, ref).some((o) => same(o, parent))) return 'hierarchy_one_item_without_prerequisite';
  return null;
}

/**
 * Sets (or, with null, clears) the prerequisite of `ref`, after checking it with
 * `checkPrerequisite`: the new list, or the error code that refuses it.
 */
export function setPrerequisite<T extends HierarchyNode>(items: readonly T[], ref: HierarchyRef, parent: HierarchyRef | null): T[] | ErrorCode {
  const refused = checkPrerequisite(items, ref, parent);
  if (refused) return refused;
  return items.map((item) => (same(item, ref)
    ? { ...item, parent_slug: parent?.type_slug ?? null, parent_id: parent?.type_id ?? null }
    : item));
}

/** Orders are exactly 1..n, in any sequence (no gap, no repeat, no zero). */
export function hasSequentialOrders(items: readonly Pick<HierarchyNode, 'hierarchy_order'>[]): boolean {
  const orders = items.map((i) => i.hierarchy_order).sort((a, b) => a - b);
  return orders.every((o, i) => o === i + 1);
}

/**
 * The hierarchy of a training as it stands now, from the stored rows and the live items
 * (modules, tests and games not deleted, in creation order), for every reader and writer:
 * - stored rows of live items keep their relative order (renumbered 1..n) and prerequisite;
 * - a prerequisite on a deleted item passes to that item's own nearest live prerequisite
 *   (A ← B ← C with B deleted becomes A ← C), so the author's sequence survives a deletion;
 * - live items without a row are appended at the end, in creation order, without prerequisite;
 * - rows of deleted items are dropped.
 * A stored hierarchy that passed `validateHierarchy` stays valid through this.
 */
export function reconcileHierarchy(stored: readonly HierarchyNode[], live: readonly HierarchyRef[]): HierarchyNode[] {
  const liveKeys = new Set(live.map(hierarchyKey));
  const byKey = new Map(stored.map((node) => [hierarchyKey(node), node]));
  const nearestLive = (node: HierarchyNode): HierarchyRef | null => {
    const seen = new Set<string>();
    let key = parentKey(node);
    while (key !== null) {
      // a live parent is kept as it is, even the item itself: validateHierarchy judges that
      if (liveKeys.has(key)) {
        const [type_slug, id] = key.split(':');
        return { type_slug: type_slug as HierarchyTypeSlug, type_id: Number(id) };
      }
      if (seen.has(key)) return null;
      seen.add(key);
      const next = byKey.get(key);
      key = next ? parentKey(next) : null;
    }
    return null;
  };
  const kept = normaliseOrder(stored.filter((node) => liveKeys.has(hierarchyKey(node)))).map((node): HierarchyNode => {
    const parent = nearestLive(node);
    return {
      type_slug: node.type_slug, type_id: node.type_id, hierarchy_order: node.hierarchy_order,
      parent_slug: parent?.type_slug ?? null, parent_id: parent?.type_id ?? null,
    };
  });
  const known = new Set(kept.map(hierarchyKey));
  const added = live.filter((ref) => !known.has(hierarchyKey(ref))).map((ref, i): HierarchyNode => ({
    type_slug: ref.type_slug, type_id: ref.type_id, hierarchy_order: kept.length + i + 1, parent_slug: null, parent_id: null,
  }));
  return [...kept, ...added];
}

/**
 * Checks a whole hierarchy as the server receives it (spec 2 §7.1 POST P/group_training_hierarchy/):
 * orders 1..n without gaps or repeats, every item once, prerequisites that exist, no item its own
 * prerequisite, no cycle, and at least one item without a prerequisite. The editor only lets
 * 2-cycles be formed; longer cycles are refused as well because no learner could ever start them.
 */
export function validateHierarchy(items: readonly HierarchyNode[]): ErrorCode | null {
  if (items.length === 0) return null;
  const keys = new Set(items.map(hierarchyKey));
  if (keys.size !== items.length) return 'hierarchy_unknown_item';
  if (!hasSequentialOrders(items)) return 'hierarchy_invalid_order';
  const parents = new Map<string, string | null>();
  for (const item of items) {
    const parent = parentKey(item);
    if (parent !== null && !keys.has(parent)) return 'hierarchy_unknown_item';
    if (parent === hierarchyKey(item)) return 'hierarchy_item_is_own_prerequisite';
    parents.set(hierarchyKey(item), parent);
  }
  if ([...parents.values()].every((p) => p !== null)) return 'hierarchy_one_item_without_prerequisite';
  for (const start of keys) {
    const seen = new Set<string>([start]);
    let next = parents.get(start) ?? null;
    while (next !== null) {
      if (seen.has(next)) return 'hierarchy_circular_prerequisite';
      seen.add(next);
      next = parents.get(next) ?? null;
    }
  }
  return null;
}
