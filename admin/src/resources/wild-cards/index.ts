import { lazy } from 'react';
import ArticleIcon from '@mui/icons-material/Article';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.wild_cards;

/** spec 1 §2.3: /admin/wild_cards and wild_card/{id} (an alias of wild_cards/{id}), title slug wild_card (superuser only). */
export default {
  list: guarded(title, lazy(() => import('./WildCardList.tsx'))),
  edit: guarded(title, lazy(() => import('./WildCardEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./WildCardEdit.tsx')).WildCardCreate }))),
  icon: ArticleIcon,
  recordRepresentation: 'title',
};
