/** Tags of the selected client and the areas linked to each (spec 1 §3.7). */
import type { Db } from '../db/database.ts';

export const tagsQuery = (db: Db, clientId: number) =>
  db.selectFrom('tags').select(['tags.id', 'tags.name', 'tags.created_at']).where('tags.client_id', '=', clientId);

/** The areas linked to each of the tags, by area name. */
export async function areasOfTags(db: Db, tagIds: number[]): Promise<{ tag_id: number; id: number; name: string }[]> {
  if (tagIds.length === 0) return [];
  return db.selectFrom('tag_areas').innerJoin('areas', 'areas.id', 'tag_areas.area_id')
    .select(['tag_areas.tag_id', 'areas.id', 'areas.name']).where('tag_areas.tag_id', 'in', tagIds).orderBy('areas.name').execute();
}

/** How many of `areaIds` (distinct) are the client's areas. */
export async function ownedAreaCount(db: Db, clientId: number, areaIds: number[]): Promise<number> {
  const owned = await db.selectFrom('areas').select('id').where('client_id', '=', clientId).where('id', 'in', areaIds).execute();
  return owned.length;
}

/** The tag's areas become `areaIds` (distinct, checked to be the client's by the caller). */
export async function replaceTagAreas(db: Db, tagId: number, areaIds: number[]): Promise<void> {
  await db.deleteFrom('tag_areas').where('tag_id', '=', tagId).execute();
  if (areaIds.length) await db.insertInto('tag_areas').values(areaIds.map((area_id) => ({ tag_id: tagId, area_id }))).execute();
}

export async function insertTag(db: Db, clientId: number, name: string): Promise<number> {
  const row = await db.insertInto('tags').values({ client_id: clientId, name, created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** False when the tag is not the client's. */
export async function renameTag(db: Db, clientId: number, id: number, name: string): Promise<boolean> {
  const res = await db.updateTable('tags').set({ name }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteTag(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('tags').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
