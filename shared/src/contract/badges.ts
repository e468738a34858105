import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { BADGE_LIMITS, BADGE_METRICS, BADGE_TYPES } from '../engagement/badges.ts';
import { BADGES_PATH } from './collections.ts';

/**
 * Badges (spec 3 §1, §2 badges/badges/{id} superuser only, §3 "Badge: type (default or
 * custom)"; the calls are "not shown" in spec 3 §7 and designed here, docs/api.md "Badges").
 */
const ADMIN = BADGES_PATH;

export const BADGE_PATHS = {
  /** list (both envelopes), POST create; superuser only */
  collection: ADMIN,
  /** GET, PUT, DELETE (custom badges only) */
  item: (id: number | string) => `${ADMIN}${id}/`,
  /** POST: creates the default badges the client is missing */
  restoreDefaults: `${ADMIN}restore_defaults/`,
  /** POST multipart {file} → {url}: the badge image (.png, .jpg, .gif) */
  image: '/admin_badges/badge_images/',
  /** GET the users holding the badge; POST {user_ids} awards by hand */
  awards: (id: number | string) => `${ADMIN}${id}/awards/`,
  /** DELETE: takes back a badge awarded by hand */
  award: (id: number | string, userId: number | string) => `${ADMIN}${id}/awards/${userId}/`,
  /** learner: the badges earned and still to earn */
  learner: '/badges/',
} as const;

const NullableString = (maxLength: number) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength });
const NullableInteger = (options: { minimum?: number; maximum?: number } = {}) => Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });

export const BadgeRuleSchema = Type.Object({
  metric: literalUnion(BADGE_METRICS),
  threshold: Type.Integer({ minimum: BADGE_LIMITS.thresholdMin, maximum: BADGE_LIMITS.thresholdMax }),
});

export const Badge = Type.Object({
  id: Type.Integer(),
  badge_type: literalUnion(BADGE_TYPES),
  /** the default rule's key; null for custom badges */
  default_key: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  description: Type.String(),
  image_url: Type.Union([Type.String(), Type.Null()]),
  /** 1 active, 2 inactive */
  status: Type.Integer(),
  /** null: awarded by hand only */
  rule_metric: Type.Union([literalUnion(BADGE_METRICS), Type.Null()]),
  rule_threshold: Type.Union([Type.Integer(), Type.Null()]),
  awarded_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Badge = Static<typeof Badge>;

/**
 * POST/PUT JSON. A default badge keeps its type and rule (rule_metric and rule_threshold are
 * ignored for it); a custom badge takes a rule or none.
 */
export const BadgeInput = Type.Object({
  title: Type.String({ maxLength: 1000 }),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  image_url: Type.Optional(NullableString(1000)),
  status: Type.Integer(),
  rule_metric: Type.Optional(NullableString(40)),
  rule_threshold: Type.Optional(NullableInteger()),
});
export type BadgeInput = Static<typeof BadgeInput>;

export const BadgeImage = Type.Object({ url: Type.String() });

export const BadgeAward = Type.Object({
  user: Type.Object({ id: Type.Integer(), full_name: Type.String(), email: Type.String() }),
  awarded_at: Type.String(),
  /** true when an administrator awarded it by hand */
  manual: Type.Boolean(),
});
export type BadgeAward = Static<typeof BadgeAward>;

export const BadgeAwardInput = Type.Object({ user_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }) });

/** What the profile shows (spec 1 §2.2, spec 3 §1): earned badges, and those still to earn with the way there. */
export const LearnerBadge = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  image_url: Type.Union([Type.String(), Type.Null()]),
  /** null while not earned */
  awarded_at: Type.Union([Type.String(), Type.Null()]),
  /** a rule's progress; null for badges awarded by hand */
  progress: Type.Union([Type.Object({ metric: Type.String(), current: Type.Integer(), target: Type.Integer(), percent: Type.Integer() }), Type.Null()]),
});
export type LearnerBadge = Static<typeof LearnerBadge>;

export const LearnerBadges = Type.Object({ earned: Type.Array(LearnerBadge), to_earn: Type.Array(LearnerBadge) });
export type LearnerBadges = Static<typeof LearnerBadges>;
