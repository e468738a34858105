import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, literalUnion } from './common.ts';
import type { TestOwnerContract } from './trainingTests.ts';
import { PRESENTIAL_APPOINTMENTS_PATH, PRESENTIAL_EVENTS_PATH } from './collections.ts';

/**
 * Face-to-face trainings (spec 3 §2 "Face-to-face (presential)", §3–§5, §8, §9; spec 1 §2.3 the
 * seven presential/* admin routes, §6.2). The spec shows no call of this module but the comment
 * list of an event (spec 3 §7: /presential/presential_events/{id}/comments/), so the admin paths
 * follow the live classes' shapes under /admin_presential/ and an event's owned content lives under
 * the spec's event collection. The rules are in shared/src/presential/.
 */
const ADMIN = '/admin_presential/';
const APPOINTMENTS = PRESENTIAL_APPOINTMENTS_PATH;
const EVENTS = PRESENTIAL_EVENTS_PATH;
type Id = number | string;

import {
  APPOINTMENT_ACTIONS, APPOINTMENT_STATUSES, APPOINTMENT_TRAINING_TYPES, ENROLLMENT_STATUSES, EVENT_TEST_TYPES,
} from '../presential/lists.ts';

export {
  APPOINTMENT_ACTIONS, APPOINTMENT_STATUSES, APPOINTMENT_TRAINING_TYPES, ENROLLMENT_STATUSES, EVENT_TEST_TYPES,
} from '../presential/lists.ts';
export type { AppointmentAction, AppointmentStatus, AppointmentTrainingType, EnrollmentStatus, EventTestType } from '../presential/lists.ts';
import type { AppointmentAction } from '../presential/lists.ts';

export const PRESENTIAL_PATHS = {
  // reference data (spec 1 §2.3: appointment_types, product_categories, products, support_materials, presential_manager_catalog)
  appointmentTypes: `${ADMIN}appointment_types/`,
  productCategories: `${ADMIN}product_categories/`,
  products: `${ADMIN}products/`,
  supportMaterials: `${ADMIN}support_materials/`,
  courses: `${ADMIN}courses_catalog/`,
  // spec 3 §3 "Planned vacancy" (presential_manager_seats)
  plannedVacancies: `${ADMIN}planned_vacancies/`,
  plannedVacancy: (id: Id) => `${ADMIN}planned_vacancies/${id}/`,
  /** POST {count} → PlannedVacancy: available seats withdrawn (spec 3 §4 "Vacancies can be cancelled") */
  cancelVacancies: (id: Id) => `${ADMIN}planned_vacancies/${id}/cancel_vacancies/`,
  // appointments (title appointments: any of request_events, approve_events, finish_events)
  appointments: APPOINTMENTS,
  /** POST AppointmentReportRequest → 202 ReportAccepted: the list's report button (spec 3 §9, 5-minute cooldown, superusers exempt) */
  report: `${APPOINTMENTS}report/`,
  appointment: (id: Id) => `${APPOINTMENTS}${id}/`,
  /** POST AppointmentActionBody → Appointment; one path per action, each with its own module item */
  action: (id: Id, action: AppointmentAction) => `${APPOINTMENTS}${id}/${action}/`,
  history: (id: Id) => `${APPOINTMENTS}${id}/history/`,
  /** POST → {id}: a copy for superior approval (request_events) */
  duplicate: (id: Id) => `${APPOINTMENTS}${id}/duplicate/`,
  /** POST → {id}: the appointment saved as a model (manage_models) */
  saveAsTemplate: (id: Id) => `${APPOINTMENTS}${id}/save_as_template/`,
  /** GET list of the models (both envelopes); POST {id}/create_appointment/ → {id} (request_events) */
  templates: `${ADMIN}appointment_templates/`,
  fromTemplate: (id: Id) => `${ADMIN}appointment_templates/${id}/create_appointment/`,
  events: (id: Id) => `${APPOINTMENTS}${id}/events/`,
  event: (id: Id, eventId: Id) => `${APPOINTMENTS}${id}/events/${eventId}/`,
  /** GET / PUT [{material_id, quantity}]: the Inputs tab */
  inputs: (id: Id) => `${APPOINTMENTS}${id}/inputs/`,
  subscribers: (id: Id) => `${APPOINTMENTS}${id}/subscribers/`,
  /** POST {event_id, user_ids} → EnrollResult (subscribe_event_users) */
  subscribersAdd: (id: Id) => `${APPOINTMENTS}${id}/subscribers/bulk_add/`,
  /** GET: enrollments awaiting cancellation (view_cancel_enrollments) */
  cancelEnrollments: `${ADMIN}cancel_enrollments/`,
  /** POST {approve} → Enrollment */
  decideCancellation: (enrollmentId: Id) => `${ADMIN}cancel_enrollments/${enrollmentId}/decide/`,
  /** GET PresentialCalendarQuery → PresentialCalendarEvent[]: the client's events in a range of at most CALENDAR_MAX_DAYS (spec 1 §2.3 presential/calendar) */
  calendar: `${ADMIN}events/`,
  eventTestTypes: `${ADMIN}presential_event_date_test_types/`,
  evaluationQuestionTypes: `${ADMIN}presential_evaluation_question_types/`,
} as const;

