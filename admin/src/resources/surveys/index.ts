import { lazy } from 'react';
import PollIcon from '@mui/icons-material/Poll';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const { title } = ADMIN_RESOURCES.surveys;

/** spec 1 §2.3: /admin/surveys and /admin/surveys/{id}, title slug surveys. */
export default {
  list: guarded(title, lazy(() => import('./SurveyList.tsx'))),
  edit: guarded(title, lazy(() => import('./SurveyEdit.tsx'))),
  create: guarded(title, lazy(async () => ({ default: (await import('./SurveyEdit.tsx')).SurveyCreate }))),
  icon: PollIcon,
  recordRepresentation: 'title',
};
