/**
 * Tus uploads (DESIGN "Files and media"): who made each, under which client and for what, and
 * whether a feature has taken (consumed) it. Only the uploader reaches an upload.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { UploadRow, UploadTable } from '../db/tables/import.table.ts';

/** The uploader's upload no feature has taken yet. */
export async function ownOpenUpload(db: Db, userId: number, id: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('uploads').select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The uploader's upload of `kind` made under the client and not yet taken; `completed` also asks
 * that tus has received all of it.
 */
export async function openUpload(
  db: Db, owner: { userId: number; clientId: number }, id: string, kind: string, completed: boolean,
): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll()
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('client_id', '=', owner.clientId)
    .where('kind', '=', kind)
    .where('consumed_at', 'is', null)
    .$if(completed, (q) => q.where('completed_at', 'is not', null))
    .executeTakeFirst();
}

/** Takes the upload for a feature: of two savers racing for it, one gets true. */
export async function consumeUpload(db: Db, id: string, at: Date = new Date()): Promise<boolean> {
  const taken = await db.updateTable('uploads').set({ consumed_at: at })
    .where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export async function insertUpload(db: Db, values: Insertable<UploadTable>): Promise<void> {
  await db.insertInto('uploads').values(values).execute();
}

/** Termination: the bytes are gone, so is the ownership row. */
export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).execute();
}
