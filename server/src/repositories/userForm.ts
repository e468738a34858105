/**
 * The admin user register form (spec 1 §2.3, §5.3): the references it checks and the links it
 * writes. Links to areas, groups, superiors and the profile are those of the selected client;
 * client links are written as the route decides (it knows which clients the actor administers).
 */
import type { Db } from '../db/database.ts';
import type { NewUserRow, UserUpdate } from '../db/tables/user.table.ts';

export type ClientOwnedTable = 'areas' | 'user_groups' | 'profiles' | 'branches';

/** Which of `ids` are rows of `table` belonging to the client. */
export async function ownedIds(db: Db, table: ClientOwnedTable, clientId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function countryCodeOf(db: Db, countryId: number): Promise<string | undefined> {
  const country = await db.selectFrom('countries').select('code').where('id', '=', countryId).executeTakeFirst();
  return country?.code;
}

/** The user's profile in the client (null when linked without one or not linked). */
export async function userProfileId(db: Db, userId: number, clientId: number): Promise<number | null> {
  const row = await db.selectFrom('user_clients').select('profile_id').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return row?.profile_id ?? null;
}

/** The profile's email domains, when the profile belongs to the client. */
export async function profileEmailDomains(db: Db, clientId: number, profileId: number): Promise<{ email_domains: string[] } | undefined> {
  return db.selectFrom('profiles').select('email_domains').where('id', '=', profileId).where('client_id', '=', clientId).executeTakeFirst();
}

/** How many of `ids` are existing clients. */
export async function existingClientCount(db: Db, ids: number[]): Promise<number> {
  const found = await db.selectFrom('clients').select('id').where('id', 'in', ids).execute();
  return found.length;
}

/** Which of `ids` are people of the client that are not deleted. */
export async function livingUserIdsInClient(db: Db, clientId: number, ids: number[]): Promise<number[]> {
  const found = await db.selectFrom('users').innerJoin('user_clients', 'user_clients.user_id', 'users.id').select('users.id')
    .where('user_clients.client_id', '=', clientId).where('users.id', 'in', ids).where('users.status', '!=', 'deleted').execute();
  return found.map((r) => r.id);
}

export async function insertUser(db: Db, values: NewUserRow): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Db, userId: number, values: UserUpdate): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

export async function clientLinksOf(db: Db, userId: number): Promise<{ client_id: number; profile_id: number | null }[]> {
  return db.selectFrom('user_clients').select(['client_id', 'profile_id']).where('user_id', '=', userId).execute();
}

export async function unlinkClients(db: Db, userId: number, clientIds: number[]): Promise<void> {
  await db.deleteFrom('user_clients').where('user_id', '=', userId).where('client_id', 'in', clientIds).execute();
}

/** Links the user to the clients, without a profile; the link's date is the spec 1 §3.4 enrollment_date. */
export async function linkClients(db: Db, userId: number, clientIds: number[]): Promise<void> {
  const now = new Date();
  await db.insertInto('user_clients').values(clientIds.map((client_id) => ({ user_id: userId, client_id, profile_id: null, enrolled_at: now }))).execute();
}

/** The user's areas in the client. */
export async function userAreaIds(db: Db, userId: number, clientId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_areas').select('area_id').where('user_id', '=', userId).where('client_id', '=', clientId).execute();
  return rows.map((r) => r.area_id);
}

/** spec 1 §3.4 main_area of the user in the client (one of their areas, checked by the caller). */
export async function setMainArea(db: Db, userId: number, clientId: number, areaId: number | null): Promise<void> {
  await db.updateTable('user_clients').set({ main_area_id: areaId }).where('user_id', '=', userId).where('client_id', '=', clientId).execute();
}

/** The user's mandatory areas or profiles in the client become `ids`. */
export async function replaceUserMandatory(
  db: Db, table: 'user_mandatory_areas' | 'user_mandatory_profiles', userId: number, clientId: number, ids: number[],
): Promise<void> {
  await db.deleteFrom(table).where('user_id', '=', userId).where('client_id', '=', clientId).execute();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if (table === 'user_mandatory_areas') {
    await db.insertInto(table).values(unique.map((area_id) => ({ user_id: userId, client_id: clientId, area_id }))).execute();
  } else {
    await db.insertInto(table).values(unique.map((profile_id) => ({ user_id: userId, client_id: clientId, profile_id }))).execute();
  }
}

/** The main and mandatory areas stay among the user's areas (shared validateUserOrganisation): the others go. */
export async function keepAreaRolesWithin(db: Db, userId: number, clientId: number, areaIds: number[]): Promise<void> {
  const ids = areaIds.length ? areaIds : [0];
  await db.updateTable('user_clients').set({ main_area_id: null })
    .where('user_id', '=', userId).where('client_id', '=', clientId).where('main_area_id', 'not in', ids).execute();
  await db.deleteFrom('user_mandatory_areas')
    .where('user_id', '=', userId).where('client_id', '=', clientId).where('area_id', 'not in', ids).execute();
}

export async function setUserProfile(db: Db, userId: number, clientId: number, profileId: number | null): Promise<void> {
  await db.updateTable('user_clients').set({ profile_id: profileId }).where('user_id', '=', userId).where('client_id', '=', clientId).execute();
}

/** The user's areas in the client become `areaIds` (duplicates dropped). */
export async function replaceUserAreas(db: Db, userId: number, clientId: number, areaIds: number[]): Promise<void> {
  await db.deleteFrom('user_areas').where('user_id', '=', userId).where('client_id', '=', clientId).execute();
  const ids = [...new Set(areaIds)];
  if (ids.length) await db.insertInto('user_areas').values(ids.map((area_id) => ({ user_id: userId, client_id: clientId, area_id }))).execute();
}

/** The user's memberships in the client's groups become `groupIds` (other clients' groups stay). */
export async function replaceUserGroups(db: Db, userId: number, clientId: number, groupIds: number[]): Promise<void> {
  const own = db.selectFrom('user_groups').select('id').where('client_id', '=', clientId);
  await db.deleteFrom('user_group_members').where('user_id', '=', userId).where('group_id', 'in', own).execute();
  const ids = [...new Set(groupIds)];
  if (ids.length) await db.insertInto('user_group_members').values(ids.map((group_id) => ({ group_id, user_id: userId }))).execute();
}

/** The user's superiors in the client become `superiorIds`. */
export async function replaceUserSuperiors(db: Db, userId: number, clientId: number, superiorIds: number[]): Promise<void> {
  await db.deleteFrom('user_superiors').where('user_id', '=', userId).where('client_id', '=', clientId).execute();
  const ids = [...new Set(superiorIds)];
  if (ids.length) {
    await db.insertInto('user_superiors').values(ids.map((superior_id) => ({ user_id: userId, client_id: clientId, superior_id }))).execute();
  }
}
