import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, literalUnion } from './common.ts';
import { TRAIL_ITEM_KINDS } from '../trails.ts';
import { TRAIL_CATEGORIES_PATH, TRAILS_PATH } from './collections.ts';

/**
 * spec 2 §3.8 trails and their calls. §7.2 shows only the comment endpoints (§7.4); the rest is
 * designed in the style of the trainings contract (§7.1): JSON bodies for the trail and its
 * modules, empty forms for publish / unpublish, a GET that duplicates. Wire names follow §3.8
 * and §7.1 (`avaliable_in` keeps the contract's spelling). T = /admin_trails/trails/{trail_id}.
 */
const TRAILS = TRAILS_PATH;
const CATEGORIES = TRAIL_CATEGORIES_PATH;

export const TRAIL_PATHS = {
  collection: TRAILS,
  item: (id: number | string) => `${TRAILS}${id}/`,
  publish: (id: number | string) => `${TRAILS}${id}/publish/`,
  unpublish: (id: number | string) => `${TRAILS}${id}/unpublish/`,
  duplicate: (id: number | string) => `${TRAILS}${id}/duplicate/`,
  /** GET the ordered modules; POST the whole list (JSON array), as the training hierarchy */
  items: (id: number | string) => `${TRAILS}${id}/trail_items/`,
  /** GET ?kind={a TRAIL_ITEM_KINDS kind}&search= (≥ 3 characters, ≤ 25 results): what can be added */
  searchItems: `${TRAILS}search_trail_items/`,
  /** POST starts the certificate synchronisation; GET reads its state (spec 2 §4.9) */
  syncCertificates: (id: number | string) => `${TRAILS}${id}/sync_certificates/`,
  categories: CATEGORIES,
  category: (id: number | string) => `${CATEGORIES}${id}/`,
} as const;

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
/** Nullable inputs as `type: [x, 'null']` (see contract/trainings.ts: anyOf would coerce null away). */
const NullableNumber = () => Type.Unsafe<number | null>({ type: ['number', 'null'] });
const NullableInteger = (options: { minimum?: number; maximum?: number } = {}) => Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
const NullableString = (maxLength: number, pattern?: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, ...(pattern ? { pattern } : {}) });
const NullableText = Type.Union([Type.String(), Type.Null()]);
const DAY = '^(\\d{4}-\\d{2}-\\d{2})?$';

/** spec 2 §3.8: GET T/ and the answer of every write on a trail. */
export const Trail = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** HTML, sanitised by the server */
  description: Type.String(),
  image_url: NullableText,
  score: Type.Integer(),
  order: Type.Integer(),
  /** YYYY-MM-DD */
  availability_date: NullableText,
  /** YYYY-MM-DD: from this day the trail is unpublished (spec 2 §4.6 "as for trainings") */
  date_to_unpublish: NullableText,
  trail_categories: Type.Array(Type.Integer()),
  tags: Type.Array(Type.Integer()),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  mandatory_areas: Type.Array(Type.Integer()),
  mandatory_profiles: Type.Array(Type.Integer()),
  qty_certificate_expiration_days: Type.Union([Type.Integer(), Type.Null()]),
  /** spec 2 §4.1: 1 published, 2 unpublished, 3 deleted */
  status: Type.Integer(),
  /** spec 2 §3.8: trainings among the modules */
  training_quantity: Type.Integer(),
  /** modules of every kind */
  qty_items: Type.Integer(),
  published_at: NullableText,
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Trail = Static<typeof Trail>;

/**
 * POST /admin_trails/trails/ and PUT T/ (JSON). Every field is optional on the wire; the shared
 * rules (shared/src/trails.ts) decide what is required. An omitted field keeps its stored value
 * (its default on create); '' or null clears the image, the dates and the expiration.
 */
export const TrailInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 200_000 })),
  image_url: Type.Optional(NullableString(1000)),
  /** needs trails_set_score (spec 2 §6) */
  score: Type.Optional(NullableNumber()),
  order: Type.Optional(NullableInteger()),
  availability_date: Type.Optional(NullableString(10, DAY)),
  date_to_unpublish: Type.Optional(NullableString(10, DAY)),
  trail_categories: Type.Optional(Ids),
  tags: Type.Optional(Ids),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
  mandatory_areas: Type.Optional(Ids),
  mandatory_profiles: Type.Optional(Ids),
  qty_certificate_expiration_days: Type.Optional(NullableInteger({ minimum: 0, maximum: 36_500 })),
});
export type TrailInput = Static<typeof TrailInput>;

