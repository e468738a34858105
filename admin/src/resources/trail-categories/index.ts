import { lazy } from 'react';
import CategoryIcon from '@mui/icons-material/Category';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.trail_categories;

/** spec 2 §2.2 / spec 1 §2.3: /admin/trail/categories and /admin/trail/categories/{id}, title slug trails. */
export default {
  list: guarded(title, lazy(() => import('./TrailCategoryList.tsx'))),
  edit: guarded(title, lazy(() => import('./TrailCategoryEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./TrailCategoryEdit.tsx')).TrailCategoryCreate }))),
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
