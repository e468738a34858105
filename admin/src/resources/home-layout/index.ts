import { lazy } from 'react';
import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';
import type { SettingsScreen } from '../../common/settings/index.ts';

const { name, title } = ADMIN_RESOURCES.home_layout;

/** spec 1 §2.3: /admin/home, title slug home (superuser only, §6.1) — one settings page, no records. */
export const homeLayout: SettingsScreen = {
  name,
  title,
  icon: DashboardCustomizeIcon,
  Screen: guarded(title, lazy(() => import('./HomeLayoutPage.tsx'))),
  after: ADMIN_RESOURCES.configuration.name,
};
