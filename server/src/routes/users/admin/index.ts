import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ADMIN_RESOURCES, ListQuery, AdminUser } from '@lp/shared/contract';
import { CERTIFICATE_EXPIRY_WINDOW_MAX_DAYS } from '@lp/shared/rules';
import { HttpError } from '../../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../../lib/list.ts';
import { clientOf } from '../../../plugins/app/auth.ts';
import { adminUserListQuery } from '../../../repositories/adminUserAccounts.ts';
import { loadAdminUsers } from '../../../repositories/adminUsers.ts';
import auditLog from './auditLog.ts';
import deletion from './deletion.ts';
import form from './form.ts';
import loginAs from './loginAs.ts';
import permissions from './permissions.ts';
import status from './status.ts';
import { titleAccess } from '../../../lib/access.ts';

const spec: ListSpec = {
  searchColumns: ['users.full_name', 'users.email', 'users.document'],
  sortable: {
    id: 'users.id', full_name: 'users.full_name', email: 'users.email', status: 'users.status', date_joined: 'users.created_at',
  },
  defaultOrdering: 'full_name',
  filters: { status: 'users.status', profile_id: 'user_clients.profile_id' },
};

/** DRF-style filters ride on the query string; the simple envelope sends them in `filter`. */
const UserListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(Type.String({ maxLength: 40 })),
  profile_id: Type.Optional(Type.Integer({ minimum: 1 })),
  area_id: Type.Optional(Type.Integer({ minimum: 1 })),
  group_id: Type.Optional(Type.Integer({ minimum: 1 })),
  certificate_expires_within: Type.Optional(Type.Integer({ minimum: 1, maximum: CERTIFICATE_EXPIRY_WINDOW_MAX_DAYS })),
})]);

function relationFilter(filterText: string | undefined, key: 'area_id' | 'group_id' | 'certificate_expires_within'): number | undefined {
  if (!filterText) return undefined;
  const value = (JSON.parse(filterText) as Record<string, unknown>)[key];
  if (value === undefined || value === null || value === '') return undefined;
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new HttpError(400, 'validation_error', `filter ${key} has an invalid value`);
  return id;
}

/** spec 1 §2.3 users list with filters; detail, form and actions in the sibling files. */
const users: FastifyPluginAsyncTypebox = async (app) => {
  app.get(ADMIN_RESOURCES.users.apiPath, {
    config: { access: titleAccess(ADMIN_RESOURCES.users.title) },
    schema: { querystring: UserListQuery, response: listResponse(AdminUser) },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const { status, profile_id, area_id, group_id, certificate_expires_within, ...listQuery } = request.query;
    const list = parseListQuery(listQuery, spec);
    if (status) list.filters.push({ column: 'users.status', values: [status] });
    if (profile_id) list.filters.push({ column: 'user_clients.profile_id', values: [profile_id] });
    const areaId = area_id ?? relationFilter(listQuery.filter, 'area_id');
    const groupId = group_id ?? relationFilter(listQuery.filter, 'group_id');
    // the overview's "certificates expiring" drill-down (spec 1 §2.3): holders of a current certificate expiring within N days
    const expiringWithin = certificate_expires_within ?? relationFilter(listQuery.filter, 'certificate_expires_within');
    if (expiringWithin !== undefined && expiringWithin > CERTIFICATE_EXPIRY_WINDOW_MAX_DAYS) {
      throw new HttpError(400, 'validation_error', 'filter certificate_expires_within has an invalid value');
    }
    const query = adminUserListQuery(app.db, clientId, { areaId, groupId, certificateExpiresWithin: expiringWithin });
    const { rows, total } = await runList(query, list, spec);
    return sendList(reply, 'users', list, await loadAdminUsers(app.db, clientId, rows.map((r) => r.id)), total);
  });

  for (const part of [form, permissions, status, deletion, loginAs, auditLog]) await app.register(part);
};
export default users;
