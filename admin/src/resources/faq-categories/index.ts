import { lazy } from 'react';
import CategoryIcon from '@mui/icons-material/Category';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.faq_categories;

/** spec 3 §2 / spec 1 §2.3: /admin/faq/categories and /admin/faq/categories/{id}, title slug faq_categories. */
export default {
  list: guarded(title, lazy(() => import('./FaqCategoryList.tsx'))),
  edit: guarded(title, lazy(() => import('./FaqCategoryEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./FaqCategoryEdit.tsx')).FaqCategoryCreate }))),
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
