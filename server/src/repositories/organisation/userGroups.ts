/** User groups of the selected client and their members (only users linked to the same client). */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export const userGroupsQuery = (db: Db, clientId: number) => db.selectFrom('user_groups')
  .select(['user_groups.id', 'user_groups.name', 'user_groups.created_at'])
  .select(sql<number>`(select count(*) from user_group_members m where m.group_id = user_groups.id)`.as('members_count'))
  .where('user_groups.client_id', '=', clientId);

export async function insertUserGroup(db: Db, clientId: number, name: string): Promise<number> {
  const row = await db.insertInto('user_groups').values({ client_id: clientId, name, created_at: new Date() })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** False when the group is not the client's. */
export async function renameUserGroup(db: Db, clientId: number, id: number, name: string): Promise<boolean> {
  const res = await db.updateTable('user_groups').set({ name }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteUserGroup(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('user_groups').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function userGroupOfClient(db: Db, clientId: number, groupId: number): Promise<boolean> {
  const row = await db.selectFrom('user_groups').select('id').where('id', '=', groupId).where('client_id', '=', clientId).executeTakeFirst();
  return row !== undefined;
}

/** The group's members; the list helper pages it. */
export const groupMembersQuery = (db: Db, groupId: number) => db.selectFrom('user_group_members')
  .innerJoin('users', 'users.id', 'user_group_members.user_id')
  .select(['users.id', 'users.full_name', 'users.email'])
  .where('user_group_members.group_id', '=', groupId);

/** Adds the users (already members are left alone); answers how many joined. */
export async function addGroupMembers(db: Db, groupId: number, userIds: number[]): Promise<number> {
  const added = await db.insertInto('user_group_members')
    .values(userIds.map((user_id) => ({ group_id: groupId, user_id })))
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0);
}

/** Answers how many left. */
export async function removeGroupMembers(db: Db, groupId: number, userIds: number[]): Promise<number> {
  const res = await db.deleteFrom('user_group_members')
    .where('group_id', '=', groupId).where('user_id', 'in', userIds).executeTakeFirst();
  return Number(res.numDeletedRows);
}
