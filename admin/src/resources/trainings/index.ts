import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/School';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.trainings;

/** spec 2 §2.2: /admin/trainings (admin_trainings) and /admin/trainings/{id} (admin_training, 0 = new). */
export default {
  list: guarded(title, lazy(() => import('./TrainingList.tsx'))),
  edit: guarded(title, lazy(() => import('./TrainingEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./TrainingEdit.tsx')).TrainingCreate }))),
  icon: SchoolIcon,
  recordRepresentation: 'title',
};
