import { lazy } from 'react';
import SensorsIcon from '@mui/icons-material/Sensors';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.webcasts;

/** spec 2 §2.2: /admin/webcasts (admin_webcasts) and /admin/webcasts/{id} (admin_webcast, 0 = new), title slug webcasts. */
export default {
  list: guarded(title, lazy(() => import('./WebcastList.tsx'))),
  edit: guarded(title, lazy(() => import('./WebcastEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./WebcastEdit.tsx')).WebcastCreate }))),
  icon: SensorsIcon,
  recordRepresentation: 'title',
};
