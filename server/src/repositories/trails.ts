/**
 * Trails (spec 2 §2.4, §3.8) and their categories: the basic data with its links, the ordered
 * modules with prerequisites, publication, duplication, the certificate-synchronisation record
 * (§4.9) and the scheduled unpublish (§4.6). Every function that takes a trail id from a request
 * also takes the selected client, so a row of another client is never read or written.
 */
import { sql } from 'kysely';
import {
  CONTENT_STATUS, normaliseTrailItems, removeTrailItem, sameTrailItem, trailItemKey,
  type CertificateSyncState, type ErrorCode, type Trail, type TrailCategory, type TrailItem, type TrailItemKind,
  type TrailItemNode, type TrailItemOption, type TrailListItem,
} from '@lp/shared';
import type { Db } from '../db/database.ts';
import { toBool, toIso } from '../db/dialect.ts';
import type { TrailRow } from '../db/tables/trail.table.ts';

/** Everything the basic-data form stores, in storage terms (links as id lists). */
export interface TrailState {
  title: string;
  description: string;
  image_url: string | null;
  score: number;
  order: number;
  availability_date: string | null;
  date_to_unpublish: string | null;
  qty_certificate_expiration_days: number | null;
  categories: number[];
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
  mandatory_areas: number[];
  mandatory_profiles: number[];
}

/** The trail row of the selected client; deleted ones only when asked for. */
export async function findTrail(db: Db, clientId: number, id: number, { withDeleted = false } = {}): Promise<TrailRow | undefined> {
  let q = db.selectFrom('trails').selectAll().where('id', '=', id).where('client_id', '=', clientId);
  if (!withDeleted) q = q.where('status', '!=', CONTENT_STATUS.deleted);
  return q.executeTakeFirst();
}

// ---- basic data ----

interface Links {
  categories: Map<number, number[]>;
  tags: Map<number, number[]>;
  areas: Map<number, Array<{ id: number; mandatory: boolean }>>;
  profiles: Map<number, Array<{ id: number; mandatory: boolean }>>;
  userGroups: Map<number, number[]>;
}

function groupBy<T, U>(rows: readonly T[], key: (r: T) => number, value: (r: T) => U): Map<number, U[]> {
  const map = new Map<number, U[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(value(row));
    else map.set(k, [value(row)]);
  }
  return map;
}

async function loadLinks(db: Db, ids: number[]): Promise<Links> {
  if (ids.length === 0) return { categories: new Map(), tags: new Map(), areas: new Map(), profiles: new Map(), userGroups: new Map() };
  const [categories, tags, areas, profiles, userGroups] = await Promise.all([
    db.selectFrom('trail_category_links').select(['trail_id', 'category_id']).where('trail_id', 'in', ids).orderBy('category_id').execute(),
    db.selectFrom('trail_tags').select(['trail_id', 'tag_id']).where('trail_id', 'in', ids).orderBy('tag_id').execute(),
    db.selectFrom('trail_areas').select(['trail_id', 'area_id', 'is_mandatory']).where('trail_id', 'in', ids).orderBy('area_id').execute(),
    db.selectFrom('trail_profiles').select(['trail_id', 'profile_id', 'is_mandatory']).where('trail_id', 'in', ids).orderBy('profile_id').execute(),
    db.selectFrom('trail_user_groups').select(['trail_id', 'user_group_id']).where('trail_id', 'in', ids).orderBy('user_group_id').execute(),
  ]);
  return {
    categories: groupBy(categories, (r) => r.trail_id, (r) => r.category_id),
    tags: groupBy(tags, (r) => r.trail_id, (r) => r.tag_id),
    areas: groupBy(areas, (r) => r.trail_id, (r) => ({ id: r.area_id, mandatory: toBool(r.is_mandatory) })),
    profiles: groupBy(profiles, (r) => r.trail_id, (r) => ({ id: r.profile_id, mandatory: toBool(r.is_mandatory) })),
    userGroups: groupBy(userGroups, (r) => r.trail_id, (r) => r.user_group_id),
  };
}

