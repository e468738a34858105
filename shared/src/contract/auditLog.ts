import { Type, type Static } from '@sinclair/typebox';
import { ListQuery } from './common.ts';

/**
 * The audit log superusers read (docs/security.md "Shared users"): who did what to whom, when
 * and from where. Account-wide actions on users write it (server/src/repositories/adminUsers.ts).
 */
export const AUDIT_ACTIONS = [
  'login_as', 'password_set', 'password_reset', 'email_change', 'document_change', 'status_change', 'client_links_change',
  'user_block', 'user_unblock', 'user_approve', 'user_create', 'user_update', 'permissions_update',
  'deletion_request', 'deletion_confirm', 'deletion_reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditLogEntry = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  actor_name: Type.Union([Type.String(), Type.Null()]),
  target_user_id: Type.Union([Type.Integer(), Type.Null()]),
  target_name: Type.Union([Type.String(), Type.Null()]),
  client_id: Type.Union([Type.Integer(), Type.Null()]),
  client_name: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;

/** GET /api/admin_users/audit_log/: the list envelopes, plus DRF-style filters on the query string. */
export const AuditLogQuery = Type.Composite([ListQuery, Type.Object({
  action: Type.Optional(Type.String({ maxLength: 60 })),
  actor_id: Type.Optional(Type.Integer({ minimum: 1 })),
  target_user_id: Type.Optional(Type.Integer({ minimum: 1 })),
})]);
export type AuditLogQuery = Static<typeof AuditLogQuery>;
