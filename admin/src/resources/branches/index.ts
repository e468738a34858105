import { lazy } from 'react';
import StoreIcon from '@mui/icons-material/Store';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.branches;

export default {
  list: guarded(title, lazy(() => import('./BranchList.tsx'))),
  edit: guarded(title, lazy(() => import('./BranchEdit.tsx'))),
  create: guarded(title, lazy(() => import('./BranchCreate.tsx'))),
  icon: StoreIcon,
  recordRepresentation: 'name',
};