// ---- planned vacancies ----

export const PlannedVacancy = Type.Object({
  id: Type.Integer(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  course_id: Type.Integer(),
  course_code: Type.String(),
  course_name: Type.String(),
  /** 'quarter/year', e.g. '4/2020' */
  quarter: Type.String(),
  total: Type.Integer(),
  planned: Type.Integer(),
  filled: Type.Integer(),
  /** planned − filled − canceled */
  available: Type.Integer(),
  canceled: Type.Integer(),
});
export type PlannedVacancy = Static<typeof PlannedVacancy>;
export const PlannedVacancyInput = Type.Object({
  branch_id: Type.Integer({ minimum: 1 }),
  course_id: Type.Integer({ minimum: 1 }),
  /** 'quarter/year' (spec 3 §5) */
  quarter: Type.String({ maxLength: 16 }),
  total: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  planned: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});
export type PlannedVacancyInput = Static<typeof PlannedVacancyInput>;
export const CancelVacanciesBody = Type.Object({ count: Type.Integer({ minimum: 1, maximum: 1_000_000 }) });
export type CancelVacanciesBody = Static<typeof CancelVacanciesBody>;

// ---- appointments ----

const NullableInt = (max = 1_000_000) => Type.Union([Type.Integer({ minimum: 0, maximum: max }), Type.Null()]);
const NullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);
const Ids = (maxItems: number) => Type.Array(Type.Integer({ minimum: 1 }), { maxItems });
const StatusSchema = literalUnion(APPOINTMENT_STATUSES);
const Person = Type.Object({ id: Type.Integer(), full_name: Type.String() });

