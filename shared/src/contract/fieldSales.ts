import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import {
  FIELD_QUESTION_TYPES, RECURRENCE_FREQUENCIES, RECURRENCE_SCOPES, RECURRENCE_UNITS, STEP_TYPES, TASK_ACTIONS, TASK_EVENT_STATES, TASK_STATUSES,
} from '../fieldSales/lists.ts';

export {
  FIELD_QUESTION_TYPES, RECURRENCE_FREQUENCIES, RECURRENCE_SCOPES, RECURRENCE_UNITS, STEP_TYPES, TASK_ACTIONS, TASK_EVENT_STATES, TASK_STATUSES, MAX_RECURRENCE,
} from '../fieldSales/lists.ts';
export type {
  FieldQuestionType, RecurrenceFrequency, RecurrenceScope, RecurrenceUnit, StepType, TaskAction, TaskEventState, TaskStatus,
} from '../fieldSales/lists.ts';

/**
 * Field-sales tasks (spec 3 §1–§9 "Field-sales tasks", "Task (field sales)"; spec 1 §2.3 admin
 * 4traders/questions (4traders_questions) and 4traders/tasks (4traders_tasks)). The spec shows no
 * call of this module, so the paths follow the other modules' shapes: the admin under
 * /admin_4traders/, the operator's side under /4traders/ (docs/api.md "Field-sales tasks").
 */
const ADMIN = '/admin_4traders/';
const OPERATOR = '/4traders/';
type Id = number | string;

export const FIELD_SALES_PATHS = {
  questionnaires: `${ADMIN}questions/`,
  questionnaire: (id: Id) => `${ADMIN}questions/${id}/`,
  tasks: `${ADMIN}tasks/`,
  task: (id: Id) => `${ADMIN}tasks/${id}/`,
  /** POST TaskCancelBody → TaskChange (cancel_motive; scope only this / all next) */
  cancel: (id: Id) => `${ADMIN}tasks/${id}/cancel/`,
  /** POST TaskScopeBody → TaskChange (status deleted) */
  remove: (id: Id) => `${ADMIN}tasks/${id}/delete/`,
  /** GET → TaskResults: the answers and the check-in/out of one task */
  results: (id: Id) => `${ADMIN}tasks/${id}/results/`,
  /** POST FieldTasksReportRequest → 202 ReportAccepted: tasks with check-in/out and answers as xlsx, e-mailed (reports registry) */
  report: `${ADMIN}tasks/report/`,
  /** GET → MapSettings: the map's tile template (MAP_TILE_URL; null = no tiles, the forms work without them) */
  mapSettings: `${ADMIN}map_settings/`,
  /** GET ?q= → AddressCandidate[]: the client's branches first, then the geocoder */
  addressSearch: `${ADMIN}address_search/`,
  /** the operator (4traders_apply_events): GET ?range=today|week */
  myTasks: `${OPERATOR}my_tasks/`,
  myTask: (id: Id) => `${OPERATOR}my_tasks/${id}/`,
  checkIn: (id: Id) => `${OPERATOR}my_tasks/${id}/check_in/`,
  /** PUT AnswerBody → MyTask: one question's answer, saved as it is given */
  answer: (id: Id, questionId: Id) => `${OPERATOR}my_tasks/${id}/answers/${questionId}/`,
  checkOut: (id: Id) => `${OPERATOR}my_tasks/${id}/check_out/`,
  notRealized: (id: Id) => `${OPERATOR}my_tasks/${id}/not_realized/`,
} as const;

// ---- questionnaires ----

const Options = Type.Array(Type.String({ maxLength: 256 }), { maxItems: 50 });

export const FieldQuestion = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  question_type: literalUnion(FIELD_QUESTION_TYPES),
  required: Type.Boolean(),
  /** choice types: the option labels, answered by index */
  options: Type.Array(Type.String()),
});
export type FieldQuestion = Static<typeof FieldQuestion>;
export const QuestionnaireStep = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  step_type: literalUnion(STEP_TYPES),
  questions: Type.Array(FieldQuestion),
});
export type QuestionnaireStep = Static<typeof QuestionnaireStep>;
export const Questionnaire = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** in order; a step's questions in order (the editor's drag and drop writes the order) */
  steps: Type.Array(QuestionnaireStep),
  questions_count: Type.Integer(),
  /** tasks that use it (a questionnaire is reused by many tasks; removal refused while used) */
  tasks_count: Type.Integer(),
});
export type Questionnaire = Static<typeof Questionnaire>;

