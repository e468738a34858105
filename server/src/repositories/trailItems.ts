/**
 * The modules (items) of a trail (spec 2 §2.4, §3.8): reading, writing, reconciling and searching
 * them, for every kind of TRAIL_ITEM_KINDS through its source (trailItemSources.ts).
 */
import { CONTENT_STATUS, type TrailItem, type TrailItemOption } from '@lp/shared/contract';
import {
  TRAIL_ITEM_KINDS, isTrailItemKind, normaliseTrailItems, removeTrailItem, sameTrailItem, trailItemKey, type TrailItemKind, type TrailItemNode,
} from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { TRAIL_ITEM_SOURCES, type ItemContent } from './trailItemSources.ts';

/** The live (not deleted) content of the client behind `refs`, keyed by trailItemKey. */
export async function itemContents(db: Db, clientId: number, refs: ReadonlyArray<{ kind: TrailItemKind; item_id: number }>): Promise<Map<string, ItemContent>> {
  const out = new Map<string, ItemContent>();
  for (const kind of TRAIL_ITEM_KINDS) {
    const ids = [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.item_id))];
    for (const [id, content] of await TRAIL_ITEM_SOURCES[kind].contents(db, clientId, ids)) out.set(trailItemKey({ kind, item_id: id }), content);
  }
  return out;
}

/** A stored item in the rules' terms, with its availability date. */
export interface StoredTrailItem extends TrailItemNode {
  avaliable_in: string | null;
}

/** The stored modules of a trail, by order. */
export async function storedTrailItems(db: Db, trailId: number): Promise<StoredTrailItem[]> {
  const rows = await db.selectFrom('trail_items').selectAll().where('trail_id', '=', trailId).orderBy('position').orderBy('id').execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  // every write checks the kind (TRAIL_ITEM_KINDS); a row of another kind would be no module
  return rows.flatMap((r) => {
    const kind = r.item_type;
    if (!isTrailItemKind(kind)) return [];
    const parent = r.parent_item_id === null ? undefined : byId.get(r.parent_item_id);
    const parentKind = parent?.item_type;
    return [{
      kind,
      item_id: r.item_id,
      order: r.position,
      prerequisite: parent && isTrailItemKind(parentKind) ? { kind: parentKind, item_id: parent.item_id } : null,
      avaliable_in: r.avaliable_in,
    }];
  });
}

/** GET T/trail_items/: the modules with their content's title and status. */
export async function loadTrailItems(db: Db, clientId: number, trailId: number): Promise<TrailItem[]> {
  const items = await storedTrailItems(db, trailId);
  const contents = await itemContents(db, clientId, items);
  return items.map((item) => {
    const content = contents.get(trailItemKey(item));
    return {
      kind: item.kind,
      item_id: item.item_id,
      // a module whose content was deleted shows until the next write or sync drops it
      title: content?.title ?? '',
      item_status: content?.status ?? CONTENT_STATUS.deleted,
      order: item.order,
      prerequisite: item.prerequisite,
      avaliable_in: item.avaliable_in,
    };
  });
}

/** spec 2 §3.8 training_quantity, stored on the trail. */
async function storeTrainingQuantity(db: Db, trailId: number, items: readonly StoredTrailItem[]): Promise<void> {
  await db.updateTable('trails').set({ training_quantity: items.filter((i) => i.kind === 'training').length, updated_at: new Date() })
    .where('id', '=', trailId).execute();
}

/**
 * Replaces the modules of a trail with `items` (already checked), in order, with their
 * prerequisites; stores training_quantity. One insert per row: the prerequisite needs the
 * row id of its item on both dialects. Run inside a transaction.
 */
export async function writeTrailItems(db: Db, trailId: number, items: readonly StoredTrailItem[]): Promise<void> {
  await db.updateTable('trail_items').set({ parent_item_id: null }).where('trail_id', '=', trailId).execute();
  await db.deleteFrom('trail_items').where('trail_id', '=', trailId).execute();
  const ordered = normaliseTrailItems(items);
  const rowIds = new Map<string, number>();
  for (const item of ordered) {
    const row = await db.insertInto('trail_items').values({
      trail_id: trailId, item_type: item.kind, item_id: item.item_id, position: item.order, parent_item_id: null, avaliable_in: item.avaliable_in,
    }).returning('id').executeTakeFirstOrThrow();
    rowIds.set(trailItemKey(item), row.id);
  }
  for (const item of ordered) {
    if (!item.prerequisite) continue;
    await db.updateTable('trail_items').set({ parent_item_id: rowIds.get(trailItemKey(item.prerequisite)) ?? null })
      .where('id', '=', rowIds.get(trailItemKey(item))!).execute();
  }
  await storeTrainingQuantity(db, trailId, ordered);
}

/**
 * Item consistency (the certificate synchronisation's first step): modules whose content was
 * deleted are dropped (items that had them as prerequisite lose it), the rest renumbered
 * 1..n, and training_quantity recomputed. Answers how many modules were dropped.
 */
export async function reconcileTrailItems(db: Db, clientId: number, trailId: number): Promise<number> {
  const items = await storedTrailItems(db, trailId);
  const contents = await itemContents(db, clientId, items);
  let kept: StoredTrailItem[] = items;
  for (const gone of items.filter((item) => !contents.has(trailItemKey(item)))) kept = removeTrailItem(kept, gone);
  const unchanged = kept.length === items.length
    && kept.every((item, i) => item.order === i + 1 && sameTrailItem(item, items[i]) && sameTrailItem(item.prerequisite, items[i]!.prerequisite));
  if (unchanged) await storeTrainingQuantity(db, trailId, kept);
  else await writeTrailItems(db, trailId, kept);
  return items.length - kept.length;
}

/** How many modules each of the trails `ids` has (trails without any are absent). */
export async function trailItemCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('trail_items').select((eb) => ['trail_id', eb.fn.countAll<number>().as('n')])
    .where('trail_id', 'in', ids).groupBy('trail_id').execute();
  return new Map(rows.map((r) => [r.trail_id, Number(r.n)]));
}

export async function countTrailItems(db: Db, trailId: number): Promise<number> {
  return (await trailItemCounts(db, [trailId])).get(trailId) ?? 0;
}

/** spec 2 §5.11 / §9 autocomplete: published content of the kind, from 3 characters, at most `limit`. */
export async function searchTrailItemOptions(db: Db, clientId: number, kind: TrailItemKind, search: string, limit: number): Promise<TrailItemOption[]> {
  const pattern = `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await TRAIL_ITEM_SOURCES[kind].search(db, clientId, pattern, limit);
  return rows.map((r) => ({ kind, item_id: r.id, title: r.title }));
}
