/** The field-sales lists, free of schemas: the rules and the contract both read them (spec 3 §3 "Task (field sales)", §4, §9 "Tasks"). */

/** spec 3 §4 "Field-sales task": pending, in_progress, realized, not_realized, canceled (with a reason), deleted. */
export const TASK_STATUSES = ['pending', 'in_progress', 'realized', 'not_realized', 'canceled', 'deleted'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** What changes a task's status (shared/src/fieldSales/rules.ts has the table). */
export const TASK_ACTIONS = ['check_in', 'check_out', 'not_realized', 'cancel', 'delete'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** spec 3 §4 "Events also show scheduled and finished": the calendar's reading of a status. */
export const TASK_EVENT_STATES = ['scheduled', 'in_progress', 'finished', 'canceled', 'deleted'] as const;
export type TaskEventState = (typeof TASK_EVENT_STATES)[number];

/** spec 3 §9 "Frequencies: daily, weekly, monthly, custom; one reading also lists yearly." */
export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** spec 3 §9 "Units: days, weeks, months, years" (the unit of a custom frequency's interval). */
export const RECURRENCE_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type RecurrenceUnit = (typeof RECURRENCE_UNITS)[number];

/** spec 3 §5 / §9 "Recurrence at most 365" (occurrences of one series, the first included). */
export const MAX_RECURRENCE = 365;

/** spec 3 §2 / §4 "only this recurrence" or "all next recurrences". */
export const RECURRENCE_SCOPES = ['only_this', 'all_next'] as const;
export type RecurrenceScope = (typeof RECURRENCE_SCOPES)[number];

/**
 * spec 3 §3 "questions/steps, each with step_type and question_type" (the spec names no values;
 * these are ours, docs/api.md "Field-sales tasks"):
 * - `questions`: a page of questions of any type;
 * - `photos`: an evidence page (shelf, display, store front) that holds photo questions only.
 */
export const STEP_TYPES = ['questions', 'photos'] as const;
export type StepType = (typeof STEP_TYPES)[number];

/**
 * The question types (docs/api.md): the answer each takes.
 * single_choice → option_ids [one]; multiple_choice → option_ids [one or more]; text → text;
 * number → number; photo → file (an uploaded file's path); yes_no → boolean.
 */
export const FIELD_QUESTION_TYPES = ['single_choice', 'multiple_choice', 'text', 'number', 'photo', 'yes_no'] as const;
export type FieldQuestionType = (typeof FIELD_QUESTION_TYPES)[number];
