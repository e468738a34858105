/**
 * The configure-and-publish hierarchy of a training (spec 2 §3.7, §5.8): the stored order
 * and prerequisites reconciled with the training's live items — modules, tests and games that
 * are not deleted, whoever created them — by the shared `reconcileHierarchy`. Callers have
 * checked the training against the selected client (trainingOr404).
 */
import { CONTENT_STATUS, hierarchyDate, type HierarchyItem } from '@lp/shared/contract';
import { reconcileHierarchy, type HierarchyNode, type HierarchyRef, type HierarchyTypeSlug } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';

export interface LiveItem extends HierarchyRef {
  title: string;
  /** YYYY-MM-DD or null */
  avaliable_in: string | null;
  score: number;
  created_at: string;
}

const SLUG_ORDER: Record<HierarchyTypeSlug, number> = { module: 0, test: 1, game: 2 };

/** The training's items that are not deleted (spec 2 §4.1 status 3), in creation order. */
export async function liveItems(db: Db, trainingId: number): Promise<LiveItem[]> {
  const [modules, tests, games] = await Promise.all([
    db.selectFrom('group_training_modules').select(['id', 'title', 'avaliable_in', 'module_score as score', 'created_at'])
      .where('group_training_id', '=', trainingId).where('status', '!=', CONTENT_STATUS.deleted).execute(),
    db.selectFrom('group_training_tests').select(['id', 'title', 'avaliable_in', 'test_score as score', 'created_at'])
      .where('owner_id', '=', trainingId).where('status', '!=', CONTENT_STATUS.deleted).execute(),
    db.selectFrom('group_training_games').select(['id', 'title', 'avaliable_in', 'score', 'created_at'])
      .where('group_training_id', '=', trainingId).where('status', '!=', CONTENT_STATUS.deleted).execute(),
  ]);
  const items = ([['module', modules], ['test', tests], ['game', games]] as const).flatMap(([slug, rows]) =>
    rows.map((r): LiveItem => ({
      type_slug: slug, type_id: r.id, title: r.title, avaliable_in: r.avaliable_in, score: Number(r.score), created_at: r.created_at,
    })));
  // creation order; items made in the same instant keep module, test, game and id order
  return items.sort((a, b) => a.created_at.localeCompare(b.created_at) || SLUG_ORDER[a.type_slug] - SLUG_ORDER[b.type_slug] || a.type_id - b.type_id);
}

export async function storedHierarchy(db: Db, trainingId: number): Promise<HierarchyNode[]> {
  const rows = await db.selectFrom('group_training_hierarchy').select(['type_slug', 'type_id', 'hierarchy_order', 'parent_slug', 'parent_id'])
    .where('group_training_id', '=', trainingId).orderBy('hierarchy_order').orderBy('id').execute();
  return rows.map((r) => ({
    type_slug: r.type_slug as HierarchyTypeSlug,
    type_id: r.type_id,
    hierarchy_order: r.hierarchy_order,
    parent_slug: (r.parent_slug as HierarchyTypeSlug | null) ?? null,
    parent_id: r.parent_id,
  }));
}

/** The §3.7 answer shape: titles, dates (DD/MM/YYYY) and scores ('' for 0) read from the items. */
export function toHierarchyItems(nodes: readonly HierarchyNode[], items: readonly LiveItem[]): HierarchyItem[] {
  const byKey = new Map(items.map((i) => [`${i.type_slug}:${i.type_id}`, i]));
  return nodes.flatMap((node) => {
    const item = byKey.get(`${node.type_slug}:${node.type_id}`);
    if (!item) return [];
    return [{
      type_id: node.type_id,
      type_slug: node.type_slug,
      type_title: item.title,
      hierarchy_order: node.hierarchy_order,
      parent_id: node.parent_id,
      parent_slug: node.parent_slug,
      type_avaliable_in: hierarchyDate(item.avaliable_in),
      type_score: item.score === 0 ? '' : item.score,
    }];
  });
}

/** The hierarchy as it stands now (spec 2 §7.1 GET P/group_training_hierarchy/), in hierarchy order. */
export async function trainingHierarchy(db: Db, trainingId: number): Promise<HierarchyItem[]> {
  const [stored, items] = await Promise.all([storedHierarchy(db, trainingId), liveItems(db, trainingId)]);
  return toHierarchyItems(reconcileHierarchy(stored, items), items);
}

/** Replaces the stored hierarchy with `nodes` (already validated). Run in a transaction. */
export async function saveHierarchy(db: Db, trainingId: number, nodes: readonly HierarchyNode[]): Promise<void> {
  await db.deleteFrom('group_training_hierarchy').where('group_training_id', '=', trainingId).execute();
  if (nodes.length === 0) return;
  await db.insertInto('group_training_hierarchy').values(nodes.map((n) => ({
    group_training_id: trainingId,
    type_slug: n.type_slug,
    type_id: n.type_id,
    hierarchy_order: n.hierarchy_order,
    parent_slug: n.parent_slug,
    parent_id: n.parent_id,
  }))).execute();
}

/** Touches the training row: its lock serialises two saves of one hierarchy (Postgres; SQLite writes one at a time). */
export async function lockTrainingForHierarchy(db: Db, trainingId: number): Promise<void> {
  await db.updateTable('group_trainings').set({ updated_at: new Date() }).where('id', '=', trainingId).execute();
}
