/** The stored files of a client (media_objects), by their resource path in the media store. */
import type { Db } from '../db/database.ts';

export async function mediaObjectExists(db: Db, clientId: number, resource: string): Promise<boolean> {
  return (await db.selectFrom('media_objects').select('id').where('client_id', '=', clientId).where('resource', '=', resource).executeTakeFirst()) !== undefined;
}

/** Forgets the stored file's row (the caller removes the file itself). */
export async function forgetMediaObject(db: Db, clientId: number, resource: string): Promise<void> {
  await db.deleteFrom('media_objects').where('client_id', '=', clientId).where('resource', '=', resource).execute();
}

/** Forgets a stored file's row whichever client stored it (a user's picture belongs to the account, not to a client). */
export async function forgetMediaResource(db: Db, resource: string): Promise<void> {
  await db.deleteFrom('media_objects').where('resource', '=', resource).execute();
}
