import { CONTENT_STATUS } from '@lp/shared/contract';
import type { OwnedDb } from '../ownedDb.ts';

/** The client's owner row that is not deleted (spec 2 §4.1 status 3). */
export async function findLiveOwner(db: OwnedDb, clientId: number, id: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('owned_owners').select('id')
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
}
