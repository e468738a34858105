/**
 * Trail rules (spec 2 §2.4, §3.8) the admin form and the server both apply: the basic data,
 * and the ordered modules with their prerequisites, which follow the §5.8 hierarchy rules of
 * shared/src/trainings/hierarchy.ts.
 */
import type { ErrorCode } from './contract/errors.ts';
import { isApiDate } from './dates/index.ts';
import { validateAudience, type AudienceValues, type TrainingFieldErrors } from './trainings/basicData.ts';
import { htmlToPlainText, plainLength } from './trainings/html.ts';
import {
  checkPrerequisite, isValidTypedOrder, moveItem, normaliseOrder, prerequisiteOptions, setItemOrder,
  validateHierarchy, type HierarchyNode, type HierarchyRef,
} from './trainings/hierarchy.ts';

/**
 * Kinds of trail module. spec 2 §2.4 names seven (trainings, live classes, news, podcasts,
 * libraries, webinars, course catalogs); a kind joins this list when its content exists (course
 * catalogs do not exist yet). The order is the admin's kind selector's.
 *
 * When a module is done for a learner — from what its own module records, nothing else:
 * - training: the enrollment is finished (every published activity done, spec 2 §4.6);
 * - live_class: the learner completed it (entered the room, the class was set Finished, and the
 *   reaction evaluation answered when it has one — spec 3 §4, server/src/liveClasses/completion.ts);
 * - webcast: the learner watched it: opened its page while it was live or its recording ready;
 * - news: the learner read it (opened the item);
 * - podcast: the learner listened to it (finished: 90 % heard, spec 3 §5);
 * - library_file: the learner viewed (previewed) or downloaded the file.
 * docs/api.md "Trails" repeats this for the API's readers.
 */
export const TRAIL_ITEM_KINDS = ['training', 'live_class', 'webcast', 'news', 'podcast', 'library_file'] as const;
export type TrailItemKind = (typeof TRAIL_ITEM_KINDS)[number];
export const isTrailItemKind = (value: unknown): value is TrailItemKind =>
  typeof value === 'string' && (TRAIL_ITEM_KINDS as readonly string[]).includes(value);

/**
 * A trail's percent (spec 2 §3.8): the mean of its modules' percents, rounded down — 100 only
 * when every module is done. A module other than a training is 0 or 100 (a podcast: its heard
 * percent until it counts as listened).
 */
export function trailPercentOf(percents: readonly number[]): number {
  if (percents.length === 0) return 0;
  return Math.floor(percents.reduce((sum, p) => sum + Math.max(0, Math.min(100, p)), 0) / percents.length);
}

/** spec 2 §9 limits as they apply to trails (title and text as for trainings, score 0–99999). */
export const TRAIL_LIMITS = {
  titleMax: 256,
  descriptionMax: 1024,
  scoreMin: 0,
  scoreMax: 99999,
  orderMin: 0,
  orderMax: 999999,
  categoryNameMax: 150,
} as const;

export const TRAIL_DEFAULTS = {
  /** as portfolio_order (spec 2 §9): a trail without an order of its own comes last */
  order: 9999,
  score: 0,
} as const;

/** spec 4 "Search": autocomplete from 3 characters, at most 25 results. */
export const TRAIL_ITEM_SEARCH = { minChars: 3, maxResults: 25 } as const;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

export interface TrailBasicData extends AudienceValues {
  title?: string | null;
  /** HTML */
  description?: string | null;
  score?: number | null;
  order?: number | null;
  /** YYYY-MM-DD */
  availability_date?: string | null;
  /** YYYY-MM-DD; the first day the trail is no longer published (spec 2 §4.6 "as for trainings") */
  date_to_unpublish?: string | null;
}

export interface TrailBasicDataContext {
  /** the user holds trails_set_score (spec 2 §6) */
  canSetScore: boolean;
  /** the client uses training subscription: mandatory areas / profiles apply (spec 2 §5.1) */
  useSubscription: boolean;
}

