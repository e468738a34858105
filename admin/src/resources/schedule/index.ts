import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';
import type { SettingsScreen } from '../../common/settings/index.ts';

const { name, title } = ADMIN_RESOURCES.schedule;

/** spec 3 §2 schedule, title slug schedule (a module item): one page, no records. */
export const schedule: SettingsScreen = {
  name,
  title,
  icon: EventIcon,
  Screen: guarded(title, lazy(() => import('./ScheduleScreen.tsx'))),
  after: ADMIN_RESOURCES.wild_cards.name,
};
