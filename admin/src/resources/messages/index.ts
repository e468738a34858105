import { lazy } from 'react';
import MailIcon from '@mui/icons-material/Mail';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.messages;

/** spec 3 §2: /admin/messages and /admin/messages/{id}, title slug messages. */
export default {
  list: guarded(title, lazy(() => import('./MessageList.tsx'))),
  edit: guarded(title, lazy(() => import('./MessageEdit.tsx'))),
  create: guarded(title, lazy(() => import('./MessageCreate.tsx'))),
  icon: MailIcon,
  recordRepresentation: 'title',
};
