import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, PageNumber, literalUnion } from './common.ts';
import { LEARNER_PROGRESS_FILTERS, LearnerEvaluation, LearnerTest } from './learner.ts';
import type { TestOwnerContract } from './trainingTests.ts';
import { WEBCASTS_PATH } from './collections.ts';

/**
 * spec 2 §3.11 webcast and §7.3 calls, W = /admin_webcasts/webcasts/{id}. Wire names are the
 * contract's. Tests, evaluations and materials reuse the training shapes with webcast names.
 */
const WEBCASTS = WEBCASTS_PATH;
const ADMIN = '/admin_webcasts/';
type Id = number | string;

export const WEBCAST_PATHS = {
  collection: WEBCASTS,
  item: (id: Id) => `${WEBCASTS}${id}/`,
  /** GET → {webcast_duplicated_id} */
  duplicate: (id: Id) => `${WEBCASTS}${id}/duplicate/`,
  /** GET list → {count, results[].list_users} */
  guests: (id: Id) => `${WEBCASTS}${id}/guests/`,
  /** GET → {path_url} */
  guestReport: (id: Id) => `${WEBCASTS}${id}/guests/generate_report/`,
  comments: (id: Id) => `${WEBCASTS}${id}/comments/`,
  // reference lists (spec 2 §3.11), preloaded by the editor
  types: `${ADMIN}webcast_types/`,
  timezones: `${ADMIN}timezones/`,
  scores: `${ADMIN}webcast_scores/`,
  testTypes: `${ADMIN}webcast_test_types/`,
  evaluationQuestionTypes: `${ADMIN}webcast_evaluation_question_types/`,
} as const;

/** The guest list file, downloaded with the admin's bearer token (owner-checked, short-lived). */
export const WEBCAST_GUEST_FILES_PATH = '/files/webcast_guest_lists/';
export const webcastGuestFilePath = (name: string) => `${WEBCAST_GUEST_FILES_PATH}${name}/`;

const IMPORT = '/admin_import/tests/webcast_test/';

/** spec 2 §7.3 Tests, questions, question bank and test import of a webcast. */
export const WEBCAST_TESTS: TestOwnerContract = {
  ownerKind: 'webcast',
  hitPrefix: 'webcast',
  typeField: 'webcast_test_type',
  answersField: 'webcast_test_question_answers',
  uploadKind: 'webcast_test_import',
  testTypes: WEBCAST_PATHS.testTypes,
  tests: (id) => `${WEBCASTS}${id}/webcast_tests/`,
  test: (id, testId) => `${WEBCASTS}${id}/webcast_tests/${testId}/`,
  questions: (id, testId) => `${WEBCASTS}${id}/webcast_tests/${testId}/webcast_test_questions/`,
  question: (id, testId, questionId) => `${WEBCASTS}${id}/webcast_tests/${testId}/webcast_test_questions/${questionId}/`,
  searchQuestions: `${WEBCASTS}webcast_tests/search_webcast_questions/`,
  importTemplate: (testId) => `${IMPORT}${testId}/generate_template/`,
  validateArchive: (testId) => `${IMPORT}${testId}/validate_template/`,
  startImport: (testId) => `${IMPORT}${testId}/start_import/`,
  // spec 2 §7.3: the webcast template call takes no import_type and answers template_download_url
  importType: null,
  templateUrlField: 'template_download_url',
};

