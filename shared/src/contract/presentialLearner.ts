import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { PageNumber, literalUnion } from './common.ts';
import { CertificateSummary, LearnerEvaluation, LearnerTest } from './learner.ts';
import { LEARNER_FAVORITE_FILTERS, LEARNER_PROGRESS_FILTERS } from './learnerPaths.ts';
import { APPOINTMENT_STATUSES, APPOINTMENT_TRAINING_TYPES, ENROLLMENT_STATUSES, EVENT_TEST_TYPES } from '../presential/lists.ts';

/**
 * Face-to-face trainings as learners meet them (spec 3 §2 "Face-to-face (presential)" learner list
 * and detail; spec 1 §2.2 routes `presential`, `presential/{id}` and the filters search, progress,
 * favorite; issue 17 items 2, 6, 7). The spec shows none of these calls: they follow the live
 * classes' learner shapes (docs/api.md "Face-to-face trainings" → "Learner"). The event's tests
 * (attempts) and its reaction evaluation are LEARNER_PRESENTIAL_PATHS in presential.ts.
 */
type Id = number | string;

export const LEARNER_PRESENTIAL_LIST_PATHS = {
  list: '/presential/',
  detail: (id: Id) => `/presential/${id}/`,
  /** POST {event_id} subscribes to one event of an open training; DELETE leaves it (while allowed) */
  subscription: (id: Id) => `/presential/${id}/subscription/`,
  /** GET text/calendar: the learner's events of the training (spec 3 §2 "add to calendar") */
  calendar: (id: Id) => `/presential/${id}/calendar.ics`,
  /** POST {favorite} → {favorite} */
  favorite: (id: Id) => `/presential/${id}/favorite/`,
  /** GET the published comments of an event (page); POST {comment, stars?} once, after finishing (spec 3 §5) */
  comments: (eventId: Id) => `/presential/events/${eventId}/comments/`,
  /** POST by an instructor of the event holding presential_test_instructor → TestWindow */
  openTestWindow: (eventId: Id) => `/presential/events/${eventId}/open_test_window/`,
  closeTestWindow: (eventId: Id) => `/presential/events/${eventId}/close_test_window/`,
  /** GET → QrTestTarget: what a QR code's link leads to, refused outside its window or to someone not enrolled (tokens are base64url) */
  qrTest: (token: string) => `/presential/qr/${token}/`,
} as const;

/** The portal page a QR code opens (the phone camera opens it as a plain link). */
export const presentialQrPagePath = (token: string): string => `/presential/qr/${token}`;

export const PresentialCatalogueQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  progress: Type.Optional(literalUnion(LEARNER_PROGRESS_FILTERS)),
  favorite: Type.Optional(literalUnion(LEARNER_FAVORITE_FILTERS)),
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PresentialCatalogueQuery = Static<typeof PresentialCatalogueQuery>;

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const LearnerPresentialCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  course_name: Nullable(Type.String()),
  training_type: literalUnion(APPOINTMENT_TRAINING_TYPES),
  status: literalUnion(APPOINTMENT_STATUSES),
  workload: Type.Number(),
  timezone: Type.String(),
  /** the first and last event days (YYYY-MM-DD), null without events */
  first_date: Nullable(Type.String()),
  last_date: Nullable(Type.String()),
  /** the first event's place */
  location_name: Type.String(),
  events_count: Type.Integer(),
  /** the learner's enrollment (any event of it), null when none */
  enrollment_status: Nullable(literalUnion(ENROLLMENT_STATUSES)),
  progress: literalUnion(['not_started', 'ongoing', 'finished'] as const),
  favorite: Type.Boolean(),
  /** the learner teaches one of its events */
  instructor: Type.Boolean(),
  /** seats left in the training (its maximum), null when unlimited */
  vacancies: Nullable(Type.Integer()),
  can_subscribe: Type.Boolean(),
  finished: Type.Boolean(),
});
export type LearnerPresentialCard = Static<typeof LearnerPresentialCard>;
export const LearnerPresentialPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerPresentialCard) });
export type LearnerPresentialPage = Static<typeof LearnerPresentialPage>;

export const LearnerPresentialTest = Type.Composite([Type.Object({ id: Type.Integer(), title: Type.String() }), LearnerTest]);
export type LearnerPresentialTest = Static<typeof LearnerPresentialTest>;

