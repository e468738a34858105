import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, PageNumber, literalUnion } from './common.ts';
import { CertificateSummary, LearnerEvaluation, LearnerTest } from './learner.ts';
import type { TestOwnerContract } from './trainingTests.ts';
import { TrainingOwner } from './trainings.ts';
import { LIVE_CLASSES_PATH } from './collections.ts';

/**
 * Live classes (spec 3 §2 "Live classes", §3 "Live class", §4, §5, §9; spec 1 §2.2, §2.3, §6.2),
 * L = /admin_live_classes/live_classes/{id}. The spec shows no call of this module (spec 3 §7),
 * so the paths follow the webcast's shapes (spec 2 §7.3) under the module's own prefix; the
 * comment list path is the spec's (spec 3 §7 "Comments", origin live_class, no moderation).
 * The rules (windows, seats, the room limit) are in shared/src/liveClasses/.
 */
const LIVE_CLASSES = LIVE_CLASSES_PATH;
const ADMIN = '/admin_live_classes/';
type Id = number | string;

export const LIVE_CLASS_PATHS = {
  collection: LIVE_CLASSES,
  item: (id: Id) => `${LIVE_CLASSES}${id}/`,
  /** GET → {live_class_duplicated_id} (as the webcast's duplicate) */
  duplicate: (id: Id) => `${LIVE_CLASSES}${id}/duplicate/`,
  /** open class: GET list (both envelopes) — "update subscribers list" reloads it */
  subscribers: (id: Id) => `${LIVE_CLASSES}${id}/subscribers/`,
  /** POST {user_ids} → LiveClassUsersResult: add in bulk, all or none (seats held) */
  subscribersAdd: (id: Id) => `${LIVE_CLASSES}${id}/subscribers/bulk_add/`,
  /** POST {user_ids} → LiveClassUsersResult */
  subscribersRemove: (id: Id) => `${LIVE_CLASSES}${id}/subscribers/bulk_remove/`,
  /** closed class: GET list of the invitees (saved with the class's `invitees` field) */
  invitees: (id: Id) => `${LIVE_CLASSES}${id}/invitees/`,
  comments: (id: Id) => `${LIVE_CLASSES}${id}/comments/`,
  /** POST LiveClassReportRequest → 202 ReportAccepted: the report button (spec 3 §9, 5-minute cooldown, superusers exempt) */
  report: `${LIVE_CLASSES}report/`,
  // reference lists (spec 1 §3.8 live_class_platform_types, live_class_test_types, live_class_scores)
  platformTypes: `${ADMIN}live_class_platform_types/`,
  testTypes: `${ADMIN}live_class_test_types/`,
  scores: `${ADMIN}live_class_scores/`,
  timezones: `${ADMIN}timezones/`,
  evaluationQuestionTypes: `${ADMIN}live_class_evaluation_question_types/`,
} as const;

const IMPORT = '/admin_import/tests/live_class_test/';

/** Tests, questions, question bank and import of a live class: the owned-content core's, with live class names. */
export const LIVE_CLASS_TESTS: TestOwnerContract = {
  ownerKind: 'live_class',
  hitPrefix: 'live_class',
  typeField: 'live_class_test_type',
  answersField: 'live_class_test_question_answers',
  uploadKind: 'live_class_test_import',
  testTypes: LIVE_CLASS_PATHS.testTypes,
  tests: (id) => `${LIVE_CLASSES}${id}/live_class_tests/`,
  test: (id, testId) => `${LIVE_CLASSES}${id}/live_class_tests/${testId}/`,
  questions: (id, testId) => `${LIVE_CLASSES}${id}/live_class_tests/${testId}/live_class_test_questions/`,
  question: (id, testId, questionId) => `${LIVE_CLASSES}${id}/live_class_tests/${testId}/live_class_test_questions/${questionId}/`,
  searchQuestions: `${LIVE_CLASSES}live_class_tests/search_live_class_questions/`,
  importTemplate: (testId) => `${IMPORT}${testId}/generate_template/`,
  validateArchive: (testId) => `${IMPORT}${testId}/validate_template/`,
  startImport: (testId) => `${IMPORT}${testId}/start_import/`,
  importType: null,
  templateUrlField: 'template_download_url',
};

