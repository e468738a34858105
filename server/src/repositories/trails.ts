/**
 * Trails (spec 2 §2.4, §3.8): the basic data with its links, the list, publication,
 * duplication and the scheduled unpublish (§4.6). The ordered modules with prerequisites are in
 * trailItems.ts, the categories in trailCategories.ts and the certificate-synchronisation record
 * (§4.9) in trailCertificateSync.ts. Every function that takes a trail id from a request
 * also takes the selected client, so a row of another client is never read or written.
 */
import { sql } from 'kysely';
import { CONTENT_STATUS, type ErrorCode, type Trail, type TrailListItem } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { TrailRow } from '../db/tables/trail.table.ts';
import { foreignAudienceIds, readAudience, readAudiences, writeAudience } from '../content/audience/index.ts';
import { groupBy } from '../lib/groupBy.ts';
import { storedTrailItems, trailItemCounts, writeTrailItems } from './trailItems.ts';

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

async function loadCategories(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('trail_category_links').select(['trail_id', 'category_id']).where('trail_id', 'in', ids).orderBy('category_id').execute();
  return groupBy(rows, (r) => r.trail_id, (r) => r.category_id);
}

/** The trails of the client among `ids`, in the GET T/ shape, in the order of `ids`. */
export async function loadTrails(db: Db, clientId: number, ids: number[]): Promise<Trail[]> {
  if (ids.length === 0) return [];
  const [rows, categories, audiences, counts] = await Promise.all([
    db.selectFrom('trails').selectAll().where('client_id', '=', clientId).where('id', 'in', ids).execute(),
    loadCategories(db, ids),
    readAudiences(db, 'trail', ids),
    trailItemCounts(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const audience = audiences.get(id)!;
    return [{
      id: r.id,
      title: r.title,
      description: r.description,
      image_url: r.image_url,
      score: r.score,
      order: r.sort_order,
      availability_date: r.availability_date,
      date_to_unpublish: r.date_to_unpublish,
      trail_categories: categories.get(id) ?? [],
      tags: audience.tags,
      areas: audience.areas,
      profiles: audience.profiles,
      user_groups: audience.user_groups,
      mandatory_areas: audience.mandatory_areas,
      mandatory_profiles: audience.mandatory_profiles,
      qty_certificate_expiration_days: r.qty_certificate_expiration_days,
      status: r.status,
      training_quantity: r.training_quantity,
      qty_items: counts.get(id) ?? 0,
      published_at: r.published_at,
      created_at: r.created_at,
      updated_at: r.updated_at,
    }];
  });
}

/** The stored values of a trail, as the write path merges a request into them. */
export async function trailState(db: Db, row: TrailRow): Promise<TrailState> {
  const [categories, audience] = await Promise.all([loadCategories(db, [row.id]), readAudience(db, 'trail', row.id)]);
  return {
    title: row.title,
    description: row.description,
    image_url: row.image_url,
    score: row.score,
    order: row.sort_order,
    availability_date: row.availability_date,
    date_to_unpublish: row.date_to_unpublish,
    qty_certificate_expiration_days: row.qty_certificate_expiration_days,
    categories: categories.get(row.id) ?? [],
    ...audience,
  };
}

/** Field → code for linked ids the client does not own (categories, tags, areas, profiles, user groups). */
export async function foreignTrailReferences(db: Db, clientId: number, state: TrailState): Promise<Record<string, ErrorCode>> {
  const fields: Record<string, ErrorCode> = {};
  const categories = [...new Set(state.categories)];
  if (categories.length) {
    const owned = await db.selectFrom('trail_categories').select('id').where('client_id', '=', clientId).where('id', 'in', categories).execute();
    if (owned.length !== categories.length) fields.trail_categories = 'validation_error';
  }
  return { ...fields, ...(await foreignAudienceIds(db, clientId, state)) };
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
  await db.deleteFrom('trail_category_links').where('trail_id', '=', id).execute();
  const categories = [...new Set(state.categories)];
  if (categories.length) await db.insertInto('trail_category_links').values(categories.map((category_id) => ({ trail_id: id, category_id }))).execute();
  await writeAudience(db, 'trail', id, state);
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

/**
 * The admin's trail list: one status when asked for; otherwise deleted trails (status 3) stay
 * out unless the list's own status filter asks for them; narrowed to trails of any of the categories.
 */
export function trailAdminListQuery(
  db: Db, clientId: number, narrow: { status?: number; statusFiltered: boolean; categories: number[] | null },
) {
  let qb = trailListQuery(db, clientId);
  if (narrow.status !== undefined) qb = qb.where('trails.status', '=', narrow.status);
  else if (!narrow.statusFiltered) qb = qb.where('trails.status', '!=', CONTENT_STATUS.deleted);
  const { categories } = narrow;
  if (categories) {
    qb = qb.where('trails.id', 'in', (eb) => eb.selectFrom('trail_category_links').select('trail_id').where('category_id', 'in', categories));
  }
  return qb;
}

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
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
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
