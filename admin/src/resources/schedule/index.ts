import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

/** spec 3 §2 schedule, title slug schedule (a module item). */
export default {
  list: guarded(ADMIN_RESOURCES.schedule.title, lazy(() => import('./ScheduleScreen.tsx'))),
  icon: EventIcon,
};
