import { lazy } from 'react';
import InsightsIcon from '@mui/icons-material/Insights';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../permissions/PermissionGuard.tsx';
import type { SettingsScreen } from '../common/settings/index.ts';

const { name, title } = ADMIN_RESOURCES.reports_panel;

/**
 * spec 1 §6.2 reports_panel (BI): one page, no records, in the menu's reports area. The page, its
 * filters and its charts load lazily (the admin's first-load budget, bench/bundle-size.mjs).
 */
export const reportsPanel: SettingsScreen = {
  name,
  title,
  icon: InsightsIcon,
  Screen: guarded(title, lazy(() => import('./ReportsPanelPage.tsx'))),
  after: ADMIN_RESOURCES.overview.name,
};
