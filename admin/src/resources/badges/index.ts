import { lazy } from 'react';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.badges;

/** spec 3 §2: /admin/badges and /admin/badges/{id}, title slug badges (superuser only, spec 1 §6.1). */
export default {
  list: guarded(title, lazy(() => import('./BadgeList.tsx'))),
  edit: guarded(title, lazy(() => import('./BadgeEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./BadgeEdit.tsx')).BadgeCreate }))),
  icon: MilitaryTechIcon,
  recordRepresentation: 'title',
};
