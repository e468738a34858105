import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.audit_log;

/** docs/security.md "Shared users": the audit log of account-wide actions, read-only, superusers only. */
export default {
  list: guarded(title, lazy(() => import('./AuditLogList.tsx'))),
  icon: HistoryIcon,
};