/** spec 3 §3 "Face-to-face training (appointment)", every field, as read. */
export const Appointment = Type.Object({
  id: Type.Integer(),
  /** as entered ('' = the course's name) */
  title: Type.String(),
  /** the title shown: the entered one or the course's name */
  display_title: Type.String(),
  training_code: Type.Union([Type.String(), Type.Null()]),
  course_id: Type.Union([Type.Integer(), Type.Null()]),
  course_code: Type.Union([Type.String(), Type.Null()]),
  course_name: Type.Union([Type.String(), Type.Null()]),
  appointment_type_id: Type.Union([Type.Integer(), Type.Null()]),
  product_category_id: Type.Union([Type.Integer(), Type.Null()]),
  product_id: Type.Union([Type.Integer(), Type.Null()]),
  training_type: literalUnion(APPOINTMENT_TRAINING_TYPES),
  listed: Type.Boolean(),
  /** target audience */
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  participating_audience: Type.String(),
  workload: Type.Number(),
  minimum_participants: Type.Union([Type.Integer(), Type.Null()]),
  maximum_participants: Type.Union([Type.Integer(), Type.Null()]),
  expected_participants: Type.Union([Type.Integer(), Type.Null()]),
  minimum_score: Type.Union([Type.Integer(), Type.Null()]),
  /** ISO instants */
  subscription_until: Type.Union([Type.String(), Type.Null()]),
  cancellation_until: Type.Union([Type.String(), Type.Null()]),
  timezone: Type.String(),
  instructors: Type.Array(Type.Integer()),
  instructors_list: Type.Array(Person),
  invitees: Type.Array(Type.Integer()),
  owner_id: Type.Union([Type.Integer(), Type.Null()]),
  owner_email: Type.Union([Type.String(), Type.Null()]),
  receive_emails: Type.Boolean(),
  has_tests: Type.Boolean(),
  /** seats taken by active enrollments (capacity: maximum_participants) */
  qty_participants: Type.Integer(),
  status: StatusSchema,
  cancellation_reason: Type.Union([Type.String(), Type.Null()]),
  requester: Type.Union([Person, Type.Null()]),
  comments: Type.String(),
  is_template: Type.Boolean(),
  events_count: Type.Integer(),
  /** what the caller may do now (the list's and screen's buttons) */
  actions: Type.Array(literalUnion(APPOINTMENT_ACTIONS)),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Appointment = Static<typeof Appointment>;

/** POST and PUT (presential_edit_basic_data): omitted fields keep their value on an update. */
export const AppointmentInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 256 })),
  training_code: Type.Optional(NullableText(64)),
  course_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  appointment_type_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  product_category_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  product_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  training_type: Type.Optional(literalUnion(APPOINTMENT_TRAINING_TYPES)),
  listed: Type.Optional(Type.Boolean()),
  areas: Type.Optional(Ids(5000)),
  profiles: Type.Optional(Ids(5000)),
  user_groups: Type.Optional(Ids(5000)),
  participating_audience: Type.Optional(Type.String({ maxLength: 2000 })),
  workload: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
  minimum_participants: Type.Optional(NullableInt()),
  maximum_participants: Type.Optional(NullableInt()),
  expected_participants: Type.Optional(NullableInt()),
  minimum_score: Type.Optional(NullableInt(100)),
  /** an ISO instant with its offset, or null */
  subscription_until: Type.Optional(NullableText(40)),
  cancellation_until: Type.Optional(NullableText(40)),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
  instructors: Type.Optional(Ids(50)),
  invitees: Type.Optional(Ids(5000)),
  owner_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  owner_email: Type.Optional(NullableText(256)),
  receive_emails: Type.Optional(Type.Boolean()),
  has_tests: Type.Optional(Type.Boolean()),
  comments: Type.Optional(Type.String({ maxLength: 10_000 })),
});
export type AppointmentInput = Static<typeof AppointmentInput>;

export const AppointmentListItem = Type.Object({
  id: Type.Integer(),
  display_title: Type.String(),
  course_code: Type.Union([Type.String(), Type.Null()]),
  appointment_type: Type.Union([Type.String(), Type.Null()]),
  training_type: literalUnion(APPOINTMENT_TRAINING_TYPES),
  status: StatusSchema,
  /** the first event's day, or null */
  first_date: Type.Union([Type.String(), Type.Null()]),
  events_count: Type.Integer(),
  qty_participants: Type.Integer(),
  maximum_participants: Type.Union([Type.Integer(), Type.Null()]),
  actions: Type.Array(literalUnion(APPOINTMENT_ACTIONS)),
  created_at: Type.String(),
});
export type AppointmentListItem = Static<typeof AppointmentListItem>;

/** The list's filters (spec 1 §2.3 "filters kept per list": presential). */
export const AppointmentListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(StatusSchema),
  training_type: Type.Optional(literalUnion(APPOINTMENT_TRAINING_TYPES)),
  appointment_type_id: Type.Optional(Type.Integer({ minimum: 1 })),
})]);
export type AppointmentListQuery = Static<typeof AppointmentListQuery>;

/** The report button's filters: those of the list (spec 1 §2.3 "filters kept per list": presential). */
export const AppointmentReportRequest = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(StatusSchema),
  training_type: Type.Optional(literalUnion(APPOINTMENT_TRAINING_TYPES)),
  appointment_type_id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type AppointmentReportRequest = Static<typeof AppointmentReportRequest>;

/** reprove and cancel carry the reason (spec 3 §3 "cancellation reason") */
export const AppointmentActionBody = Type.Object({ note: Type.Optional(Type.String({ maxLength: 2000 })) });
export type AppointmentActionBody = Static<typeof AppointmentActionBody>;

