import { lazy } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.profiles;

export default {
  list: guarded(title, lazy(() => import('./ProfileList.tsx'))),
  edit: guarded(title, lazy(() => import('./ProfileEdit.tsx'))),
  create: guarded(title, lazy(() => import('./ProfileCreate.tsx'))),
  icon: BadgeIcon,
  recordRepresentation: 'name',
};
