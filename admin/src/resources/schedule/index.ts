import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.schedule;

/**
 * spec 1 §2.3 schedule, schedule/{id} (title slug schedule, spec 1 §6.2): the month grid of the
 * client's calendar is the list; its records are the calendar items administrators write.
 */
export default {
  list: guarded(title, lazy(() => import('./ScheduleScreen.tsx'))),
  edit: guarded(title, lazy(() => import('./ScheduleEventEdit.tsx'))),
  create: guarded(title, lazy(() => import('./ScheduleEventCreate.tsx'))),
  icon: EventIcon,
  recordRepresentation: 'title',
};
