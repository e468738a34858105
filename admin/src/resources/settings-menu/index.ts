import { lazy } from 'react';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';
import type { SettingsScreen } from '../../common/settings/index.ts';

const { name, title } = ADMIN_RESOURCES.settings_menu;

/** spec 1 §2.3 settings for menu editing (§6.2 settings_menu): the learner portal's menu of the selected client. */
export const settingsMenu: SettingsScreen = {
  name,
  title,
  icon: MenuOpenIcon,
  Screen: guarded(title, lazy(() => import('./SettingsMenuScreen.tsx'))),
  after: ADMIN_RESOURCES.configuration.name,
};
