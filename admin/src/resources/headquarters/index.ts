import { lazy } from 'react';
import CorporateFareIcon from '@mui/icons-material/CorporateFare';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.headquarters;

export default {
  list: guarded(title, lazy(() => import('./HeadquarterList.tsx'))),
  edit: guarded(title, lazy(() => import('./HeadquarterEdit.tsx'))),
  create: guarded(title, lazy(() => import('./HeadquarterCreate.tsx'))),
  icon: CorporateFareIcon,
  recordRepresentation: 'name',
};