/** spec 3 §2 "reaction tests": the reaction evaluations, as the webcast's (spec 2 §7.3). */
export const LIVE_CLASS_EVALUATION_PATHS = {
  collection: (id: Id) => `${LIVE_CLASSES}${id}/live_class_evaluations/`,
  item: (id: Id, evaluationId: Id) => `${LIVE_CLASSES}${id}/live_class_evaluations/${evaluationId}/`,
  /** POST JSON {live_class_base_evaluation_id} → {id} */
  fromBase: (id: Id) => `${LIVE_CLASSES}${id}/live_class_evaluations/create_evaluation_from_base/`,
  questions: (id: Id, evaluationId: Id) => `${LIVE_CLASSES}${id}/live_class_evaluations/${evaluationId}/live_class_evaluation_questions/`,
  question: (id: Id, evaluationId: Id, questionId: Id) =>
    `${LIVE_CLASSES}${id}/live_class_evaluations/${evaluationId}/live_class_evaluation_questions/${questionId}/`,
  baseEvaluations: `${ADMIN}base_evaluations/`,
  baseEvaluationQuestions: (baseId: Id) => `${ADMIN}base_evaluations/${baseId}/base_evaluation_questions/`,
} as const;
export const LIVE_CLASS_EVALUATION_QUESTION_TYPE_FIELD = 'live_class_evaluation_question_type';
export const LIVE_CLASS_BASE_EVALUATION_FIELD = 'live_class_base_evaluation_id';

export const LIVE_CLASS_MATERIAL_PATHS = {
  collection: (id: Id) => `${LIVE_CLASSES}${id}/live_class_materials/`,
  item: (id: Id, materialId: Id) => `${LIVE_CLASSES}${id}/live_class_materials/${materialId}/`,
} as const;
export const LIVE_CLASS_MATERIAL_UPLOAD_KIND = 'live_class_material';

/** spec 3 §3 live_class_type: open (learners subscribe) or closed (invitees only). */
export const LIVE_CLASS_TYPES = ['open', 'closed'] as const;
export type LiveClassType = (typeof LIVE_CLASS_TYPES)[number];
/** spec 3 §3 stream_type: the live_class_platform_types slugs (ids 1 and 2). */
export const LIVE_CLASS_PLATFORMS = ['external', 'jitsi'] as const;
export type LiveClassPlatform = (typeof LIVE_CLASS_PLATFORMS)[number];

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
const NullableString = (maxLength: number, pattern?: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, ...(pattern ? { pattern } : {}) });
const TypeSchema = literalUnion(LIVE_CLASS_TYPES);
const TagRef = Type.Object({ id: Type.Integer(), name: Type.String() });

/** spec 3 §3 live class as read (GET L/, and the answer of POST and PUT). */
export const LiveClass = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** HTML, sanitised by the server */
  description: Type.String(),
  live_class_type: TypeSchema,
  /** 'YYYY-MM-DDTHH:mm:ss±hh:mm' in `timezone` */
  live_class_date: Type.String(),
  timezone: Type.String(),
  /** a live_class_platform_types id */
  stream_type: Type.Integer(),
  /** the external meeting URL; null for an embedded (Jitsi) room */
  transmission_url: Type.Union([Type.String(), Type.Null()]),
  /** seats; null = none assigned (closed class: the invitees are the seats) */
  maximum_participants: Type.Union([Type.Integer(), Type.Null()]),
  /** closed class: the guest list (user ids) */
  invitees: Type.Array(Type.Integer()),
  /** users who run the class (moderators of the room) */
  instructors: Type.Array(Type.Integer()),
  /** the instructors named (the editor's chips), as a training's owners_list */
  instructors_list: Type.Array(TrainingOwner),
  /** spec 3 §3: null (blank) uses the live class score */
  score: Type.Union([Type.Integer(), Type.Null()]),
  /** the points a learner earns: `score`, or the live class score when blank */
  effective_score: Type.Integer(),
  /** hours, printed on the certificate */
  workload: Type.Number(),
  /** YYYY-MM-DD, or null */
  date_to_unpublish: Type.Union([Type.String(), Type.Null()]),
  /** LIVE_CLASS_STATUS: 1 published, 2 unpublished, 4 finished */
  status: Type.Integer(),
  tags: Type.Array(Type.Integer()),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  /** subscribers (open) or invitees (closed) */
  qty_participants: Type.Integer(),
  /** spec 3 §5: once started, the class's date, type and room cannot change */
  started: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type LiveClass = Static<typeof LiveClass>;

