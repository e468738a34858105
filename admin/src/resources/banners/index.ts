import { lazy } from 'react';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.banners;

/** spec 3 §2: /admin/banners and /admin/banners/{id}, title slug banners. */
export default {
  list: guarded(title, lazy(() => import('./BannerList.tsx'))),
  edit: guarded(title, lazy(() => import('./BannerEdit.tsx'))),
  create: guarded(title, lazy(() => import('./BannerCreate.tsx'))),
  icon: ViewCarouselIcon,
  recordRepresentation: 'title',
};
