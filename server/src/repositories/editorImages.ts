/**
 * The editor's image uploads (spec 2 §5.11): a signed policy per image, the one upload it allows,
 * and its completion. Each row belongs to the user who asked for the policy.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { EditorImageUploadRow, EditorImageUploadTable } from '../db/tables/media.table.ts';

export async function insertEditorImageUpload(db: Db, values: Insertable<EditorImageUploadTable>): Promise<void> {
  await db.insertInto('editor_image_uploads').values(values).execute();
}

/** The user's policy that has not received its image yet. */
export async function pendingEditorImageUpload(db: Db, userId: number, id: string): Promise<EditorImageUploadRow | undefined> {
  return db.selectFrom('editor_image_uploads').selectAll()
    .where('id', '=', id).where('user_id', '=', userId).where('uploaded_at', 'is', null)
    .executeTakeFirst();
}

/** One upload per policy: of two posts racing, the one whose update lands wins (true). */
export async function claimEditorImageUpload(db: Db, id: string, resource: string, size: number): Promise<boolean> {
  const claimed = await db.updateTable('editor_image_uploads').set({ resource, size, uploaded_at: new Date() })
    .where('id', '=', id).where('uploaded_at', 'is', null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function findEditorImageUpload(db: Db, userId: number, id: string): Promise<EditorImageUploadRow | undefined> {
  return db.selectFrom('editor_image_uploads').selectAll()
    .where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function deleteEditorImageUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('editor_image_uploads').where('id', '=', id).execute();
}

export async function completeEditorImageUpload(db: Db, id: string): Promise<void> {
  await db.updateTable('editor_image_uploads').set({ completed_at: new Date() }).where('id', '=', id).execute();
}
