import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, AuditLogEntry, AuditLogQuery } from '@lp/shared/contract';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../../lib/list.ts';
import { titleAccess } from '../../../lib/access.ts';
import { auditLogListQuery } from '../../../repositories/adminUserAccounts.ts';

const spec: ListSpec = {
  searchColumns: ['audit_log.action', 'actor.full_name', 'actor.email', 'target.full_name', 'target.email', 'audit_log.ip'],
  sortable: { id: 'audit_log.id', created_at: 'audit_log.created_at', action: 'audit_log.action' },
  defaultOrdering: '-id',
  filters: {
    action: 'audit_log.action', actor_id: 'audit_log.actor_id', target_user_id: 'audit_log.target_user_id', client_id: 'audit_log.client_id',
  },
};

/**
 * docs/security.md "Shared users": the audit log of account-wide actions (login as, passwords,
 * e-mails, statuses, client links …), across every client: superusers only (its title is in
 * SUPERUSER_ONLY_TITLES). Read-only.
 */
const auditLog: FastifyPluginAsyncTypebox = async (app) => {
  app.get(ADMIN_RESOURCES.audit_log.apiPath, {
    config: { access: titleAccess(ADMIN_RESOURCES.audit_log.title) },
    schema: { querystring: AuditLogQuery, response: listResponse(AuditLogEntry) },
  }, async (request, reply) => {
    const { action, actor_id, target_user_id, ...listQuery } = request.query;
    const list = parseListQuery(listQuery, spec);
    if (action) list.filters.push({ column: 'audit_log.action', values: [action] });
    if (actor_id) list.filters.push({ column: 'audit_log.actor_id', values: [actor_id] });
    if (target_user_id) list.filters.push({ column: 'audit_log.target_user_id', values: [target_user_id] });
    const { rows, total } = await runList(auditLogListQuery(app.db), list, spec);
    const entries: AuditLogEntry[] = rows.map((r) => ({
      ...r, details: r.details, created_at: r.created_at,
    }));
    return sendList(reply, 'audit-log', list, entries, total);
  });
};
export default auditLog;
