import { lazy } from 'react';
import PodcastsIcon from '@mui/icons-material/Podcasts';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.podcasts;

/** spec 1 §2.3 / spec 3 §2: /admin/podcasts and /admin/podcasts/{id} (0 = new), title slug podcasts. */
export default {
  list: guarded(title, lazy(() => import('./PodcastList.tsx'))),
  edit: guarded(title, lazy(() => import('./PodcastEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./PodcastEdit.tsx')).PodcastCreate }))),
  icon: PodcastsIcon,
  recordRepresentation: 'title',
};