async function itemCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('trail_items').select((eb) => ['trail_id', eb.fn.countAll<number>().as('n')])
    .where('trail_id', 'in', ids).groupBy('trail_id').execute();
  return new Map(rows.map((r) => [r.trail_id, Number(r.n)]));
}

/** The trails of the client among `ids`, in the GET T/ shape, in the order of `ids`. */
export async function loadTrails(db: Db, clientId: number, ids: number[]): Promise<Trail[]> {
  if (ids.length === 0) return [];
  const [rows, links, counts] = await Promise.all([
    db.selectFrom('trails').selectAll().where('client_id', '=', clientId).where('id', 'in', ids).execute(),
    loadLinks(db, ids),
    itemCounts(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const areas = links.areas.get(id) ?? [];
    const profiles = links.profiles.get(id) ?? [];
    return [{
      id: r.id,
      title: r.title,
      description: r.description,
      image_url: r.image_url,
      score: r.score,
      order: r.sort_order,
      availability_date: r.availability_date,
      date_to_unpublish: r.date_to_unpublish,
      trail_categories: links.categories.get(id) ?? [],
      tags: links.tags.get(id) ?? [],
      areas: areas.map((a) => a.id),
      profiles: profiles.map((p) => p.id),
      user_groups: links.userGroups.get(id) ?? [],
      mandatory_areas: areas.filter((a) => a.mandatory).map((a) => a.id),
      mandatory_profiles: profiles.filter((p) => p.mandatory).map((p) => p.id),
      qty_certificate_expiration_days: r.qty_certificate_expiration_days,
      status: r.status,
      training_quantity: r.training_quantity,
      qty_items: counts.get(id) ?? 0,
      published_at: toIso(r.published_at),
      created_at: toIso(r.created_at)!,
      updated_at: toIso(r.updated_at)!,
    }];
  });
}

/** The stored values of a trail, as the write path merges a request into them. */
export async function trailState(db: Db, row: TrailRow): Promise<TrailState> {
  const links = await loadLinks(db, [row.id]);
  const areas = links.areas.get(row.id) ?? [];
  const profiles = links.profiles.get(row.id) ?? [];
  return {
    title: row.title,
    description: row.description,
    image_url: row.image_url,
    score: row.score,
    order: row.sort_order,
    availability_date: row.availability_date,
    date_to_unpublish: row.date_to_unpublish,
    qty_certificate_expiration_days: row.qty_certificate_expiration_days,
    categories: links.categories.get(row.id) ?? [],
    tags: links.tags.get(row.id) ?? [],
    areas: areas.map((a) => a.id),
    profiles: profiles.map((p) => p.id),
    user_groups: links.userGroups.get(row.id) ?? [],
    mandatory_areas: areas.filter((a) => a.mandatory).map((a) => a.id),
    mandatory_profiles: profiles.filter((p) => p.mandatory).map((p) => p.id),
  };
}

/** Field → code for linked ids the client does not own (categories, tags, areas, profiles, user groups). */
export async function foreignTrailReferences(db: Db, clientId: number, state: TrailState): Promise<Record<string, ErrorCode>> {
  const fields: Record<string, ErrorCode> = {};
  const checks = [
    ['trail_categories', 'trail_categories', state.categories], ['tags', 'tags', state.tags], ['areas', 'areas', state.areas],
    ['profiles', 'profiles', state.profiles], ['user_groups', 'user_groups', state.user_groups],
  ] as const;
  for (const [field, table, ids] of checks) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) continue;
    const owned = await db.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', unique).execute();
    if (owned.length !== unique.length) fields[field] = 'validation_error';
  }
  return fields;
}

function rowValues(state: TrailState) {
  return {
    title: state.title,
    description: state.description,
    image_url: state.image_url,
    score: state.score,
    sort_order: state.order,
    availability_date: state.availability_date,
    date_to_unpublish: state.date_to_unpublish,
    qty_certificate_expiration_days: state.qty_certificate_expiration_days,
  };
}

