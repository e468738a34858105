import { lazy } from 'react';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.libraries;

/** spec 1 §2.3 / spec 3 §2: /admin/libraries and /admin/libraries/{id} (0 = new), title slug library. */
export default {
  list: guarded(title, lazy(() => import('./LibraryList.tsx'))),
  edit: guarded(title, lazy(() => import('./LibraryEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./LibraryEdit.tsx')).LibraryCreate }))),
  icon: LibraryBooksIcon,
  recordRepresentation: 'title',
};