/** One row of GET /admin_trails/trails/ (both list envelopes). */
export const TrailListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: Type.Integer(),
  score: Type.Integer(),
  order: Type.Integer(),
  availability_date: NullableText,
  date_to_unpublish: NullableText,
  training_quantity: Type.Integer(),
  categories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type TrailListItem = Static<typeof TrailListItem>;

/** The list query plus the DRF-style filters (the simple envelope filters through `filter`). */
export const TrailListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  category: Type.Optional(Type.Integer({ minimum: 1 })),
})]);
export type TrailListQuery = Static<typeof TrailListQuery>;

/** One of TRAIL_ITEM_KINDS (shared/src/trails.ts), the one list of trail module kinds. */
export const TrailItemKindSchema = literalUnion(TRAIL_ITEM_KINDS);
const Kind = TrailItemKindSchema;
export const TrailItemRefSchema = Type.Object({ kind: Kind, item_id: Type.Integer({ minimum: 1 }) });

/** One module of GET / POST T/trail_items/, by order. */
export const TrailItem = Type.Object({
  kind: Kind,
  item_id: Type.Integer(),
  /** the content's title */
  title: Type.String(),
  /** the content's own status (a module may have been unpublished since it was added) */
  item_status: Type.Integer(),
  order: Type.Integer(),
  prerequisite: Type.Union([Type.Null(), TrailItemRefSchema]),
  /** YYYY-MM-DD or null */
  avaliable_in: NullableText,
});
export type TrailItem = Static<typeof TrailItem>;

/** POST T/trail_items/: the whole ordered list, sent on every add, remove, move or prerequisite change. */
export const TrailItemInput = Type.Object({
  kind: Kind,
  item_id: Type.Integer({ minimum: 1 }),
  order: Type.Integer({ minimum: 1 }),
  prerequisite: Type.Optional(Type.Union([Type.Null(), TrailItemRefSchema])),
  avaliable_in: Type.Optional(NullableString(10, DAY)),
});
export type TrailItemInput = Static<typeof TrailItemInput>;
export const TrailItemsInput = Type.Array(TrailItemInput, { maxItems: 500 });

export const TrailItemSearchQuery = Type.Object({
  kind: Kind,
  search: Type.Optional(Type.String({ maxLength: 100 })),
});
export type TrailItemSearchQuery = Static<typeof TrailItemSearchQuery>;

/** What the module autocomplete offers: published content of the selected client. */
export const TrailItemOption = Type.Object({ kind: Kind, item_id: Type.Integer(), title: Type.String() });
export type TrailItemOption = Static<typeof TrailItemOption>;

/** GET T/duplicate/ */
export const TrailDuplicated = Type.Object({ trail_duplicated_id: Type.Integer() });
export type TrailDuplicated = Static<typeof TrailDuplicated>;

/** spec 2 §4.9: certificate synchronisation is running or idle. */
export const CERTIFICATE_SYNC_STATES = ['running', 'idle'] as const;
export type CertificateSyncStateName = (typeof CERTIFICATE_SYNC_STATES)[number];
export const CertificateSyncState = Type.Object({
  state: literalUnion(CERTIFICATE_SYNC_STATES),
  last_started_at: NullableText,
  last_finished_at: NullableText,
  /** the last run ended in an error (after its retries) */
  last_run_failed: Type.Boolean(),
});
export type CertificateSyncState = Static<typeof CertificateSyncState>;

/** spec 2 §2.4 trail categories. */
export const TrailCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** trails (not deleted) in the category */
  qty_trails: Type.Integer(),
  created_at: Type.String(),
});
export type TrailCategory = Static<typeof TrailCategory>;

export const TrailCategoryInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 150 }),
});
export type TrailCategoryInput = Static<typeof TrailCategoryInput>;