/** POST L and PUT L/: omitted fields keep their value on an update (shared/src/liveClasses decides what is required). */
export const LiveClassInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 200_000 })),
  live_class_type: Type.Optional(TypeSchema),
  /** 'YYYY-MM-DDTHH:mm:ss±hh:mm' (an instant), or a wall-clock 'YYYY-MM-DDTHH:mm:ss' read in `timezone` */
  live_class_date: Type.Optional(NullableString(40)),
  timezone: Type.Optional(NullableString(64)),
  stream_type: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1 })),
  transmission_url: Type.Optional(NullableString(2000)),
  maximum_participants: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 100_000 })),
  invitees: Type.Optional(Ids),
  instructors: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 })),
  /** needs live_class_set_score; null = the live class score */
  score: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 1_000_000 })),
  workload: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
  date_to_unpublish: Type.Optional(NullableString(10, '^(\\d{4}-\\d{2}-\\d{2})?$')),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  tags: Type.Optional(Ids),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
});
export type LiveClassInput = Static<typeof LiveClassInput>;

/** One row of GET L (both list envelopes). */
export const LiveClassListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  live_class_type: TypeSchema,
  live_class_date: Type.String(),
  timezone: Type.String(),
  stream_type: Type.Integer(),
  status: Type.Integer(),
  maximum_participants: Type.Union([Type.Integer(), Type.Null()]),
  qty_participants: Type.Integer(),
  tags: Type.Array(TagRef),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type LiveClassListItem = Static<typeof LiveClassListItem>;

/** The list query plus its filters (spec 1 §2.3 "filters kept per list"; the simple envelope filters through `filter`). */
export const LiveClassListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  live_class_type: Type.Optional(TypeSchema),
  stream_type: Type.Optional(Type.Integer({ minimum: 1 })),
})]);
export type LiveClassListQuery = Static<typeof LiveClassListQuery>;

/** The report button's filters: those of the list (spec 1 §2.3 "filters kept per list"). */
export const LiveClassReportRequest = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  live_class_type: Type.Optional(TypeSchema),
});
export type LiveClassReportRequest = Static<typeof LiveClassReportRequest>;

export const LiveClassDuplicated = Type.Object({ live_class_duplicated_id: Type.Integer() });
export type LiveClassDuplicated = Static<typeof LiveClassDuplicated>;

/** A subscriber (open class) or an invitee (closed class). */
export const LiveClassParticipant = Type.Object({
  id: Type.Integer(),
  user: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    /** the profile's name in the client, or null */
    profile: Type.Union([Type.String(), Type.Null()]),
  }),
  subscribed_at: Type.String(),
  /** when the learner first asked to enter the room, or null */
  entered_at: Type.Union([Type.String(), Type.Null()]),
});
export type LiveClassParticipant = Static<typeof LiveClassParticipant>;

export const LiveClassUsersBody = Type.Object({ user_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }) });
export type LiveClassUsersBody = Static<typeof LiveClassUsersBody>;
/** after a bulk change: how many rows it changed and how many participants there are now */
export const LiveClassUsersResult = Type.Object({ changed: Type.Integer(), qty_participants: Type.Integer() });
export type LiveClassUsersResult = Static<typeof LiveClassUsersResult>;

export const LiveClassPlatformOption = Type.Object({
  id: Type.Integer(), slug: literalUnion(LIVE_CLASS_PLATFORMS), label: Type.String(), uses_url: Type.Boolean(),
});
export type LiveClassPlatformOption = Static<typeof LiveClassPlatformOption>;
export const LiveClassScoreOption = Type.Object({ score: Type.Integer(), label: Type.String() });
export type LiveClassScoreOption = Static<typeof LiveClassScoreOption>;

// ---- learner side (docs/api.md "Learner: live classes") ----

export const LEARNER_LIVE_CLASS_PATHS = {
  liveClasses: '/live_classes/',
  /** the tags of the classes the learner sees: the tags filter's options */
  tags: '/live_classes/tags/',
  liveClass: (id: Id) => `/live_classes/${id}/`,
  /** POST subscribes, DELETE unsubscribes (open classes) */
  subscription: (id: Id) => `/live_classes/${id}/subscription/`,
  /** GET → LiveClassRoom while the room is open */
  room: (id: Id) => `/live_classes/${id}/room/`,
  attempts: (id: Id, testId: Id) => `/live_classes/${id}/tests/${testId}/attempts/`,
  attempt: (id: Id, testId: Id, attemptId: Id) => `/live_classes/${id}/tests/${testId}/attempts/${attemptId}/`,
  answer: (id: Id, testId: Id, attemptId: Id, questionId: Id) => `/live_classes/${id}/tests/${testId}/attempts/${attemptId}/answers/${questionId}/`,
  submit: (id: Id, testId: Id, attemptId: Id) => `/live_classes/${id}/tests/${testId}/attempts/${attemptId}/submit/`,
  evaluation: (id: Id) => `/live_classes/${id}/evaluation/`,
} as const;

