import { lazy } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.partner_providers;

/** spec 1 §2.1 login-{partner}: the selected client's partner OpenID providers (superuser only, like the configuration). */
export default {
  list: guarded(title, lazy(() => import('./PartnerProviderList.tsx'))),
  edit: guarded(title, lazy(() => import('./PartnerProviderEdit.tsx'))),
  create: guarded(title, lazy(() => import('./PartnerProviderCreate.tsx'))),
  icon: KeyIcon,
  recordRepresentation: 'name',
};
