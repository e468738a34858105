import { lazy } from 'react';
import LiveHelpIcon from '@mui/icons-material/LiveHelp';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.faqs;

/** spec 3 §2 / spec 1 §2.3: /admin/faqs and /admin/faqs/{id} (0 = new), title slug faq. */
export default {
  list: guarded(title, lazy(() => import('./FaqList.tsx'))),
  edit: guarded(title, lazy(() => import('./FaqEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./FaqEdit.tsx')).FaqCreate }))),
  icon: LiveHelpIcon,
  recordRepresentation: 'question',
};