const IdList = Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' });

/** spec 1 §2.2 / spec 3 §2 live class filters: search, tags, areas, groups, all_tags, all_areas. */
export const LiveClassCatalogueQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  /** comma-separated ids */
  tags: Type.Optional(IdList),
  areas: Type.Optional(IdList),
  groups: Type.Optional(IdList),
  /** true: every chosen tag (or area) must be on the class; false/absent: any of them */
  all_tags: Type.Optional(Type.Boolean()),
  all_areas: Type.Optional(Type.Boolean()),
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type LiveClassCatalogueQuery = Static<typeof LiveClassCatalogueQuery>;

/** How the learner stands in the class: its instructor, a participant (subscriber or invitee), or neither. */
export const LiveClassRole = Type.Union([Type.Literal('instructor'), Type.Literal('participant'), Type.Literal('none')]);
export type LiveClassRole = Static<typeof LiveClassRole>;

export const LearnerLiveClassCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  live_class_type: TypeSchema,
  /** 'YYYY-MM-DDTHH:mm:ss±hh:mm' in `timezone` */
  live_class_date: Type.String(),
  timezone: Type.String(),
  status: Type.Integer(),
  score: Type.Integer(),
  workload: Type.Number(),
  tags: Type.Array(TagRef),
  role: LiveClassRole,
  maximum_participants: Type.Union([Type.Integer(), Type.Null()]),
  /** seats left (open class), null when none are assigned */
  vacancies: Type.Union([Type.Integer(), Type.Null()]),
  /** spec 3 §2: "No vacancy" replaces the subscribe button */
  sold_out: Type.Boolean(),
  can_subscribe: Type.Boolean(),
  can_unsubscribe: Type.Boolean(),
  /** "enter the class" shows only while this is true */
  room_open: Type.Boolean(),
  /** when this learner may enter (UTC ISO) */
  room_opens_at: Type.String(),
  finished: Type.Boolean(),
});
export type LearnerLiveClassCard = Static<typeof LearnerLiveClassCard>;
export const LearnerLiveClassPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerLiveClassCard) });
export type LearnerLiveClassPage = Static<typeof LearnerLiveClassPage>;

export const LearnerLiveClassTest = Type.Composite([Type.Object({ id: Type.Integer(), title: Type.String() }), LearnerTest]);

/** GET /live_classes/{id}/ — the detail page. */
export const LearnerLiveClass = Type.Composite([LearnerLiveClassCard, Type.Object({
  description: Type.String(),
  platform: literalUnion(LIVE_CLASS_PLATFORMS),
  /** who runs the class (spec 3 §2: the detail names its instructors) */
  instructors: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** spec 3 §4: the remaining activities open only once the class is Finished, for its participants */
  activities_available: Type.Boolean(),
  tests: Type.Array(LearnerLiveClassTest),
  evaluation: Type.Union([LearnerEvaluation, Type.Null()]),
  completed: Type.Boolean(),
  certificate: Type.Union([Type.Composite([CertificateSummary, Type.Object({ pdf_url: Type.String(), verify_url: Type.String() })]), Type.Null()]),
})]);
export type LearnerLiveClass = Static<typeof LearnerLiveClass>;

export const LiveClassSubscription = Type.Object({ subscribed: Type.Boolean(), vacancies: Type.Union([Type.Integer(), Type.Null()]) });
export type LiveClassSubscription = Static<typeof LiveClassSubscription>;

/** GET /live_classes/{id}/room/: where to meet, only while the room is open. */
export const LiveClassRoom = Type.Union([
  Type.Object({ platform: Type.Literal('external'), url: Type.String(), moderator: Type.Boolean() }),
  Type.Object({
    platform: Type.Literal('jitsi'),
    /** JITSI_DOMAIN: the portal loads https://{domain}/external_api.js */
    domain: Type.String(),
    /** unguessable, one per class */
    room_name: Type.String(),
    /** the instructor moderates (and starts) the room */
    moderator: Type.Boolean(),
    display_name: Type.String(),
  }),
]);
export type LiveClassRoom = Static<typeof LiveClassRoom>;