const isBlankNumber = (n: number | null | undefined): boolean => n === null || n === undefined || Number.isNaN(n);

/**
 * spec 2 §3.8 trail basic data: title required ≤ 256; description ≤ 1024 plain characters;
 * score 0–99999 (required from those who may set it); order ≥ 0; dates are calendar days and
 * the unpublish date comes after the availability date; the audience as for trainings (§5.1).
 */
export function validateTrailBasicData(values: TrailBasicData, ctx: TrailBasicDataContext): TrainingFieldErrors {
  const errors: TrainingFieldErrors = {};
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > TRAIL_LIMITS.titleMax) errors.title = 'title_too_long';

  if (plainLength(htmlToPlainText(values.description)) > TRAIL_LIMITS.descriptionMax) errors.description = 'introduction_too_long';

  const score = values.score;
  if (isBlankNumber(score)) {
    if (ctx.canSetScore) errors.score = REQUIRED;
  } else if (!Number.isInteger(score) || score! < TRAIL_LIMITS.scoreMin || score! > TRAIL_LIMITS.scoreMax) {
    errors.score = 'score_out_of_range';
  }

  const order = values.order;
  if (!isBlankNumber(order) && (!Number.isInteger(order) || order! < TRAIL_LIMITS.orderMin || order! > TRAIL_LIMITS.orderMax)) {
    errors.order = 'validation_error';
  }

  const from = values.availability_date || null;
  const to = values.date_to_unpublish || null;
  if (from && !isApiDate(from)) errors.availability_date = 'validation_error';
  if (to && !isApiDate(to)) errors.date_to_unpublish = 'validation_error';
  else if (to && from && isApiDate(from) && to <= from) errors.date_to_unpublish = 'date_to_unpublish_before_availability';

  Object.assign(errors, validateAudience(values, ctx.useSubscription));
  return errors;
}

// ---- modules (items) ----

export interface TrailItemRef {
  kind: TrailItemKind;
  item_id: number;
}

/** One ordered module of a trail as the rules see it. */
export interface TrailItemNode extends TrailItemRef {
  /** 1..n */
  order: number;
  /** another item of the same trail, or none */
  prerequisite: TrailItemRef | null;
}

export const trailItemKey = (ref: TrailItemRef): string => `${ref.kind}:${ref.item_id}`;
export const sameTrailItem = (a: TrailItemRef | null | undefined, b: TrailItemRef | null | undefined): boolean =>
  !!a && !!b && a.kind === b.kind && a.item_id === b.item_id;

/**
 * The §5.8 rules speak of hierarchy nodes keyed by (type_slug, type_id). A trail item is keyed
 * by (kind, item_id) instead, so each distinct item is given a node id of its own here and
 * every answer is mapped back: the rules run unchanged, once, for trainings and trails.
 */
const NODE_SLUG = 'module' as const;

class NodeIds {
  private readonly ids = new Map<string, number>();
  private readonly refs: TrailItemRef[] = [];

  ref(ref: TrailItemRef): HierarchyRef {
    const key = trailItemKey(ref);
    let id = this.ids.get(key);
    if (id === undefined) {
      this.refs.push({ kind: ref.kind, item_id: ref.item_id });
      id = this.refs.length;
      this.ids.set(key, id);
    }
    return { type_slug: NODE_SLUG, type_id: id };
  }

  node(item: TrailItemNode): HierarchyNode {
    const parent = item.prerequisite ? this.ref(item.prerequisite) : null;
    return { ...this.ref(item), hierarchy_order: item.order, parent_slug: parent?.type_slug ?? null, parent_id: parent?.type_id ?? null };
  }

  item(node: HierarchyRef): TrailItemRef {
    return this.refs[node.type_id - 1]!;
  }
}

/** Writes the order and prerequisite of each node back onto its item, in the nodes' sequence. */
function fromNodes<T extends TrailItemNode>(ids: NodeIds, items: readonly T[], nodes: readonly HierarchyNode[]): T[] {
  return nodes.map((node) => {
    const ref = ids.item(node);
    const item = items.find((i) => sameTrailItem(i, ref))!;
    const parent = node.parent_id === null ? null : ids.item({ type_slug: NODE_SLUG, type_id: node.parent_id });
    return { ...item, order: node.hierarchy_order, prerequisite: parent ? { kind: parent.kind, item_id: parent.item_id } : null };
  });
}

