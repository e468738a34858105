import { lazy } from 'react';
import SettingsIcon from '@mui/icons-material/Settings';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

/** spec 1 §2.3 configuration (admin_config): superuser only (§6.1). */
export default {
  list: guarded(ADMIN_RESOURCES.configuration.title, lazy(() => import('./ConfigurationScreen.tsx'))),
  icon: SettingsIcon,
};
