import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { BANNER_TYPES, WELCOME_BANNER_TYPES } from '../banners.ts';

/**
 * spec 3 §3 "Banners", §4, §5: banners (top, card, campaign) and welcome banners. The spec shows
 * no calls for them (§7 covers news); they follow the trainings contract's style: JSON bodies,
 * both list envelopes in the admin, `{count, results}` on the learner side. Dates are days
 * (YYYY-MM-DD, GMT).
 */

export { BANNER_PATHS } from './bannerPaths.ts';

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
/** Nullable inputs as `type: [x, 'null']` (see contract/trainings.ts: anyOf would coerce null away). */
const NullableString = (maxLength: number, pattern?: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, ...(pattern ? { pattern } : {}) });
const NullableInteger = () => Type.Unsafe<number | null>({ type: ['integer', 'null'] });
const NullableText = Type.Union([Type.String(), Type.Null()]);
const DAY = '^(\\d{4}-\\d{2}-\\d{2})?$';
const BannerTypeSchema = literalUnion(BANNER_TYPES);
const WelcomeTypeSchema = literalUnion(WELCOME_BANNER_TYPES);

const AudienceFields = {
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
};

/** spec 3 §3 Banner: GET …/banners/{id}/ and the answer of every write. */
export const Banner = Type.Object({
  id: Type.Integer(),
  banner_type: BannerTypeSchema,
  title: Type.String(),
  desktop_image: Type.String(),
  /** null: the desktop image serves phones too */
  mobile_image: NullableText,
  button_label: Type.String(),
  url: Type.String(),
  /** #rrggbb */
  background_color: Type.String(),
  text_color: Type.String(),
  /** spec 3 §3 "order in portfolio": lower first */
  order: Type.Integer(),
  start_date: Type.String(),
  end_date: NullableText,
  ...AudienceFields,
  /** 1 active, 2 inactive */
  status: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Banner = Static<typeof Banner>;

/**
 * POST …/banners/ and PUT …/banners/{id}/ (JSON). Every field is optional on the wire; the shared
 * rules (shared/src/banners.ts) decide what is required. An omitted field keeps its stored value.
 */
export const BannerInput = Type.Object({
  banner_type: Type.Optional(Type.String({ maxLength: 20 })),
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  desktop_image: Type.Optional(NullableString(1000)),
  mobile_image: Type.Optional(NullableString(1000)),
  button_label: Type.Optional(NullableString(500)),
  url: Type.Optional(NullableString(2000)),
  background_color: Type.Optional(NullableString(20)),
  text_color: Type.Optional(NullableString(20)),
  order: Type.Optional(NullableInteger()),
  start_date: Type.Optional(NullableString(10, DAY)),
  end_date: Type.Optional(NullableString(10, DAY)),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
});
export type BannerInput = Static<typeof BannerInput>;

/** spec 3 §3 Welcome banner: GET …/welcome_banners/{id}/ and the answer of every write. */
export const WelcomeBanner = Type.Object({
  id: Type.Integer(),
  welcome_banner_type: WelcomeTypeSchema,
  title: Type.String(),
  /** sanitised HTML shown under the image (type image_and_text) */
  text: Type.String(),
  desktop_image: Type.String(),
  mobile_image: NullableText,
  start_date: Type.String(),
  end_date: NullableText,
  ...AudienceFields,
  /** the learner confirms once and never sees it again */
  just_confirm: Type.Boolean(),
  /** the learner may decline, which logs them out */
  user_logout: Type.Boolean(),
  status: Type.Integer(),
  /** learners who confirmed it */
  confirmations: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type WelcomeBanner = Static<typeof WelcomeBanner>;

export const WelcomeBannerInput = Type.Object({
  welcome_banner_type: Type.Optional(Type.String({ maxLength: 20 })),
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  text: Type.Optional(NullableString(100_000)),
  desktop_image: Type.Optional(NullableString(1000)),
  mobile_image: Type.Optional(NullableString(1000)),
  start_date: Type.Optional(NullableString(10, DAY)),
  end_date: Type.Optional(NullableString(10, DAY)),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
  just_confirm: Type.Optional(Type.Boolean()),
  user_logout: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
});
export type WelcomeBannerInput = Static<typeof WelcomeBannerInput>;

/** POST …/welcome_banners/check_conflict/: the period and audience about to be saved. */
export const WelcomeBannerConflictQuery = Type.Object({
  /** the banner being edited (left out of the comparison); null for a new one */
  id: Type.Optional(NullableInteger()),
  start_date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  end_date: Type.Optional(NullableString(10, DAY)),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
});
export type WelcomeBannerConflictQuery = Static<typeof WelcomeBannerConflictQuery>;

export const WelcomeBannerConflictAnswer = Type.Object({
  conflict: Type.Union([
    Type.Object({
      /** welcome_banner_conflict or welcome_banner_already_published (spec 3 §8) */
      code: Type.String(),
      id: Type.Integer(),
      title: Type.String(),
      start_date: Type.String(),
      end_date: NullableText,
    }),
    Type.Null(),
  ]),
});
export type WelcomeBannerConflictAnswer = Static<typeof WelcomeBannerConflictAnswer>;

/** One banner as the portal shows it (GET /banners/). */
export const LearnerBanner = Type.Object({
  id: Type.Integer(),
  banner_type: BannerTypeSchema,
  title: Type.String(),
  desktop_image: Type.String(),
  /** the desktop image when no mobile one was given */
  mobile_image: Type.String(),
  button_label: Type.String(),
  url: Type.String(),
  background_color: Type.String(),
  text_color: Type.String(),
  order: Type.Integer(),
});
export type LearnerBanner = Static<typeof LearnerBanner>;

export const LearnerBannerQuery = Type.Object({
  banner_type: Type.Optional(BannerTypeSchema),
});

export const LearnerBannerList = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerBanner) });
export type LearnerBannerList = Static<typeof LearnerBannerList>;

export const LearnerWelcomeBanner = Type.Object({
  id: Type.Integer(),
  welcome_banner_type: WelcomeTypeSchema,
  title: Type.String(),
  text: Type.String(),
  desktop_image: Type.String(),
  mobile_image: Type.String(),
  just_confirm: Type.Boolean(),
  user_logout: Type.Boolean(),
});
export type LearnerWelcomeBanner = Static<typeof LearnerWelcomeBanner>;

/** GET /welcome_banners/current/ */
export const CurrentWelcomeBanner = Type.Object({ banner: Type.Union([LearnerWelcomeBanner, Type.Null()]) });
export type CurrentWelcomeBanner = Static<typeof CurrentWelcomeBanner>;
