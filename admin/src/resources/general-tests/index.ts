import { lazy } from 'react';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.general_tests;

/** spec 1 §2.3: /admin/general-tests and /admin/general-tests/{id}, title slug general_tests. */
export default {
  list: guarded(title, lazy(() => import('./GeneralTestList.tsx'))),
  edit: guarded(title, lazy(() => import('./GeneralTestEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./GeneralTestEdit.tsx')).GeneralTestCreate }))),
  icon: AssignmentTurnedInIcon,
  recordRepresentation: 'title',
};
