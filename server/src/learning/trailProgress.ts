/**
 * A learner's standing in a trail (spec 2 §2.4, §3.8): the trail's modules a learner can take now,
 * of every kind, in order, and what each module recorded of the learner. A trail is complete when
 * it has such modules and every one of them is done — each by the rule of its kind
 * (shared/src/trails.ts TRAIL_ITEM_KINDS, read through repositories/trailItemSources.ts).
 */
import { TRAIL_ITEM_KINDS, trailItemKey, type TrailItemKind, type TrailItemRef } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { TRAIL_ITEM_SOURCES, type ItemProgress, type LiveItem } from '../repositories/trailItemSources.ts';
import { storedTrailItems } from '../repositories/trailItems.ts';

export interface TrailModule {
  kind: TrailItemKind;
  itemId: number;
  title: string;
  /** hours it adds to the trail's certificate */
  workload: number;
  /** 1-based, among the modules learners can take */
  order: number;
  /** the module that must be done first, when learners can take it */
  prerequisite: TrailItemRef | null;
  /** YYYY-MM-DD */
  availableIn: string | null;
}

export const moduleKey = (module: TrailModule): string => trailItemKey({ kind: module.kind, item_id: module.itemId });

/** The trail's modules learners can take now (each kind's publication rules), by position. */
export async function trailModules(db: Db, clientId: number, trailId: number, now: Date = new Date()): Promise<TrailModule[]> {
  const stored = await storedTrailItems(db, trailId);
  const live = new Map<string, LiveItem>();
  for (const kind of TRAIL_ITEM_KINDS) {
    const ids = stored.filter((item) => item.kind === kind).map((item) => item.item_id);
    for (const [id, item] of await TRAIL_ITEM_SOURCES[kind].live(db, clientId, ids, now)) live.set(trailItemKey({ kind, item_id: id }), item);
  }
  return stored.filter((item) => live.has(trailItemKey(item))).map((item, i) => {
    const content = live.get(trailItemKey(item))!;
    return {
      kind: item.kind,
      itemId: item.item_id,
      title: content.title,
      workload: content.workload,
      order: i + 1,
      // a prerequisite learners cannot take does not hold them back
      prerequisite: item.prerequisite && live.has(trailItemKey(item.prerequisite)) ? item.prerequisite : null,
      availableIn: item.avaliable_in,
    };
  });
}

/** What each module's own module recorded of the user, keyed by moduleKey; modules without a record are absent. */
export async function moduleProgress(db: Db, userId: number, modules: readonly TrailModule[]): Promise<Map<string, ItemProgress>> {
  const out = new Map<string, ItemProgress>();
  for (const kind of TRAIL_ITEM_KINDS) {
    const ids = [...new Set(modules.filter((m) => m.kind === kind).map((m) => m.itemId))];
    for (const [id, progress] of await TRAIL_ITEM_SOURCES[kind].progress(db, userId, ids)) out.set(trailItemKey({ kind, item_id: id }), progress);
  }
  return out;
}

/** spec 2 §3.8: a trail with modules learners can take, every one of them done. */
export function isTrailComplete(modules: readonly TrailModule[], progress: ReadonlyMap<string, ItemProgress>): boolean {
  return modules.length > 0 && modules.every((m) => progress.get(moduleKey(m))?.done === true);
}

/** The users with a record in any module of the list: whom a certificate synchronisation judges. */
export async function moduleLearners(db: Db, modules: readonly TrailModule[]): Promise<number[]> {
  const users = new Set<number>();
  for (const kind of TRAIL_ITEM_KINDS) {
    const ids = [...new Set(modules.filter((m) => m.kind === kind).map((m) => m.itemId))];
    for (const id of await TRAIL_ITEM_SOURCES[kind].learners(db, ids)) users.add(id);
  }
  return [...users];
}