async function writeLinks(db: Db, id: number, state: TrailState): Promise<void> {
  const uniq = (ids: readonly number[]) => [...new Set(ids)];
  for (const table of ['trail_category_links', 'trail_tags', 'trail_areas', 'trail_profiles', 'trail_user_groups'] as const) {
    await db.deleteFrom(table).where('trail_id', '=', id).execute();
  }
  const mandatoryAreas = new Set(state.mandatory_areas);
  const mandatoryProfiles = new Set(state.mandatory_profiles);
  const categories = uniq(state.categories);
  const tags = uniq(state.tags);
  const areas = uniq(state.areas);
  const profiles = uniq(state.profiles);
  const groups = uniq(state.user_groups);
  if (categories.length) await db.insertInto('trail_category_links').values(categories.map((category_id) => ({ trail_id: id, category_id }))).execute();
  if (tags.length) await db.insertInto('trail_tags').values(tags.map((tag_id) => ({ trail_id: id, tag_id }))).execute();
  if (areas.length) {
    await db.insertInto('trail_areas').values(areas.map((area_id) => ({ trail_id: id, area_id, is_mandatory: mandatoryAreas.has(area_id) }))).execute();
  }
  if (profiles.length) {
    await db.insertInto('trail_profiles')
      .values(profiles.map((profile_id) => ({ trail_id: id, profile_id, is_mandatory: mandatoryProfiles.has(profile_id) }))).execute();
  }
  if (groups.length) await db.insertInto('trail_user_groups').values(groups.map((user_group_id) => ({ trail_id: id, user_group_id }))).execute();
}

