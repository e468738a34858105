import { lazy } from 'react';
import GroupsIcon from '@mui/icons-material/Groups';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.user_groups;

export default {
  list: guarded(title, lazy(() => import('./UserGroupList.tsx'))),
  edit: guarded(title, lazy(() => import('./UserGroupEdit.tsx'))),
  create: guarded(title, lazy(() => import('./UserGroupCreate.tsx'))),
  icon: GroupsIcon,
  recordRepresentation: 'name',
};
