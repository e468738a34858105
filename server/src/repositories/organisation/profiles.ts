/** Profiles of the selected client (spec 1 §3.7) with their e-mail domains (spec 1 §5.3). */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProfileTable } from '../../db/tables/organisation.table.ts';

export const profilesQuery = (db: Db, clientId: number) =>
  db.selectFrom('profiles').select(['profiles.id', 'profiles.name', 'profiles.translations', 'profiles.email_domains', 'profiles.created_at'])
    .where('profiles.client_id', '=', clientId);

export async function insertProfile(db: Db, values: Insertable<ProfileTable>): Promise<number> {
  return (await db.insertInto('profiles').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when the profile is not the client's. */
export async function updateProfile(db: Db, clientId: number, id: number, values: Updateable<ProfileTable>): Promise<boolean> {
  const res = await db.updateTable('profiles').set(values).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Users keep their link row to the client; its profile reference is cleared. */
export async function deleteProfile(db: Db, clientId: number, id: number): Promise<boolean> {
  await db.updateTable('user_clients').set({ profile_id: null }).where('client_id', '=', clientId).where('profile_id', '=', id).execute();
  const res = await db.deleteFrom('profiles').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
