import { Type, type Static } from '@sinclair/typebox';
import { ListQuery } from './common.ts';
import { TRAININGS_PATH } from './collections.ts';

/**
 * spec 2 §3.1 group training and §7.1 training calls. Wire names are the contract's.
 * P = /admin_group_trainings/group_trainings/{training_id}.
 */
const TRAININGS = TRAININGS_PATH;

export const TRAINING_PATHS = {
  collection: TRAININGS,
  item: (id: number | string) => `${TRAININGS}${id}/`,
  publish: (id: number | string) => `${TRAININGS}${id}/publish/`,
  unpublish: (id: number | string) => `${TRAININGS}${id}/unpublish/`,
  changeIsOpen: (id: number | string) => `${TRAININGS}${id}/change_is_open/`,
  duplicate: (id: number | string) => `${TRAININGS}${id}/duplicate/`,
  comments: (id: number | string) => `${TRAININGS}${id}/comments/`,
  publishComment: (id: number | string) => `${TRAININGS}${id}/publish_comment/`,
  /** GET ?search= (≥ 3 characters, ≤ 25 results) */
  owners: '/accounts/get_owners/',
  types: '/admin_group_trainings/group_training_types/',
  moduleTypes: '/admin_group_trainings/group_training_module_types/',
  testTypes: '/admin_group_trainings/group_training_test_types/',
  gameTypes: '/admin_group_trainings/group_training_game_types/',
  evaluationQuestionTypes: '/admin_group_trainings/evaluation_question_types/',
} as const;

/** spec 2 §4.1 content status codes (4 = closed is for forum topics only). */
export const CONTENT_STATUS = { published: 1, unpublished: 2, deleted: 3 } as const;
export type ContentStatus = (typeof CONTENT_STATUS)[keyof typeof CONTENT_STATUS];

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
/**
 * Nullable inputs as `type: [x, 'null']`, not anyOf: the server validator coerces types, and in
 * an anyOf it would turn null into 0 or '' through the first branch.
 */
const NullableNumber = (options: { minimum?: number; maximum?: number } = {}) => Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });
const NullableInteger = (options: { minimum?: number; maximum?: number } = {}) => Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
const NullableString = (maxLength: number, pattern?: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, ...(pattern ? { pattern } : {}) });

/** spec 2 §3.1 "owners … read as owners_list" and the owner search result. */
export const TrainingOwner = Type.Object({ id: Type.Integer(), full_name: Type.String(), email: Type.String() });
export type TrainingOwner = Static<typeof TrainingOwner>;

/** spec 2 §3.1 / §7.1 GET P/ (and the answer of POST, PUT, publish, unpublish, change_is_open). */
export const Training = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** HTML, sanitised by the server */
  description: Type.String(),
  group_training_type: Type.Integer(),
  score: Type.Number(),
  /** hours */
  workload: Type.Number(),
  code: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.Integer()),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  mandatory_areas: Type.Array(Type.Integer()),
  mandatory_profiles: Type.Array(Type.Integer()),
  owners_list: Type.Array(TrainingOwner),
  on_portfolio: Type.Boolean(),
  portfolio_order: Type.Integer(),
  /** YYYY-MM-DD (the editor shows it shifted by +1 day, spec 4 "Dates") */
  unpublish_date: Type.Union([Type.String(), Type.Null()]),
  qty_certificate_expiration_days: Type.Union([Type.Integer(), Type.Null()]),
  /** the one with original=true is shown */
  group_training_images: Type.Array(Type.Object({ original: Type.Boolean(), image: Type.String() })),
  group_training_image_alt_text: Type.Array(Type.Object({ language: Type.String(), alt_text: Type.String() })),
  group_training_certificate_image_url: Type.Union([Type.String(), Type.Null()]),
  is_open: Type.Boolean(),
  has_done_activities: Type.Boolean(),
  status: Type.Integer(),
  /** spec 2 §2.1: {host}/online-courses/{id} */
  portal_url: Type.String(),
});
export type Training = Static<typeof Training>;

