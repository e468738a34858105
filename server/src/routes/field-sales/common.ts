import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { titleAccess, type AdminAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';

/**
 * Who may call the field-sales routes (spec 1 §2.3 title slugs 4traders_questions and
 * 4traders_tasks; §6.2 "Field-sales module: calendar, questions and tasks; apply events, manage
 * tasks, manage events").
 */
const TASKS = ADMIN_RESOURCES.field_sales_tasks.title;
export const ACCESS = {
  questionnaires: titleAccess(ADMIN_RESOURCES.field_sales_questionnaires.title),
  /** the task list, the calendar and the results */
  readTasks: titleAccess(TASKS, '4traders_calendar'),
  /** creating, editing, canceling and deleting tasks */
  writeTasks: { ...titleAccess(TASKS), permission: { slug: '4traders_manage_tasks', refusal: 'You do not have permission to manage field-sales tasks' } } as AdminAccess,
  /** the operator's side: the representative carries out (applies) the tasks */
  operator: titleAccess('4traders_apply_events'),
} as const;

export const taskNotFound = () => new HttpError(404, 'task_not_found', 'Task not found');
export const questionnaireNotFound = () => new HttpError(404, 'questionnaire_not_found', 'Questionnaire not found');
export const transitionRefused = () => new HttpError(409, 'task_transition_not_allowed', "This action is not allowed in the task's current status");