/** spec 2 §7.3 Reaction evaluations (JSON bodies), and the base models served from the shared table. */
export const WEBCAST_EVALUATION_PATHS = {
  collection: (id: Id) => `${WEBCASTS}${id}/webcast_evaluations/`,
  item: (id: Id, evaluationId: Id) => `${WEBCASTS}${id}/webcast_evaluations/${evaluationId}/`,
  /** POST JSON {webcast_base_evaluation_id} → {id} */
  fromBase: (id: Id) => `${WEBCASTS}${id}/webcast_evaluations/create_evaluation_from_base/`,
  questions: (id: Id, evaluationId: Id) => `${WEBCASTS}${id}/webcast_evaluations/${evaluationId}/webcast_evaluation_questions/`,
  question: (id: Id, evaluationId: Id, questionId: Id) =>
    `${WEBCASTS}${id}/webcast_evaluations/${evaluationId}/webcast_evaluation_questions/${questionId}/`,
  baseEvaluations: `${ADMIN}base_evaluations/`,
  baseEvaluationQuestions: (baseId: Id) => `${ADMIN}base_evaluations/${baseId}/base_evaluation_questions/`,
} as const;

export const WEBCAST_EVALUATION_QUESTION_TYPE_FIELD = 'webcast_evaluation_question_type';
export const WEBCAST_BASE_EVALUATION_FIELD = 'webcast_base_evaluation_id';

/** spec 2 §7.3 Support materials (multipart, as for trainings). */
export const WEBCAST_MATERIAL_PATHS = {
  collection: (id: Id) => `${WEBCASTS}${id}/webcast_materials/`,
  item: (id: Id, materialId: Id) => `${WEBCASTS}${id}/webcast_materials/${materialId}/`,
} as const;
export const WEBCAST_MATERIAL_UPLOAD_KIND = 'webcast_material';

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
const NullableString = (maxLength: number, pattern?: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, ...(pattern ? { pattern } : {}) });
/** a number, or text (parsed to an integer by the §5.9 rule); from a form, a numeric text becomes the number */
const NumberOrText = (maxLength = 40) => Type.Union([Type.Number(), Type.String({ maxLength }), Type.Null()]);

/** spec 2 §3.11 webcast as read (GET W/, and the answer of POST and PUT). */
export const Webcast = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** HTML, sanitised by the server */
  description: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  webcast_type: Type.Integer(),
  /** the transmission URL; 'none' for browser streaming */
  embed: Type.String(),
  status: Type.Integer(),
  profiles: Type.Array(Type.Integer()),
  areas: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  tags: Type.Array(Type.Integer()),
  use_chat: Type.Boolean(),
  chat_moderated: Type.Boolean(),
  /** 'YYYY-MM-DDTHH:mm:ss±hh:mm' in `timezone` */
  transmission_date: Type.String(),
  timezone: Type.String(),
  transmission_completed: Type.Boolean(),
  transmission_downloaded: Type.Boolean(),
  score: Type.Integer(),
  /** the live playlist or the saved recording (streaming sets it), or null */
  webcast_player_hls_playback_url: Type.Union([Type.String(), Type.Null()]),
  /** hours */
  workload: Type.Number(),
  /** spec 2 §3.11: id, or '' when none (no lounge templates in this build) */
  webcast_lounge_template: Type.String(),
  webcast_images: Type.Array(Type.Object({ image: Type.String(), original: Type.Boolean() })),
  webcast_image_alt_texts: Type.Array(Type.Object({ language: Type.String(), alt_text: Type.String() })),
  /** YYYY-MM-DD */
  unpublish_date: Type.Union([Type.String(), Type.Null()]),
  /** spec 2 §2.1 {host}/webinars/{id} */
  public_url: Type.String(),
  qty_subscribers: Type.Integer(),
});
export type Webcast = Static<typeof Webcast>;

/**
 * spec 2 §7.3 POST /admin_webcasts/webcasts/ and PUT W/ — JSON, or (End webcast) a multipart
 * form whose values arrive as text and repeated fields. The §5.9 rules (shared/src/webcasts.ts)
 * decide what is required; omitted fields keep their value on an update.
 */
