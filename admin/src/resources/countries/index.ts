import { lazy } from 'react';
import PublicIcon from '@mui/icons-material/Public';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.countries;

export default {
  list: guarded(title, lazy(() => import('./CountryList.tsx'))),
  edit: guarded(title, lazy(() => import('./CountryEdit.tsx'))),
  create: guarded(title, lazy(() => import('./CountryCreate.tsx'))),
  icon: PublicIcon,
  recordRepresentation: 'name',
};
