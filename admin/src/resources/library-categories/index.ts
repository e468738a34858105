import { lazy } from 'react';
import FolderIcon from '@mui/icons-material/Folder';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.library_categories;

/** spec 1 §2.3 / spec 3 §2: /admin/library/categories and /admin/library/categories/{id}, title slug library_categories. */
export default {
  list: guarded(title, lazy(() => import('./LibraryCategoryList.tsx'))),
  edit: guarded(title, lazy(() => import('./LibraryCategoryEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./LibraryCategoryEdit.tsx')).LibraryCategoryCreate }))),
  icon: FolderIcon,
  recordRepresentation: 'name',
};