export const FieldQuestionInput = Type.Object({
  /** an existing question keeps its id (and its answers) */
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  text: Type.String({ maxLength: 1000 }),
  question_type: literalUnion(FIELD_QUESTION_TYPES),
  required: Type.Optional(Type.Boolean()),
  options: Type.Optional(Options),
});
export const QuestionnaireStepInput = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  title: Type.String({ maxLength: 256 }),
  step_type: literalUnion(STEP_TYPES),
  questions: Type.Array(FieldQuestionInput, { maxItems: 100 }),
});
export const QuestionnaireInput = Type.Object({
  title: Type.String({ maxLength: 256 }),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
  steps: Type.Array(QuestionnaireStepInput, { maxItems: 50 }),
});
export type QuestionnaireInput = Static<typeof QuestionnaireInput>;

// ---- tasks ----

// null first: the request coercion would otherwise read a null as 0 or ''
const NullableText = (maxLength: number) => Type.Union([Type.Null(), Type.String({ maxLength })]);
const ApiDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const HourMinute = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

/** spec 3 §3 the address of a task, as the search list gives it (place_ref names the result). */
export const TaskAddress = Type.Object({
  postal_code: NullableText(32),
  address: NullableText(256),
  number: NullableText(32),
  complement: NullableText(128),
  neighborhood: NullableText(128),
  city: NullableText(128),
  state: NullableText(128),
  latitude: Type.Union([Type.Null(), Type.Number({ minimum: -90, maximum: 90 })]),
  longitude: Type.Union([Type.Null(), Type.Number({ minimum: -180, maximum: 180 })]),
  /** 'branch:{id}' or 'osm:{N|W|R}:{id}' (AddressCandidate.place_ref) */
  place_ref: NullableText(64),
});
export type TaskAddress = Static<typeof TaskAddress>;

/** One result of the address search. */
export const AddressCandidate = Type.Object({
  ...TaskAddress.properties,
  label: Type.String(),
  source: literalUnion(['branch', 'geocoder'] as const),
  latitude: Type.Number(),
  longitude: Type.Number(),
  place_ref: Type.String(),
});
export type AddressCandidate = Static<typeof AddressCandidate>;
export const AddressSearchQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 200 }) });

/** spec 3 §3 "recurrence: frequency, unit, repeat count" (§9: at most 365). */
export const RecurrenceInput = Type.Object({
  frequency: literalUnion(RECURRENCE_FREQUENCIES),
  count: Type.Integer({ minimum: 1, maximum: 100_000 }),
  /** custom: every `interval` `unit`s */
  interval: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
  unit: Type.Optional(literalUnion(RECURRENCE_UNITS)),
  /** weekly (or custom in weeks): 0 = Sunday … 6 = Saturday */
  weekdays: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7 })),
});
export type RecurrenceInput = Static<typeof RecurrenceInput>;

const Person = Type.Object({ id: Type.Integer(), full_name: Type.String() });
const CheckPoint = Type.Object({
  at: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  /** metres from the task address; null without a position */
  distance_m: Type.Union([Type.Integer(), Type.Null()]),
});

export const Task = Type.Composite([TaskAddress, Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** wall-clock date and times in `timezone` */
  task_date: Type.String(),
  start_time: Type.String(),
  end_time: Type.String(),
  timezone: Type.String(),
  /** the instants (ISO) of start and end */
  starts_at: Type.String(),
  ends_at: Type.String(),
  representative: Person,
  questionnaire_id: Type.Union([Type.Integer(), Type.Null()]),
  questionnaire_title: Type.Union([Type.String(), Type.Null()]),
  observation: Type.String(),
  status: literalUnion(TASK_STATUSES),
  /** spec 3 §4 "Events also show scheduled and finished" */
  event_state: literalUnion(TASK_EVENT_STATES),
  cancel_motive: Type.Union([Type.String(), Type.Null()]),
  not_realized_reason: Type.Union([Type.String(), Type.Null()]),
  check_in: Type.Union([CheckPoint, Type.Null()]),
  check_out: Type.Union([CheckPoint, Type.Null()]),
  /** the series it belongs to (null: a single task) and its place in it (1-based) */
  series_id: Type.Union([Type.Integer(), Type.Null()]),
  occurrence: Type.Union([Type.Integer(), Type.Null()]),
  recurrence: Type.Union([RecurrenceInput, Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
})]);
export type Task = Static<typeof Task>;

/** Creating a task: one, or a series when `recurrence` is set (every occurrence checked, spec 3 §5). */
export const TaskInput = Type.Composite([TaskAddress, Type.Object({
  title: Type.Optional(Type.String({ maxLength: 256 })),
  task_date: ApiDate,
  start_time: HourMinute,
  end_time: HourMinute,
  /** IANA zone of the user the times are in (the browser's); occurrences keep the wall-clock time across DST */
  timezone: Type.String({ minLength: 1, maxLength: 64 }),
  representative_id: Type.Integer({ minimum: 1 }),
  questionnaire_id: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 })])),
  observation: Type.Optional(Type.String({ maxLength: 4000 })),
  recurrence: Type.Optional(Type.Union([Type.Null(), RecurrenceInput])),
})]);
export type TaskInput = Static<typeof TaskInput>;

