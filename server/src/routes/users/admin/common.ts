import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { IdParams } from '@lp/shared/contract';
import { hasPermission, mayActOnAccount, type AccessSubject, type AccountAction } from '@lp/shared/rules';
import type { Db } from '../../../db/database.ts';
import type { UserRow } from '../../../db/tables/user.table.ts';
import { HttpError, notFound } from '../../../lib/httpError.ts';
import { authOf, clientOf } from '../../../plugins/app/auth.ts';
import { linkedClientIdsOf } from '../../../repositories/adminUserAccounts.ts';
import { auditOrigin, userInClient } from '../../../repositories/adminUsers.ts';
import { findUserById } from '../../../repositories/users.ts';

export const USERS_PATH = '/admin_users/users/';
export const userPath = (suffix: string) => `${USERS_PATH}:id/${suffix}`;
export { IdParams };
export const DetailResponse = Type.Object({ detail: Type.String() });

/**
 * The target user, only if linked to the selected client (tenant scoping); 404 otherwise.
 * `write`: a superuser account is changed only by a superuser, so no client administrator can
 * take it over (reset its password, edit its e-mail, block it).
 */
export async function targetUser(db: Db, request: FastifyRequest, id: number, options: { write?: boolean } = {}): Promise<UserRow> {
  const clientId = clientOf(request);
  const user = await findUserById(db, id);
  if (!user || !(await userInClient(db, id, clientId))) throw notFound();
  if (options.write && user.is_superuser && !authOf(request).user.is_superuser) {
    throw new HttpError(403, 'superuser_only', 'Only superusers can change a superuser');
  }
  return user;
}

/** Clients whose users the acting user administers: all for a superuser, else the session's clients. */
export async function administrableClientIds(_db: Db, request: FastifyRequest): Promise<number[] | 'all'> {
  const { user, clientIds } = authOf(request);
  if (user.is_superuser) return 'all';
  return clientIds;
}

/** The module item checked in a client other than the selected one (spec 1 §6.1 per-client lists). */
export function hasPermissionIn(subject: AccessSubject, clientId: number, slug: string): boolean {
  return hasPermission({ ...subject, id_user_client_selected: clientId }, slug);
}

export function requirePermission(request: FastifyRequest, slug: string, code: 'permission_denied' | 'no_anonymization_permission' = 'permission_denied'): void {
  if (!hasPermission(authOf(request).subject, slug)) {
    throw new HttpError(403, code, code === 'permission_denied' ? 'You do not have permission for this page' : 'Profile has no administrative permissions for data anonymization');
  }
}

/** Every client the user is linked to. */
export async function linkedClientIds(db: Db, userId: number): Promise<number[]> {
  return linkedClientIdsOf(db, userId);
}

/**
 * docs/security.md "Shared users": an account-wide action (password, e-mail, status, client
 * links, "log in as" …) needs its module item in every client the user belongs to — and in
 * `alsoClientIds` (links being added) — unless the actor is a superuser (shared/src/accountActions.ts).
 */
export async function requireAccountActions(
  db: Db, request: FastifyRequest, userId: number, actions: readonly AccountAction[], alsoClientIds: readonly number[] = [],
): Promise<void> {
  if (actions.length === 0) return;
  const { subject } = authOf(request);
  const clients = [...new Set([...(await linkedClientIds(db, userId)), ...alsoClientIds])];
  if (actions.every((action) => mayActOnAccount(subject, clients, action))) return;
  throw new HttpError(403, 'account_shared_with_other_clients', 'This user also belongs to clients you do not administer');
}

/** Actor and origin of an audit entry made by this request. */
export const auditBy = (request: FastifyRequest) => ({ actor_id: authOf(request).user.id, ...auditOrigin(request) });
