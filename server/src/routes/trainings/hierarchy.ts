import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  HierarchyInput, HierarchyItem, ListQuery, TRAINING_HIERARCHY_PATH, hierarchyParentId, isHierarchyScore, type HierarchyItemInput,
} from '@lp/shared/contract';
import { hasSequentialOrders, hierarchyKey, reconcileHierarchy, validateHierarchy, type HierarchyNode } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import {
  liveItems, saveHierarchy, toHierarchyItems, trainingHierarchy, lockTrainingForHierarchy,
} from '../../repositories/trainingHierarchy.ts';
import { trainingAccess, trainingOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

/** Fields a GET may order by (spec 2 §7.1: default hierarchy_order); the whole hierarchy is always answered. */
const ORDERINGS = ['hierarchy_order', 'type_title', 'type_slug', 'type_id'] as const;
type Ordering = (typeof ORDERINGS)[number];

function orderingOf(query: ListQuery): { field: Ordering; descending: boolean } {
  let field = 'hierarchy_order';
  let descending = false;
  if (query.ordering) {
    descending = query.ordering.startsWith('-');
    field = query.ordering.replace(/^-/, '');
  } else if (query.sort) {
    // react-admin's envelope: sort=["field","ASC"|"DESC"]
    try {
      const [name, order] = JSON.parse(query.sort) as [unknown, unknown];
      field = String(name);
      descending = String(order).toUpperCase() === 'DESC';
    } catch {
      throw new HttpError(400, 'validation_error', 'sort must be [field, order]');
    }
  }
  if (!(ORDERINGS as readonly string[]).includes(field)) throw new HttpError(400, 'validation_error', `cannot order by ${field}`);
  return { field: field as Ordering, descending };
}

function sortItems(items: HierarchyItem[], { field, descending }: { field: Ordering; descending: boolean }): HierarchyItem[] {
  const sign = descending ? -1 : 1;
  return [...items].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    const diff = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * diff || a.hierarchy_order - b.hierarchy_order;
  });
}

/**
 * An item as stored, or why it is refused: '' and null both mean "no prerequisite"; one half
 * of a parent pair alone names nothing.
 */
function toNode(input: HierarchyItemInput, index: number): HierarchyNode | 'unknown' {
  const parentId = hierarchyParentId(input.parent_id);
  if (parentId === undefined) throw new HttpError(400, 'validation_error', 'parent_id must be an item id or empty', { [`${index}.parent_id`]: 'validation_error' });
  // display only, but a malformed value is still a malformed body
  if (!isHierarchyScore(input.type_score)) throw new HttpError(400, 'validation_error', 'type_score must be a number or empty', { [`${index}.type_score`]: 'validation_error' });
  const parentSlug = input.parent_slug === '' || input.parent_slug == null ? null : input.parent_slug;
  if ((parentId === null) !== (parentSlug === null)) return 'unknown';
  return { type_slug: input.type_slug, type_id: input.type_id, hierarchy_order: input.hierarchy_order, parent_slug: parentSlug, parent_id: parentId };
}

/**
 * spec 2 §7.1 "Hierarchy" (configure and publish), §3.7, §5.8. GET answers every live item of
 * the training; POST takes the whole array, checks it with the shared §5.8 rules and stores
 * order and prerequisites in one transaction. Titles, dates and scores are the items' own
 * (display only here, see shared/src/contract/trainingHierarchy.ts).
 */
const hierarchy: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trainingAccess();
  const path = TRAINING_HIERARCHY_PATH(':id');
  const answer = { 200: Type.Array(HierarchyItem) };

  app.get(path, { config: { access: guard.read }, schema: { params: IdParams, querystring: ListQuery, response: answer } }, async (request) => {
    const { id } = request.params;
    const ordering = orderingOf(request.query);
    await trainingOr404(app.db, request, id);
    return sortItems(await trainingHierarchy(app.db, id), ordering);
  });

  app.post(path, { config: { access: guard.write }, schema: { params: IdParams, body: HierarchyInput, response: answer } }, async (request) => {
    const { id } = request.params;
    return app.db.transaction().execute(async (trx) => {
      await trainingOr404(trx, request, id);
      // the training row's lock serialises two saves of one hierarchy (Postgres; SQLite writes one at a time)
      await lockTrainingForHierarchy(trx, id);
      const items = await liveItems(trx, id);
      const live = new Set(items.map(hierarchyKey));

      const posted: HierarchyNode[] = [];
      for (const [index, input] of request.body.entries()) {
        const node = toNode(input, index);
        // spec 2 §7.1: only this training's live items (another training's, or a deleted one, is unknown)
        if (node === 'unknown' || !live.has(hierarchyKey(node))
          || (node.parent_slug !== null && !live.has(hierarchyKey({ type_slug: node.parent_slug, type_id: node.parent_id! })))) {
          throw new HttpError(400, 'hierarchy_unknown_item', 'An item or prerequisite is not an item of this training');
        }
        posted.push(node);
      }
      // spec 2 §5.8: orders 1..n
      if (!hasSequentialOrders(posted)) throw new HttpError(400, 'hierarchy_invalid_order', 'Orders must run from 1 to the item count');
      // items the browser did not know yet (created meanwhile) go to the end, as a GET would show them
      const nodes = reconcileHierarchy(posted, items);
      const refused = validateHierarchy(nodes);
      if (refused) throw new HttpError(400, refused, 'The hierarchy breaks a configure-and-publish rule');
      await saveHierarchy(trx, id, nodes);
      return toHierarchyItems(nodes, items);
    });
  });
};
export default hierarchy;
