import { lazy } from 'react';
import WavingHandIcon from '@mui/icons-material/WavingHand';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.welcome_banners;

/** spec 3 §2: /admin/banners-welcome and /admin/banners-welcome/{id}, title slug banners_welcome. */
export default {
  list: guarded(title, lazy(() => import('./WelcomeBannerList.tsx'))),
  edit: guarded(title, lazy(() => import('./WelcomeBannerEdit.tsx'))),
  create: guarded(title, lazy(() => import('./WelcomeBannerCreate.tsx'))),
  icon: WavingHandIcon,
  recordRepresentation: 'title',
};
