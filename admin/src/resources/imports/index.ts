import { lazy } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.imports;

/** spec 1 §2.3 admin-imports (list, "save and validate") and admin-import/{id} (detail + logs). */
export default {
  list: guarded(title, lazy(() => import('./ImportList.tsx'))),
  create: guarded(title, lazy(() => import('./ImportCreate.tsx'))),
  show: guarded(title, lazy(() => import('./ImportShow.tsx'))),
  icon: UploadFileIcon,
  recordRepresentation: 'file_name',
};
