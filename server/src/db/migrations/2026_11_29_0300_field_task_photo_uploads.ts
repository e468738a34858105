import type { Kysely } from 'kysely';

/**
 * spec 3 §1 "photo answers from the camera": a photo answer is a tus upload (kind
 * field_task_photo) moved into the media store when the answer is saved. The answer keeps the
 * upload's id so the portal's answer queue may send the same answer again (a reply lost on a
 * dropped connection) without being refused for an upload already used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('field_task_answers').addColumn('upload_id', 'varchar(100)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('field_task_answers').dropColumn('upload_id').execute();
}
