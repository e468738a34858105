import { lazy } from 'react';
import VideoCameraFrontIcon from '@mui/icons-material/VideoCameraFront';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.live_classes;

/** spec 1 §2.3: /admin/live_classes and /admin/live_classes/{id} (0 = new), title slug live_classes. */
export default {
  list: guarded(title, lazy(() => import('./LiveClassList.tsx'))),
  edit: guarded(title, lazy(() => import('./LiveClassEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./LiveClassEdit.tsx')).LiveClassCreate }))),
  icon: VideoCameraFrontIcon,
  recordRepresentation: 'title',
};
