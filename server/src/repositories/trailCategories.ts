/** Trail categories (spec 2 §2.4): the list query with trail counts, and the name check. */
import { sql } from 'kysely';
import { CONTENT_STATUS, type TrailCategory } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';

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
    created_at: r.created_at,
  }));
}

/** Another category of the client already has this name, whatever its case. */
export async function trailCategoryNameTaken(db: Db, clientId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('trail_categories').select('id').where('client_id', '=', clientId)
    .where(sql<boolean>`lower(${sql.ref('name')}) = ${name.toLowerCase()}`);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function trailCategoryExists(db: Db, clientId: number, id: number): Promise<boolean> {
  return (await trailCategoryQuery(db, clientId).where('trail_categories.id', '=', id).executeTakeFirst()) !== undefined;
}

export async function insertTrailCategory(db: Db, clientId: number, name: string): Promise<number> {
  const row = await db.insertInto('trail_categories').values({ client_id: clientId, name, created_at: new Date() })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** False when the category is not the client's. */
export async function renameTrailCategory(db: Db, clientId: number, id: number, name: string): Promise<boolean> {
  const res = await db.updateTable('trail_categories').set({ name }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteTrailCategory(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('trail_categories').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