export const ImageAltTexts = Type.Object({
  'pt-br': Type.Optional(NullableString(2000)),
  'en-us': Type.Optional(NullableString(2000)),
  'es-es': Type.Optional(NullableString(2000)),
  'fr-fr': Type.Optional(NullableString(2000)),
});
export type ImageAltTexts = Static<typeof ImageAltTexts>;

/**
 * spec 2 §7.1 POST /admin_group_trainings/group_trainings/ and PUT P/ (JSON). The §5.1 rules
 * (shared/src/trainings/basicData.ts) decide what is required, so every field is optional here
 * and a missing one answers with its own field error. Omissions the spec allows:
 * code (→ null), user_groups (→ none), unpublish_date (→ none), mandatory_* (→ none),
 * portfolio_order (only with on_portfolio; → kept). Other omitted fields keep their value.
 */
export const TrainingInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 200_000 })),
  group_training_type: Type.Optional(NullableInteger({ minimum: 1 })),
  score: Type.Optional(NullableNumber()),
  workload: Type.Optional(NullableNumber()),
  code: Type.Optional(NullableString(100)),
  tags: Type.Optional(Ids),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
  mandatory_areas: Type.Optional(Ids),
  mandatory_profiles: Type.Optional(Ids),
  /** user ids; a new training's creator is always its first owner */
  owners: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200 })),
  on_portfolio: Type.Optional(Type.Boolean()),
  portfolio_order: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  /** YYYY-MM-DD; '' or null clears it */
  unpublish_date: Type.Optional(NullableString(10, '^(\\d{4}-\\d{2}-\\d{2})?$')),
  qty_certificate_expiration_days: Type.Optional(NullableInteger({ minimum: 0, maximum: 36_500 })),
  /** the image URL; '' or null removes it */
  group_training_images: Type.Optional(NullableString(1000)),
  group_training_image_alt_texts: Type.Optional(ImageAltTexts),
  group_training_certificate_image_url: Type.Optional(NullableString(1000)),
});
export type TrainingInput = Static<typeof TrainingInput>;

/** One row of GET /admin_group_trainings/group_trainings/ (both list envelopes). */
export const TrainingListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: Type.Integer(),
  group_training_type: Type.Integer(),
  tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  is_open: Type.Boolean(),
  qty_modules: Type.Integer(),
  qty_tests: Type.Integer(),
  owners_list: Type.Array(TrainingOwner),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type TrainingListItem = Static<typeof TrainingListItem>;

/** The list query plus the DRF-style status filter (the simple envelope filters through `filter`). */
export const TrainingListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
})]);
export type TrainingListQuery = Static<typeof TrainingListQuery>;

/** POST P/change_is_open/ form (`true`/`false`, `1`/`0`). */
export const ChangeIsOpenForm = Type.Object({
  is_open: Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })]),
});
export type ChangeIsOpenForm = Static<typeof ChangeIsOpenForm>;

/** GET P/duplicate/ */
export const TrainingDuplicated = Type.Object({ group_training_duplicated_id: Type.Integer() });
export type TrainingDuplicated = Static<typeof TrainingDuplicated>;

export const OwnerSearchQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 100 })) });

/** Lookup lists the editor preloads (spec 2 §3.1 type options, §3.2, §3.4, §3.5, other-modules games). */
export const TrainingTypeOption = Type.Object({ id: Type.Integer(), value: Type.Integer(), slug: Type.String(), use_score: Type.Boolean() });
export const ModuleTypeOption = Type.Object({ id: Type.Integer(), value: Type.Integer(), slug: Type.String(), use_embed: Type.Boolean() });
export const TestTypeOption = Type.Object({
  id: Type.Integer(), value: Type.Integer(), slug: Type.String(),
  use_max_attempts: Type.Boolean(), use_minimum_score: Type.Boolean(), use_time: Type.Boolean(),
});
export const SlugOption = Type.Object({ id: Type.Integer(), value: Type.Integer(), slug: Type.String() });
