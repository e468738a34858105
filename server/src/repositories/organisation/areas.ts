/** Areas of the selected client (spec 1 §3.7): renaming one changes only this client's label. */
import type { Db } from '../../db/database.ts';
import type { AreaUpdate, NewAreaRow } from '../../db/tables/organisation.table.ts';

export const areasQuery = (db: Db, clientId: number) =>
  db.selectFrom('areas').select(['areas.id', 'areas.name', 'areas.translations', 'areas.is_active', 'areas.created_at'])
    .where('areas.client_id', '=', clientId);

export async function insertArea(db: Db, values: NewAreaRow): Promise<number> {
  return (await db.insertInto('areas').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when the area is not the client's. */
export async function updateArea(db: Db, clientId: number, id: number, values: AreaUpdate): Promise<boolean> {
  const res = await db.updateTable('areas').set(values).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteArea(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('areas').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