export const AppointmentHistoryEntry = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  from_status: Type.Union([StatusSchema, Type.Null()]),
  to_status: StatusSchema,
  user: Type.Union([Person, Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type AppointmentHistoryEntry = Static<typeof AppointmentHistoryEntry>;

export const CreatedId = Type.Object({ id: Type.Integer() });
export type CreatedId = Static<typeof CreatedId>;

// ---- events ----

/** spec 3 §3 "Event (of a face-to-face training)". */
export const PresentialEvent = Type.Object({
  id: Type.Integer(),
  appointment_id: Type.Integer(),
  event_type: literalUnion(EVENT_TEST_TYPES),
  /** YYYY-MM-DD in the appointment's timezone */
  date: Type.String(),
  /** HH:mm */
  start_hour: Type.String(),
  end_hour: Type.String(),
  intermission_minutes: Type.Integer(),
  location: Type.String(),
  location_name: Type.String(),
  instructors: Type.Array(Type.Integer()),
  live_class_id: Type.Union([Type.Integer(), Type.Null()]),
  webcast_id: Type.Union([Type.Integer(), Type.Null()]),
  /** taken from the appointment type (class type) unless set here; null: no limit */
  maximum_participants: Type.Union([Type.Integer(), Type.Null()]),
  /** guests: active enrollments */
  qty_participants: Type.Integer(),
});
export type PresentialEvent = Static<typeof PresentialEvent>;

export const PresentialEventInput = Type.Object({
  event_type: Type.Optional(literalUnion(EVENT_TEST_TYPES)),
  date: Type.Optional(Type.String({ maxLength: 10 })),
  start_hour: Type.Optional(Type.String({ maxLength: 5 })),
  end_hour: Type.Optional(Type.String({ maxLength: 5 })),
  intermission_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 600 })),
  location: Type.Optional(Type.String({ maxLength: 512 })),
  location_name: Type.Optional(Type.String({ maxLength: 256 })),
  instructors: Type.Optional(Ids(50)),
  live_class_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  webcast_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  maximum_participants: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()])),
});
export type PresentialEventInput = Static<typeof PresentialEventInput>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const PresentialCalendarQuery = Type.Object({ from: Day, to: Day });
export type PresentialCalendarQuery = Static<typeof PresentialCalendarQuery>;
/** One event of the calendar, with what its cell shows and the appointment it opens. */
export const PresentialCalendarEvent = Type.Object({
  id: Type.Integer(),
  appointment_id: Type.Integer(),
  /** the appointment's title shown (the entered one or the course's name) */
  title: Type.String(),
  status: StatusSchema,
  event_type: literalUnion(EVENT_TEST_TYPES),
  date: Type.String(),
  start_hour: Type.String(),
  end_hour: Type.String(),
  location_name: Type.String(),
  qty_participants: Type.Integer(),
  maximum_participants: Type.Union([Type.Integer(), Type.Null()]),
});
export type PresentialCalendarEvent = Static<typeof PresentialCalendarEvent>;

// ---- inputs (support materials of an appointment) ----

export const AppointmentInputLine = Type.Object({
  material_id: Type.Integer({ minimum: 1 }),
  /** required for every selected material (spec 3 §5) */
  quantity: Type.Union([Type.Integer({ minimum: 0, maximum: 10_000_000 }), Type.Null()]),
});
export const AppointmentInputs = Type.Array(AppointmentInputLine, { maxItems: 500 });
export type AppointmentInputs = Static<typeof AppointmentInputs>;
export const AppointmentInputRow = Type.Object({
  material_id: Type.Integer(), name: Type.String(), quantity: Type.Integer(), value: Type.Number(),
  /** quantity × the material's value */
  total: Type.Number(),
});
export type AppointmentInputRow = Static<typeof AppointmentInputRow>;

// ---- enrollments ----

export const PresentialEnrollment = Type.Object({
  id: Type.Integer(),
  appointment_id: Type.Integer(),
  event_id: Type.Integer(),
  /** the appointment's shown title and the event's day and hour (the cancellation requests name the training) */
  appointment_title: Type.String(),
  event_date: Type.String(),
  event_start_hour: Type.String(),
  user: Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.Union([Type.String(), Type.Null()]), branch: Type.Union([Type.String(), Type.Null()]) }),
  status: literalUnion(ENROLLMENT_STATUSES),
  cancellation_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type PresentialEnrollment = Static<typeof PresentialEnrollment>;

export const EnrollBody = Type.Object({
  event_id: Type.Integer({ minimum: 1 }),
  user_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
});
export type EnrollBody = Static<typeof EnrollBody>;
/** all or none: the first refusal names the user it stopped at */
export const EnrollResult = Type.Object({ enrolled: Type.Integer(), qty_participants: Type.Integer() });
export type EnrollResult = Static<typeof EnrollResult>;

