import { lazy } from 'react';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../permissions/PermissionGuard.tsx';

/** spec 1 §2.3 overview: the route (under <CustomRoutes>) and its guard; the page and its charts load lazily. */
export const OVERVIEW_ROUTE = `/${ADMIN_RESOURCES.overview.name}`;
export const OverviewScreen = guarded(ADMIN_RESOURCES.overview.title, lazy(() => import('./OverviewPage.tsx')));