/** Editing an occurrence: the same fields (recurrence aside) and the scope (spec 3 §2 / §4). */
export const TaskUpdate = Type.Composite([Type.Omit(TaskInput, ['recurrence']), Type.Object({
  scope: Type.Optional(literalUnion(RECURRENCE_SCOPES)),
})]);
export type TaskUpdate = Static<typeof TaskUpdate>;

export const TaskScopeBody = Type.Object({ scope: Type.Optional(literalUnion(RECURRENCE_SCOPES)) });
export type TaskScopeBody = Static<typeof TaskScopeBody>;
export const TaskCancelBody = Type.Object({
  cancel_motive: Type.String({ maxLength: 2000 }),
  scope: Type.Optional(literalUnion(RECURRENCE_SCOPES)),
});
export type TaskCancelBody = Static<typeof TaskCancelBody>;
/** The tasks a scoped change reached. */
export const TaskChange = Type.Object({ ids: Type.Array(Type.Integer()) });
export type TaskChange = Static<typeof TaskChange>;

// ---- answers and results ----

/** The tus kind of a photo answer (spec 3 §1 "photo answers from the camera"). */
export const FIELD_TASK_PHOTO_UPLOAD_KIND = 'field_task_photo';

export const FieldAnswer = Type.Object({
  option_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 49 }), { maxItems: 50 })),
  text: Type.Optional(Type.String({ maxLength: 4000 })),
  number: Type.Optional(Type.Number()),
  /**
   * a photo: the id of a finished tus upload of kind FIELD_TASK_PHOTO_UPLOAD_KIND (jpg/png, checked
   * when the answer is saved); answers read back hold the stored file's path
   */
  file: Type.Optional(Type.String({ maxLength: 512 })),
  boolean: Type.Optional(Type.Boolean()),
});
export type FieldAnswer = Static<typeof FieldAnswer>;

export const TaskAnswerItem = Type.Object({
  question_id: Type.Union([Type.Integer(), Type.Null()]),
  step_title: Type.String(),
  question_text: Type.String(),
  question_type: literalUnion(FIELD_QUESTION_TYPES),
  value: FieldAnswer,
  /** the answer as text (option labels, yes/no, the number …) at the time it was given */
  display: Type.String(),
  /** a photo answer: the file's (signed) URL; null for the other types */
  file_url: Type.Union([Type.String(), Type.Null()]),
  answered_at: Type.String(),
});
export type TaskAnswerItem = Static<typeof TaskAnswerItem>;

export const TaskResults = Type.Object({ task: Task, answers: Type.Array(TaskAnswerItem) });
export type TaskResults = Static<typeof TaskResults>;

/** The operator's task: the task, its questionnaire and the answers given so far. */
export const MyTask = Type.Object({
  task: Task,
  questionnaire: Type.Union([Questionnaire, Type.Null()]),
  answers: Type.Array(TaskAnswerItem),
  actions: Type.Array(literalUnion(TASK_ACTIONS)),
});
export type MyTask = Static<typeof MyTask>;


/** Check-in / check-out: the browser's position when it gave one. */
export const CheckBody = Type.Object({
  latitude: Type.Optional(Type.Union([Type.Null(), Type.Number({ minimum: -90, maximum: 90 })])),
  longitude: Type.Optional(Type.Union([Type.Null(), Type.Number({ minimum: -180, maximum: 180 })])),
});
export type CheckBody = Static<typeof CheckBody>;
export const NotRealizedBody = Type.Object({ reason: Type.String({ maxLength: 2000 }) });
export type NotRealizedBody = Static<typeof NotRealizedBody>;
export const AnswerParams = Type.Object({ id: Type.Integer({ minimum: 1 }), questionId: Type.Integer({ minimum: 1 }) });

/** The results export: the list's filters (a day range, a representative, a status). */
export const FieldTasksReportRequest = Type.Object({
  from: Type.Optional(ApiDate),
  to: Type.Optional(ApiDate),
  representative_id: Type.Optional(Type.Integer({ minimum: 1 })),
  status: Type.Optional(literalUnion(TASK_STATUSES)),
});
export type FieldTasksReportRequest = Static<typeof FieldTasksReportRequest>;

export const MapSettings = Type.Object({ tile_url: Type.Union([Type.String(), Type.Null()]) });
export type MapSettings = Static<typeof MapSettings>;
