import { lazy } from 'react';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.news;

/** spec 3 §2 / spec 1 §2.3: /admin/news (admin_news) and /admin/news/{id} (0 = new), title slug news. */
export default {
  list: guarded(title, lazy(() => import('./NewsList.tsx'))),
  edit: guarded(title, lazy(() => import('./NewsEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./NewsEdit.tsx')).NewsCreate }))),
  icon: NewspaperIcon,
  recordRepresentation: 'title',
};
