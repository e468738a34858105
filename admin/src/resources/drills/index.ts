import { lazy } from 'react';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.drills;

/** spec 1 §2.3: /admin/drills and /admin/drills/{id}, title slug drills. */
export default {
  list: guarded(title, lazy(() => import('./DrillList.tsx'))),
  edit: guarded(title, lazy(() => import('./DrillEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./DrillEdit.tsx')).DrillCreate }))),
  icon: EventRepeatIcon,
  recordRepresentation: 'title',
};