function withNodes<T extends TrailItemNode>(items: readonly T[]) {
  const ids = new NodeIds();
  return { ids, nodes: items.map((item) => ids.node(item)) };
}

/** Items by order, renumbered 1..n. */
export function normaliseTrailItems<T extends TrailItemNode>(items: readonly T[]): T[] {
  const { ids, nodes } = withNodes(items);
  return fromNodes(ids, items, normaliseOrder(nodes));
}

export const isValidTrailItemOrder = isValidTypedOrder;

/** spec 2 §5.8 move: the neighbour takes the old position; null when not allowed. */
export function moveTrailItem<T extends TrailItemNode>(items: readonly T[], ref: TrailItemRef, direction: 'up' | 'down'): T[] | null {
  const { ids, nodes } = withNodes(items);
  const moved = moveItem(nodes, ids.ref(ref), direction);
  return moved && fromNodes(ids, items, moved);
}

/** spec 2 §5.8 typed order: the item goes there and the others shift; null when out of range. */
export function setTrailItemOrder<T extends TrailItemNode>(items: readonly T[], ref: TrailItemRef, order: number): T[] | null {
  const { ids, nodes } = withNodes(items);
  const placed = setItemOrder(nodes, ids.ref(ref), order);
  return placed && fromNodes(ids, items, placed);
}

/** spec 2 §5.8 prerequisite options of an item (not itself, not an item that depends on it, one item always free). */
export function trailPrerequisiteOptions<T extends TrailItemNode>(items: readonly T[], ref: TrailItemRef): T[] {
  const { ids, nodes } = withNodes(items);
  return prerequisiteOptions(nodes, ids.ref(ref)).map((node) => items.find((i) => sameTrailItem(i, ids.item(node)))!);
}

/** Sets (null clears) the prerequisite of `ref` after the §5.8 checks: the new list, or the refusing code. */
export function setTrailPrerequisite<T extends TrailItemNode>(items: readonly T[], ref: TrailItemRef, parent: TrailItemRef | null): T[] | ErrorCode {
  const { ids, nodes } = withNodes(items);
  const refused = checkPrerequisite(nodes, ids.ref(ref), parent && ids.ref(parent));
  if (refused) return refused;
  return items.map((item) => (sameTrailItem(item, ref) ? { ...item, prerequisite: parent && { kind: parent.kind, item_id: parent.item_id } } : item));
}

/** Appends an item at the end, without prerequisite; the list unchanged when it is already there. */
export function addTrailItem<T extends TrailItemNode>(items: readonly T[], item: T): T[] {
  if (items.some((i) => sameTrailItem(i, item))) return [...items];
  return [...normaliseTrailItems(items), { ...item, order: items.length + 1, prerequisite: null }];
}

/** Removes an item; items that had it as prerequisite lose it, and the rest is renumbered. */
export function removeTrailItem<T extends TrailItemNode>(items: readonly T[], ref: TrailItemRef): T[] {
  const kept = items
    .filter((item) => !sameTrailItem(item, ref))
    .map((item) => (sameTrailItem(item.prerequisite, ref) ? { ...item, prerequisite: null } : item));
  return normaliseTrailItems(kept);
}

/**
 * A whole list as the server receives it: known kinds, each item once, orders 1..n, and the
 * §5.8 prerequisite rules (existing items, not itself, no cycle, one item without one).
 */
export function validateTrailItems(items: readonly TrailItemNode[]): ErrorCode | null {
  if (items.some((item) => !isTrailItemKind(item.kind) || (item.prerequisite && !isTrailItemKind(item.prerequisite.kind)))) {
    return 'validation_error';
  }
  const { nodes } = withNodes(items);
  return validateHierarchy(nodes);
}
