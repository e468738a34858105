import { lazy } from 'react';
import DomainAddIcon from '@mui/icons-material/DomainAdd';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';
import type { SettingsScreen } from '../../common/settings/index.ts';

const { name, title } = ADMIN_RESOURCES.headquarter_import;

/** spec 1 §2.3: /admin/headquarter-import, title slug headquarter_import (§6.2) — one page, no records. */
export const headquarterImport: SettingsScreen = {
  name,
  title,
  icon: DomainAddIcon,
  Screen: guarded(title, lazy(() => import('./HeadquarterImportPage.tsx'))),
  after: ADMIN_RESOURCES.headquarters.name,
};
