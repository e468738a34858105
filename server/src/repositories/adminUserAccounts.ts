/**
 * The admin users list and the account actions beside the form (spec 1 §2.3, §6.1; docs/security.md
 * "Shared users"): permissions per client, status moves, password resets, the audit log.
 */
import { sql } from 'kysely';
import type { UserStatus } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';

/** Every client the user is linked to. */
export async function linkedClientIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_clients').select('client_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.client_id);
}

/** The users of the client, narrowed to an area's or a group's members of that client; paged by the list helper. */
export interface UserListNarrowing {
  areaId?: number;
  groupId?: number;
  /** holders of a current certificate of the client that expires within this many days from `now` */
  certificateExpiresWithin?: number;
  now?: Date;
}

export function adminUserListQuery(db: Db, clientId: number, narrow: UserListNarrowing) {
  let query = db.selectFrom('users')
    .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
    .select('users.id')
    .where('user_clients.client_id', '=', clientId);
  if (narrow.areaId) {
    query = query.where(sql<boolean>`exists (select 1 from user_areas ua where ua.user_id = users.id and ua.client_id = ${clientId} and ua.area_id = ${narrow.areaId})`);
  }
  if (narrow.groupId) {
    query = query.where(sql<boolean>`exists (select 1 from user_group_members m inner join user_groups g on g.id = m.group_id where m.user_id = users.id and g.client_id = ${clientId} and g.id = ${narrow.groupId})`);
  }
  if (narrow.certificateExpiresWithin) {
    const now = narrow.now ?? new Date();
    const until = new Date(now.getTime() + narrow.certificateExpiresWithin * 86_400_000);
    query = query.where(sql<boolean>`exists (select 1 from certificates c where c.user_id = users.id and c.client_id = ${clientId}
      and c.superseded_at is null and c.expires_at >= ${now.toISOString()} and c.expires_at < ${until.toISOString()})`);
  }
  return query;
}

/** The audit log across every client, with the names of actor, target and client; paged by the list helper. */
export function auditLogListQuery(db: Db) {
  return db.selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
    .leftJoin('users as target', 'target.id', 'audit_log.target_user_id')
    .leftJoin('clients', 'clients.id', 'audit_log.client_id')
    .select([
      'audit_log.id', 'audit_log.action', 'audit_log.actor_id', 'actor.full_name as actor_name', 'audit_log.target_user_id',
      'target.full_name as target_name', 'audit_log.client_id', 'clients.name as client_name', 'audit_log.details', 'audit_log.ip',
      'audit_log.user_agent', 'audit_log.created_at',
    ]);
}

/** spec 1 §6.1: the user's module items in the client, by slug. */
export async function userModuleItems(db: Db, userId: number, clientId: number): Promise<{ slug: string; permission: boolean }[]> {
  return db.selectFrom('user_module_items').select(['slug', 'permission'])
    .where('user_id', '=', userId).where('client_id', '=', clientId).orderBy('slug').execute();
}

/** The user's module items in the client become `items`. */
export async function replaceUserModuleItems(db: Db, userId: number, clientId: number, items: Map<string, boolean>): Promise<void> {
  await db.deleteFrom('user_module_items').where('user_id', '=', userId).where('client_id', '=', clientId).execute();
  if (items.size) {
    await db.insertInto('user_module_items')
      .values([...items].map(([slug, permission]) => ({ user_id: userId, client_id: clientId, slug, permission })))
      .execute();
  }
}

/** Moves the user from `from` to `to`; false when the status was no longer `from` (a concurrent change). */
export async function moveUserStatus(db: Db, userId: number, from: string, to: UserStatus): Promise<boolean> {
  const res = await db.updateTable('users').set({ status: to, updated_at: new Date() })
    .where('id', '=', userId).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A password the user must change at the next login. */
export async function setTemporaryPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, must_change_password: true, updated_at: new Date() })
    .where('id', '=', userId).execute();
}

/** The deletion request is refused: the account is active again. */
export async function rejectDeletionRequest(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ status: 'active', deletion_requested_at: null, updated_at: new Date() }).where('id', '=', userId).execute();
}
