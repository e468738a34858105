import { lazy } from 'react';
import RouteIcon from '@mui/icons-material/Route';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.trails;

/** spec 2 §2.2: /admin/trails and /admin/trails/{id} (0 = new), title slug trails. */
export default {
  list: guarded(title, lazy(() => import('./TrailList.tsx'))),
  edit: guarded(title, lazy(() => import('./TrailEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./TrailEdit.tsx')).TrailCreate }))),
  icon: RouteIcon,
  recordRepresentation: 'title',
};
