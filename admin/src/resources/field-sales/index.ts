import { lazy } from 'react';
import AssignmentIcon from '@mui/icons-material/Assignment';
import QuizIcon from '@mui/icons-material/Quiz';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';

const Q = ADMIN_RESOURCES.field_sales_questionnaires;
const T = ADMIN_RESOURCES.field_sales_tasks;

/** spec 1 §2.3 4traders/questions (4traders_questions) and 4traders/tasks (4traders_tasks); spec 3 §2 "Field-sales tasks". */
export const fieldSalesResources = {
  [Q.name]: {
    list: guarded(Q.title, lazy(() => import('./QuestionnaireList.tsx'))),
    edit: guarded(Q.title, lazy(() => import('./QuestionnaireEdit.tsx'))),
    create: guarded(Q.title, lazy(async () => ({ default: (await import('./QuestionnaireEdit.tsx')).QuestionnaireCreate }))),
    icon: QuizIcon,
    recordRepresentation: 'title',
  },
  [T.name]: {
    list: guarded(T.title, lazy(() => import('./TaskList.tsx'))),
    edit: guarded(T.title, lazy(() => import('./TaskEdit.tsx'))),
    create: guarded(T.title, lazy(async () => ({ default: (await import('./TaskEdit.tsx')).TaskCreate }))),
    icon: AssignmentIcon,
    recordRepresentation: 'title',
  },
};
