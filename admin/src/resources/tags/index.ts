import { lazy } from 'react';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.tags;

export default {
  list: guarded(title, lazy(() => import('./TagList.tsx'))),
  edit: guarded(title, lazy(() => import('./TagEdit.tsx'))),
  create: guarded(title, lazy(() => import('./TagCreate.tsx'))),
  icon: LocalOfferIcon,
  recordRepresentation: 'name',
};
