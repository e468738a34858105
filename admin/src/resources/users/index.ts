import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.users;

export default {
  list: guarded(title, lazy(() => import('./UserList.tsx'))),
  edit: guarded(title, lazy(() => import('./UserEdit.tsx'))),
  create: guarded(title, lazy(() => import('./UserCreate.tsx'))),
  icon: PeopleIcon,
  recordRepresentation: 'full_name',
};