export const WebcastInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 200_000 })),
  code: Type.Optional(NullableString(100)),
  webcast_type: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1 })),
  embed: Type.Optional(NullableString(2000)),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  tags: Type.Optional(Ids),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
  use_chat: Type.Optional(Type.Boolean()),
  chat_moderated: Type.Optional(Type.Boolean()),
  /** JSON: 'YYYY-MM-DDTHH:mm:ss±hh:mm'; the end form: 'YYYY-MM-DD HH:mm:ss' in the webcast's zone */
  transmission_date: Type.Optional(NullableString(40)),
  timezone: Type.Optional(NullableString(64)),
  /** spec 2 §3.11: written as a number (0/1) */
  transmission_completed: Type.Optional(Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })])),
  /** a number, or text parsed to an integer; empty = 0 (spec 2 §5.9) */
  score: Type.Optional(NumberOrText()),
  workload: Type.Optional(Type.Unsafe<number | null>({ type: ['number', 'null'], minimum: 0, maximum: 100_000 })),
  /** the image URL; '' or null removes it */
  webcast_images: Type.Optional(NullableString(1000)),
  webcast_image_alt_texts: Type.Optional(Type.Object({
    'pt-br': Type.Optional(NullableString(2000)),
    'en-us': Type.Optional(NullableString(2000)),
    'es-es': Type.Optional(NullableString(2000)),
    'fr-fr': Type.Optional(NullableString(2000)),
  })),
  /** YYYY-MM-DD; '' or null clears it */
  unpublish_date: Type.Optional(NullableString(10, '^(\\d{4}-\\d{2}-\\d{2})?$')),
  /** spec 2 §3.11: '' when none */
  webcast_lounge_template: Type.Optional(Type.String({ maxLength: 20 })),
});
export type WebcastInput = Static<typeof WebcastInput>;

/** One row of GET /admin_webcasts/webcasts/ (both list envelopes). */
export const WebcastListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  webcast_type: Type.Integer(),
  status: Type.Integer(),
  transmission_date: Type.String(),
  timezone: Type.String(),
  use_chat: Type.Boolean(),
  tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  qty_subscribers: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type WebcastListItem = Static<typeof WebcastListItem>;

/** The list query plus the DRF-style filters (the simple envelope filters through `filter`). */
export const WebcastListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  webcast_type: Type.Optional(Type.Integer({ minimum: 1 })),
})]);
export type WebcastListQuery = Static<typeof WebcastListQuery>;

/** GET W/duplicate/ */
export const WebcastDuplicated = Type.Object({ webcast_duplicated_id: Type.Integer() });
export type WebcastDuplicated = Static<typeof WebcastDuplicated>;

/** spec 2 §3.11 guest record: list_users {id, name, email, profile}. */
export const WebcastGuest = Type.Object({
  id: Type.Integer(),
  list_users: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    /** the profile's name in the client, or null */
    profile: Type.Union([Type.String(), Type.Null()]),
  }),
  subscribed_at: Type.String(),
});
export type WebcastGuest = Static<typeof WebcastGuest>;

export const WebcastGuestReport = Type.Object({ path_url: Type.String() });
export type WebcastGuestReport = Static<typeof WebcastGuestReport>;

/** Reference lists: webcast_types (value, label: a translation key), timezones, webcast_scores. */
export const WebcastTypeOption = Type.Object({
  id: Type.Integer(), value: Type.Integer(), slug: Type.String(), label: Type.String(), uses_embed: Type.Boolean(),
});
export type WebcastTypeOption = Static<typeof WebcastTypeOption>;
export const WebcastTimezoneOption = Type.Object({ value: Type.String(), label: Type.String(), offset: Type.Integer() });
export const WebcastScoreOption = Type.Object({ score: Type.Integer(), label: Type.String() });
export type WebcastScoreOption = Static<typeof WebcastScoreOption>;

// ---- learner side (docs/api.md "Learner: webcasts") ----

