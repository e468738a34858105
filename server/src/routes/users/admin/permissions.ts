import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { UserPermissions, UserPermissionsQuery } from '@lp/shared/contract';
import { isPermissionSlug } from '@lp/shared/rules';
import type { Db } from '../../../db/database.ts';
import { HttpError, notFound } from '../../../lib/httpError.ts';
import { authOf, clientOf } from '../../../plugins/app/auth.ts';
import { replaceUserModuleItems, userModuleItems } from '../../../repositories/adminUserAccounts.ts';
import { audit, userInClient } from '../../../repositories/adminUsers.ts';
import { IdParams, administrableClientIds, auditBy, hasPermissionIn, targetUser, userPath } from './common.ts';
import { titleAccess } from '../../../lib/access.ts';

/** spec 1 §6.1: permissions are module items per client; the editor needs user_management there too. */
async function checkClient(db: Db, request: FastifyRequest, userId: number, clientId: number, write = false): Promise<void> {
  await targetUser(db, request, userId, { write });
  // nobody raises their own permissions
  if (write && userId === authOf(request).user.id) throw new HttpError(403, 'permission_denied', 'You cannot change your own permissions');
  const administrable = await administrableClientIds(db, request);
  const allowed = administrable === 'all'
    || (administrable.includes(clientId) && hasPermissionIn(authOf(request).subject, clientId, 'user_management'));
  if (!allowed) throw new HttpError(403, 'client_not_available', 'Client not available for this user');
  if (!(await userInClient(db, userId, clientId))) throw notFound();
}

async function read(db: Db, userId: number, clientId: number): Promise<UserPermissions> {
  const rows = await userModuleItems(db, userId, clientId);
  return { client_id: clientId, module_items: rows.map((r) => ({ slug: r.slug, permission: r.permission })) };
}

const permissions: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess('user_management');

  app.get(userPath('permissions/'), {
    config: { access: guard }, schema: { params: IdParams, querystring: UserPermissionsQuery, response: { 200: UserPermissions } },
  }, async (request) => {
    const clientId = request.query.client_id ?? clientOf(request);
    await checkClient(app.db, request, request.params.id, clientId);
    return read(app.db, request.params.id, clientId);
  });

  app.put(userPath('permissions/'), {
    config: { access: guard }, schema: { params: IdParams, body: UserPermissions, response: { 200: UserPermissions } },
  }, async (request) => {
    const { client_id: clientId, module_items: items } = request.body;
    await checkClient(app.db, request, request.params.id, clientId, true);
    const unknown = items.find((i) => !isPermissionSlug(i.slug));
    if (unknown) throw new HttpError(400, 'unknown_permission_slug', `Unknown permission ${unknown.slug}`, { module_items: 'unknown_permission_slug' });
    const bySlug = new Map(items.map((i) => [i.slug, i.permission]));
    await app.db.transaction().execute(async (trx) => {
      await replaceUserModuleItems(trx, request.params.id, clientId, bySlug);
      await audit(trx, {
        ...auditBy(request), action: 'permissions_update', target_user_id: request.params.id, client_id: clientId,
        details: { granted: [...bySlug].filter(([, p]) => p).map(([s]) => s) },
      });
    });
    return read(app.db, request.params.id, clientId);
  });
};
export default permissions;