export const DecideCancellationBody = Type.Object({ approve: Type.Boolean() });
export type DecideCancellationBody = Static<typeof DecideCancellationBody>;
export const CancellationRequestBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 2000 })) });
export type CancellationRequestBody = Static<typeof CancellationRequestBody>;

// ---- the event as an owner of tests, reaction evaluations, materials and comments ----

const IMPORT = '/admin_import/tests/presential_event_test/';

export const PRESENTIAL_EVENT_TESTS: TestOwnerContract = {
  ownerKind: 'presential_event',
  hitPrefix: 'presential_event',
  typeField: 'presential_event_test_type',
  answersField: 'presential_event_test_question_answers',
  uploadKind: 'presential_event_test_import',
  testTypes: `${ADMIN}presential_event_test_types/`,
  tests: (id) => `${EVENTS}${id}/presential_event_tests/`,
  test: (id, testId) => `${EVENTS}${id}/presential_event_tests/${testId}/`,
  questions: (id, testId) => `${EVENTS}${id}/presential_event_tests/${testId}/presential_event_test_questions/`,
  question: (id, testId, questionId) => `${EVENTS}${id}/presential_event_tests/${testId}/presential_event_test_questions/${questionId}/`,
  searchQuestions: `${EVENTS}presential_event_tests/search_presential_event_questions/`,
  importTemplate: (testId) => `${IMPORT}${testId}/generate_template/`,
  validateArchive: (testId) => `${IMPORT}${testId}/validate_template/`,
  startImport: (testId) => `${IMPORT}${testId}/start_import/`,
  importType: null,
  templateUrlField: 'template_download_url',
};

/** spec 3 §2 "Reaction evaluations" tab; models from presential_base_evaluations (spec 1 §3.8). */
export const PRESENTIAL_EVENT_EVALUATION_PATHS = {
  collection: (id: Id) => `${EVENTS}${id}/presential_event_evaluations/`,
  item: (id: Id, evaluationId: Id) => `${EVENTS}${id}/presential_event_evaluations/${evaluationId}/`,
  fromBase: (id: Id) => `${EVENTS}${id}/presential_event_evaluations/create_evaluation_from_base/`,
  questions: (id: Id, evaluationId: Id) => `${EVENTS}${id}/presential_event_evaluations/${evaluationId}/presential_event_evaluation_questions/`,
  question: (id: Id, evaluationId: Id, questionId: Id) =>
    `${EVENTS}${id}/presential_event_evaluations/${evaluationId}/presential_event_evaluation_questions/${questionId}/`,
  baseEvaluations: `${ADMIN}presential_base_evaluations/`,
  baseEvaluationQuestions: (baseId: Id) => `${ADMIN}presential_base_evaluations/${baseId}/base_evaluation_questions/`,
} as const;
export const PRESENTIAL_EVENT_EVALUATION_QUESTION_TYPE_FIELD = 'presential_evaluation_question_type';
export const PRESENTIAL_EVENT_BASE_EVALUATION_FIELD = 'presential_base_evaluation_id';

export const PRESENTIAL_EVENT_MATERIAL_PATHS = {
  collection: (id: Id) => `${EVENTS}${id}/presential_event_materials/`,
  item: (id: Id, materialId: Id) => `${EVENTS}${id}/presential_event_materials/${materialId}/`,
} as const;
export const PRESENTIAL_EVENT_MATERIAL_UPLOAD_KIND = 'presential_event_material';

/** The learner side of an event's tests and evaluation (issue "Face-to-face trainings II" serves them). */
export const LEARNER_PRESENTIAL_PATHS = {
  /** POST {reason} → PresentialEnrollment: the learner asks to cancel (spec 3 §2) */
  cancellationRequest: (enrollmentId: Id) => `/presential/enrollments/${enrollmentId}/cancellation_request/`,
  attempts: (id: Id, testId: Id) => `/presential/events/${id}/tests/${testId}/attempts/`,
  attempt: (id: Id, testId: Id, attemptId: Id) => `/presential/events/${id}/tests/${testId}/attempts/${attemptId}/`,
  answer: (id: Id, testId: Id, attemptId: Id, questionId: Id) => `/presential/events/${id}/tests/${testId}/attempts/${attemptId}/answers/${questionId}/`,
  submit: (id: Id, testId: Id, attemptId: Id) => `/presential/events/${id}/tests/${testId}/attempts/${attemptId}/submit/`,
  evaluation: (id: Id) => `/presential/events/${id}/evaluation/`,
} as const;