export const LEARNER_WEBCAST_PATHS = {
  webcasts: '/webcasts/',
  /** the tags of the webcasts the learner sees: the tags filter's options */
  tags: '/webcasts/tags/',
  webcast: (id: Id) => `/webcasts/${id}/`,
  subscribe: (id: Id) => `/webcasts/${id}/subscribe/`,
  attempts: (id: Id, testId: Id) => `/webcasts/${id}/tests/${testId}/attempts/`,
  attempt: (id: Id, testId: Id, attemptId: Id) => `/webcasts/${id}/tests/${testId}/attempts/${attemptId}/`,
  answer: (id: Id, testId: Id, attemptId: Id, questionId: Id) => `/webcasts/${id}/tests/${testId}/attempts/${attemptId}/answers/${questionId}/`,
  submit: (id: Id, testId: Id, attemptId: Id) => `/webcasts/${id}/tests/${testId}/attempts/${attemptId}/submit/`,
  evaluation: (id: Id) => `/webcasts/${id}/evaluation/`,
} as const;

/** spec 2 §2.1 webcast filters: search, tags, areas, groups, all_tags, all_areas, progress. */
export const WebcastCatalogueQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  /** comma-separated ids */
  tags: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' })),
  areas: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' })),
  groups: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' })),
  /** true: every chosen tag (or area) must be on the webcast; false/absent: any of them */
  all_tags: Type.Optional(Type.Boolean()),
  all_areas: Type.Optional(Type.Boolean()),
  /** not_started: before the transmission; ongoing: live; finished: ended (converting included) */
  progress: Type.Optional(literalUnion(LEARNER_PROGRESS_FILTERS)),
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type WebcastCatalogueQuery = Static<typeof WebcastCatalogueQuery>;

export const WatchState = Type.Union([Type.Literal('not_started'), Type.Literal('live'), Type.Literal('converting'), Type.Literal('finished')]);

export const LearnerWebcastCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  image_alt_text: Type.Union([Type.String(), Type.Null()]),
  webcast_type: Type.Integer(),
  status: Type.Integer(),
  state: WatchState,
  /** 'YYYY-MM-DDTHH:mm:ss±hh:mm' in `timezone` */
  transmission_date: Type.String(),
  timezone: Type.String(),
  workload: Type.Number(),
  score: Type.Integer(),
  tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  subscribed: Type.Boolean(),
});
export type LearnerWebcastCard = Static<typeof LearnerWebcastCard>;
export const LearnerWebcastPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerWebcastCard) });
export type LearnerWebcastPage = Static<typeof LearnerWebcastPage>;

export const LearnerWebcastTest = Type.Composite([Type.Object({ id: Type.Integer(), title: Type.String() }), LearnerTest]);
export type LearnerWebcastTest = Static<typeof LearnerWebcastTest>;

/** GET /webcasts/{id}/ — the watch page's data. */
export const LearnerWebcast = Type.Composite([LearnerWebcastCard, Type.Object({
  description: Type.String(),
  /** types 1, 3 and 5: the provider's player URL; null for browser streaming */
  embed: Type.Union([Type.String(), Type.Null()]),
  /** live HLS while live, the recording once saved; null otherwise */
  webcast_player_hls_playback_url: Type.Union([Type.String(), Type.Null()]),
  /**
   * while live and a browser-streaming ingest runs on any node: the WHEP address (low latency; HLS
   * stays the fallback, and an offer the node cannot take now is refused with Retry-After); null otherwise
   */
  webcast_player_webrtc_playback_url: Type.Union([Type.String(), Type.Null()]),
  use_chat: Type.Boolean(),
  chat_moderated: Type.Boolean(),
  /** spec 2 §2.1: only once the webcast is finished (status 4) */
  tests_available: Type.Boolean(),
  tests: Type.Array(LearnerWebcastTest),
  evaluation: Type.Union([LearnerEvaluation, Type.Null()]),
  materials: Type.Array(Type.Object({
    id: Type.Integer(), title: Type.String(), extension: Type.Union([Type.String(), Type.Null()]),
    size: Type.Union([Type.Number(), Type.Null()]), resource_url: Type.String(),
  })),
})]);
export type LearnerWebcast = Static<typeof LearnerWebcast>;

export const WebcastSubscription = Type.Object({ subscribed: Type.Boolean() });
