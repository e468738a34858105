import { lazy } from 'react';
import MapIcon from '@mui/icons-material/Map';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

// resource `area_config`: superuser only (spec 1 §6.1)
const { title } = ADMIN_RESOURCES.areas;

export default {
  list: guarded(title, lazy(() => import('./AreaList.tsx'))),
  edit: guarded(title, lazy(() => import('./AreaEdit.tsx'))),
  create: guarded(title, lazy(() => import('./AreaCreate.tsx'))),
  icon: MapIcon,
  recordRepresentation: 'name',
};