/** The instructor's view of a presential test's window (issue 17 item 2). */
export const TestWindow = Type.Object({
  open: Type.Boolean(),
  opened_at: Nullable(Type.String()),
  closed_at: Nullable(Type.String()),
  /** the portal path the QR code carries while the window is open (prefix the portal's origin) */
  qr_path: Nullable(Type.String()),
});
export type TestWindow = Static<typeof TestWindow>;

export const LearnerPresentialEvent = Type.Object({
  id: Type.Integer(),
  event_type: literalUnion(EVENT_TEST_TYPES),
  /** YYYY-MM-DD and HH:mm in the training's timezone */
  date: Type.String(),
  start_hour: Type.String(),
  end_hour: Type.String(),
  /** the same, as instants (UTC ISO) */
  starts_at: Nullable(Type.String()),
  ends_at: Nullable(Type.String()),
  intermission_minutes: Type.Integer(),
  location: Type.String(),
  location_name: Type.String(),
  instructors: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** spec 3 §2 "go to the related live class or webcast" */
  live_class_id: Nullable(Type.Integer()),
  webcast_id: Nullable(Type.Integer()),
  maximum_participants: Nullable(Type.Integer()),
  vacancies: Nullable(Type.Integer()),
  /** the learner's active enrollment is in this event */
  enrolled: Type.Boolean(),
  can_subscribe: Type.Boolean(),
  /** the learner teaches this event */
  instructor: Type.Boolean(),
  /** the tests the learner may take now (online after finishing, presential inside the window) */
  tests: Type.Array(LearnerPresentialTest),
  /** why the event's tests are closed to the learner now, or null */
  tests_refusal: Nullable(Type.String()),
  /** presential test events, to an instructor of the event with presential_test_instructor; else null */
  test_window: Nullable(TestWindow),
  /** spec 3 §5: the learner may comment now; or why not */
  can_comment: Type.Boolean(),
  comment_refusal: Nullable(Type.String()),
  /**
   * The event's published reaction evaluation, to who is enrolled in it (answered once at
   * LEARNER_PRESENTIAL_PATHS.evaluation, after finishing); null otherwise.
   */
  evaluation: Nullable(LearnerEvaluation),
  /** why the evaluation cannot be answered now ('event_not_finished'), or null */
  evaluation_refusal: Nullable(Type.String()),
});
export type LearnerPresentialEvent = Static<typeof LearnerPresentialEvent>;

/**
 * The learner's result (issue 17 item 1, the Results tab): null until the results are released.
 * Kept nullable so the detail stands whether or not the results are recorded yet.
 */
export const LearnerPresentialResult = Type.Object({
  status: Type.String(),
  score: Nullable(Type.Number()),
});

/** GET /presential/{id}/ — the detail page. */
export const LearnerPresential = Type.Composite([LearnerPresentialCard, Type.Object({
  participating_audience: Type.String(),
  subscription_until: Nullable(Type.String()),
  cancellation_until: Nullable(Type.String()),
  enrollment: Nullable(Type.Object({
    id: Type.Integer(),
    event_id: Type.Integer(),
    status: literalUnion(ENROLLMENT_STATUSES),
    cancellation_reason: Nullable(Type.String()),
  })),
  can_unsubscribe: Type.Boolean(),
  can_request_cancellation: Type.Boolean(),
  events: Type.Array(LearnerPresentialEvent),
  result: Nullable(LearnerPresentialResult),
  certificate: Nullable(Type.Composite([CertificateSummary, Type.Object({ pdf_url: Type.String(), verify_url: Type.String() })])),
})]);
export type LearnerPresential = Static<typeof LearnerPresential>;

export const PresentialSubscribeBody = Type.Object({ event_id: Type.Integer({ minimum: 1 }) });
export type PresentialSubscribeBody = Static<typeof PresentialSubscribeBody>;
export const PresentialSubscription = Type.Object({
  enrollment_status: Nullable(literalUnion(ENROLLMENT_STATUSES)),
  vacancies: Nullable(Type.Integer()),
});
export type PresentialSubscription = Static<typeof PresentialSubscription>;
export const PresentialFavorite = Type.Object({ favorite: Type.Boolean() });
export type PresentialFavorite = Static<typeof PresentialFavorite>;

/** GET /presential/qr/{token}/ — the event and test a QR code opens, while its window is open. */
export const QrTestTarget = Type.Object({
  appointment_id: Type.Integer(),
  title: Type.String(),
  event_id: Type.Integer(),
  test: LearnerPresentialTest,
});
export type QrTestTarget = Static<typeof QrTestTarget>;
