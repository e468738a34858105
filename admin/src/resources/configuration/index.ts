import { lazy } from 'react';
import SettingsIcon from '@mui/icons-material/Settings';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';
import type { SettingsScreen } from '../../common/settings/index.ts';

const { name, title } = ADMIN_RESOURCES.configuration;

/** spec 1 §2.3 configuration (admin_config): superuser only (§6.1). */
export const configuration: SettingsScreen = {
  name,
  title,
  icon: SettingsIcon,
  Screen: guarded(title, lazy(() => import('./ConfigurationScreen.tsx'))),
  after: ADMIN_RESOURCES.cookies_policy.name,
};