/** A new trail is unpublished (status 2), like a new training. */
export async function insertTrail(db: Db, clientId: number, createdBy: number, state: TrailState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('trails').values({
    client_id: clientId, ...rowValues(state), status: CONTENT_STATUS.unpublished, published_at: null, created_by: createdBy,
    created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await writeLinks(db, row.id, state);
  return row.id;
}

export async function updateTrail(db: Db, clientId: number, id: number, state: TrailState): Promise<boolean> {
  const res = await db.updateTable('trails').set({ ...rowValues(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', CONTENT_STATUS.deleted).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await writeLinks(db, id, state);
  return true;
}

/** Sets the status; publishing stamps published_at the first time. */
export async function setTrailStatus(db: Db, clientId: number, id: number, status: number): Promise<boolean> {
  const now = new Date();
  const res = await db.updateTable('trails')
    .set({
      status,
      updated_at: now,
      ...(status === CONTENT_STATUS.published ? { published_at: sql<Date>`coalesce(published_at, ${now})` } : {}),
    })
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The list's base query: the client's trails (deleted ones only through the status filter). */
export function trailListQuery(db: Db, clientId: number) {
  return db.selectFrom('trails')
    .select(['trails.id', 'trails.title', 'trails.status', 'trails.score', 'trails.sort_order', 'trails.availability_date',
      'trails.date_to_unpublish', 'trails.training_quantity', 'trails.created_at', 'trails.updated_at'])
    .where('trails.client_id', '=', clientId);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof trailListQuery>['execute']>>[number];

export async function toTrailListItems(db: Db, rows: ListRow[]): Promise<TrailListItem[]> {
  const ids = rows.map((r) => r.id);
  const categories = ids.length
    ? await db.selectFrom('trail_category_links').innerJoin('trail_categories', 'trail_categories.id', 'trail_category_links.category_id')
      .select(['trail_category_links.trail_id', 'trail_categories.id', 'trail_categories.name'])
      .where('trail_category_links.trail_id', 'in', ids).orderBy('trail_categories.name').execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    score: r.score,
    order: r.sort_order,
    availability_date: r.availability_date,
    date_to_unpublish: r.date_to_unpublish,
    training_quantity: r.training_quantity,
    categories: categories.filter((c) => c.trail_id === r.id).map((c) => ({ id: c.id, name: c.name })),
    created_at: toIso(r.created_at)!,
    updated_at: toIso(r.updated_at)!,
  }));
}

// ---- modules (items) ----

/** What a kind's content looks like to a trail: its title and status. */
interface ItemContent { title: string; status: number }

/**
 * Where each kind of module lives (spec 2 §2.4). A kind that joins TRAIL_ITEM_KINDS adds its
 * entry here: how to read its rows of the client and how to search the published ones.
 */
const ITEM_SOURCES: Record<TrailItemKind, {
  contents(db: Db, clientId: number, ids: number[]): Promise<Map<number, ItemContent>>;
  search(db: Db, clientId: number, pattern: string, limit: number): Promise<Array<{ id: number; title: string }>>;
}> = {
  training: {
    async contents(db, clientId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('group_trainings').select(['id', 'title', 'status'])
        .where('client_id', '=', clientId).where('id', 'in', ids).where('status', '!=', CONTENT_STATUS.deleted).execute();
      return new Map(rows.map((r) => [r.id, { title: r.title, status: r.status }]));
    },
    search(db, clientId, pattern, limit) {
      return db.selectFrom('group_trainings').select(['id', 'title'])
        .where('client_id', '=', clientId).where('status', '=', CONTENT_STATUS.published)
        .where(sql<boolean>`lower(${sql.ref('title')}) like ${pattern} escape '\\'`)
        .orderBy('title').orderBy('id').limit(limit).execute();
    },
  },
};

/** The live (not deleted) content of the client behind `refs`, keyed by trailItemKey. */
export async function itemContents(db: Db, clientId: number, refs: ReadonlyArray<{ kind: TrailItemKind; item_id: number }>): Promise<Map<string, ItemContent>> {
  const out = new Map<string, ItemContent>();
  for (const [kind, source] of Object.entries(ITEM_SOURCES) as Array<[TrailItemKind, (typeof ITEM_SOURCES)[TrailItemKind]]>) {
    const ids = [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.item_id))];
    for (const [id, content] of await source.contents(db, clientId, ids)) out.set(trailItemKey({ kind, item_id: id }), content);
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
  return rows.map((r) => {
    const parent = r.parent_item_id === null ? undefined : byId.get(r.parent_item_id);
    return {
      kind: r.item_type as TrailItemKind,
      item_id: r.item_id,
      order: r.position,
      prerequisite: parent ? { kind: parent.item_type as TrailItemKind, item_id: parent.item_id } : null,
      avaliable_in: r.avaliable_in,
    };
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

export async function countTrailItems(db: Db, trailId: number): Promise<number> {
  return (await itemCounts(db, [trailId])).get(trailId) ?? 0;
}

/** spec 2 §5.11 / §9 autocomplete: published content of the kind, from 3 characters, at most `limit`. */
export async function searchTrailItemOptions(db: Db, clientId: number, kind: TrailItemKind, search: string, limit: number): Promise<TrailItemOption[]> {
  const pattern = `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ITEM_SOURCES[kind].search(db, clientId, pattern, limit);
  return rows.map((r) => ({ kind, item_id: r.id, title: r.title }));
}

// ---- duplicate, unpublish ----

/**
 * spec 2 §2.4 duplicate: the trail with its categories, tags, audience and modules (order,
 * prerequisites and availability kept). The copy is unpublished, never published before, and
 * has no synchronisation run; comments and ratings stay with the original. Run in a transaction.
 */
export async function duplicateTrail(db: Db, clientId: number, sourceId: number, userId: number, title: string): Promise<number | null> {
  const source = await findTrail(db, clientId, sourceId);
  if (!source) return null;
  const now = new Date();
  const { id: _id, ...copy } = source;
  const { id: newId } = await db.insertInto('trails').values({
    ...copy, title, status: CONTENT_STATUS.unpublished, published_at: null, created_by: userId, created_at: now, updated_at: now,
    certificate_sync_status: 'idle', certificate_sync_started_at: null, certificate_sync_finished_at: null, certificate_sync_failed: false,
  }).returning('id').executeTakeFirstOrThrow();
  await writeLinks(db, newId, await trailState(db, source));
  await writeTrailItems(db, newId, await storedTrailItems(db, sourceId));
  return newId;
}

/**
 * spec 2 §4.6 "as for trainings": every published trail whose date_to_unpublish is today or
 * earlier (calendar days, UTC) becomes unpublished. Idempotent.
 */
export async function unpublishDueTrails(db: Db, today: string): Promise<number> {
  const res = await db.updateTable('trails').set({ status: CONTENT_STATUS.unpublished, updated_at: new Date() })
    .where('status', '=', CONTENT_STATUS.published)
    .where('date_to_unpublish', 'is not', null)
    .where('date_to_unpublish', '<=', today)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---- certificate synchronisation record (spec 2 §4.9) ----

export function certificateSyncState(row: Pick<TrailRow, 'certificate_sync_status' | 'certificate_sync_started_at' | 'certificate_sync_finished_at' | 'certificate_sync_failed'>): CertificateSyncState {
  return {
    state: row.certificate_sync_status === 'running' ? 'running' : 'idle',
    last_started_at: toIso(row.certificate_sync_started_at),
    last_finished_at: toIso(row.certificate_sync_finished_at),
    last_run_failed: toBool(row.certificate_sync_failed),
  };
}

/**
 * Marks a run as started unless one is running: one conditional update, so two requests (or
 * two nodes) never both start. A run started before `staleBefore` counts as dead and may be
 * replaced. False when the trail is not the client's or a run is in progress.
 */
export async function claimCertificateSync(db: Db, clientId: number, trailId: number, now: Date, staleBefore: Date): Promise<boolean> {
  const res = await db.updateTable('trails')
    .set({ certificate_sync_status: 'running', certificate_sync_started_at: now, certificate_sync_failed: false })
    .where('id', '=', trailId).where('client_id', '=', clientId).where('status', '!=', CONTENT_STATUS.deleted)
    .where((eb) => eb.or([
      eb('certificate_sync_status', '!=', 'running'),
      eb('certificate_sync_started_at', 'is', null),
      eb('certificate_sync_started_at', '<', staleBefore),
    ]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function finishCertificateSync(db: Db, trailId: number, failed: boolean): Promise<void> {
  await db.updateTable('trails')
    .set({ certificate_sync_status: 'idle', certificate_sync_finished_at: new Date(), certificate_sync_failed: failed })
    .where('id', '=', trailId).execute();
}

// ---- categories (spec 2 §2.4) ----

export function trailCategoryQuery(db: Db, clientId: number) {
  return db.selectFrom('trail_categories')
    .select(['trail_categories.id', 'trail_categories.name', 'trail_categories.created_at'])
    .where('trail_categories.client_id', '=', clientId);
}
type CategoryRow = Awaited<ReturnType<ReturnType<typeof trailCategoryQuery>['execute']>>[number];

export async function toTrailCategories(db: Db, rows: CategoryRow[]): Promise<TrailCategory[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db.selectFrom('trail_category_links').innerJoin('trails', 'trails.id', 'trail_category_links.trail_id')
      .select((eb) => ['trail_category_links.category_id', eb.fn.countAll<number>().as('n')])
      .where('trail_category_links.category_id', 'in', ids).where('trails.status', '!=', CONTENT_STATUS.deleted)
      .groupBy('trail_category_links.category_id').execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    qty_trails: Number(counts.find((c) => c.category_id === r.id)?.n ?? 0),
    created_at: toIso(r.created_at)!,
  }));
}

/** Another category of the client already has this name, whatever its case. */
export async function trailCategoryNameTaken(db: Db, clientId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('trail_categories').select('id').where('client_id', '=', clientId)
    .where(sql<boolean>`lower(${sql.ref('name')}) = ${name.toLowerCase()}`);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}
