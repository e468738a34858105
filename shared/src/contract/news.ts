import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, PageNumber } from './common.ts';
import { NEWS_PATH } from './collections.ts';

/**
 * spec 3 §3 news and §7 "News" calls: GET/POST/PUT under /admin_news/news/ (JSON), the comments
 * of §7 "Comments" (shared/src/comments.ts origin 'news'); N = /admin_news/news/{id}. The learner
 * side (news list, item, comments) is designed in the style of shared/src/contract/learner.ts.
 */
const NEWS = NEWS_PATH;

export const NEWS_PATHS = {
  collection: NEWS,
  item: (id: number | string) => `${NEWS}${id}/`,
  comments: (id: number | string) => `${NEWS}${id}/comments/`,
  publishComment: (id: number | string) => `${NEWS}${id}/publish_comment/`,
} as const;

/** The learner's calls: the list, an item (opening it records the reading), its comments. */
export const LEARNER_NEWS_PATHS = {
  list: '/news/',
  item: (id: number | string) => `/news/${id}/`,
  comments: (id: number | string) => `/news/${id}/comments/`,
} as const;

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
/** Nullable inputs as `type: [x, 'null']` (anyOf would coerce null away, see contract/trainings.ts). */
const NullableString = (maxLength: number) => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength });
const NullableText = Type.Union([Type.String(), Type.Null()]);

/** spec 3 §3 "news_image_alt_texts: sent as an object keyed by language code" */
export const NewsAltTexts = Type.Object({
  'pt-br': Type.Optional(NullableString(2000)),
  'en-us': Type.Optional(NullableString(2000)),
  'es-es': Type.Optional(NullableString(2000)),
  'fr-fr': Type.Optional(NullableString(2000)),
});
export type NewsAltTexts = Static<typeof NewsAltTexts>;

/** spec 3 §3: GET N/ and the answer of POST and PUT. */
export const News = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image_url: NullableText,
  /** sanitised HTML */
  content: Type.String(),
  /** 1 published, 2 unpublished */
  status: Type.Integer(),
  /** IANA zone name, or null */
  timezone: NullableText,
  /** YYYY-MM-DDTHH:mm:ss±hh:mm in the item's timezone, or null */
  publish_date: NullableText,
  unpublish_date: NullableText,
  tags: Type.Array(Type.Integer()),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  /** "read back as a list of {language, alt_text}" */
  news_image_alt_texts: Type.Array(Type.Object({ language: Type.String(), alt_text: Type.String() })),
  /** spec 3 §9 {site}/news/{id} */
  portal_url: Type.String(),
  /** the status bounded by the dates, now (spec 3 §4) */
  publication: Type.Union([Type.Literal('published'), Type.Literal('unpublished'), Type.Literal('scheduled'), Type.Literal('expired')]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type News = Static<typeof News>;

/**
 * spec 3 §7 POST /admin_news/news/ and PUT N/ (JSON): title, image_url, content, status,
 * news_image_alt_texts, timezone, publish_date, unpublish_date; "tags, areas, profiles and
 * user_groups are sent only when non-empty" — so a list left out is an empty list, on PUT too.
 * The §5 rules (shared/src/news.ts) decide what is required.
 */
export const NewsInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  image_url: Type.Optional(NullableString(1000)),
  content: Type.Optional(Type.String({ maxLength: 500_000 })),
  status: Type.Optional(Type.Integer()),
  news_image_alt_texts: Type.Optional(NewsAltTexts),
  timezone: Type.Optional(NullableString(64)),
  publish_date: Type.Optional(NullableString(40)),
  unpublish_date: Type.Optional(NullableString(40)),
  tags: Type.Optional(Ids),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
});
export type NewsInput = Static<typeof NewsInput>;

/** One row of GET /admin_news/news/ (both list envelopes). */
export const NewsListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: Type.Integer(),
  publication: News.properties.publication,
  timezone: NullableText,
  publish_date: NullableText,
  unpublish_date: NullableText,
  qty_comments: Type.Integer(),
  qty_views: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type NewsListItem = Static<typeof NewsListItem>;

/** The list's filters besides the two envelopes: status (1, 2) in DRF style. */
export const NewsListQuery = Type.Composite([ListQuery, Type.Object({ status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })) })]);
export type NewsListQuery = Static<typeof NewsListQuery>;

// ---- learner ----

export const LearnerNewsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type LearnerNewsQuery = Static<typeof LearnerNewsQuery>;

/** A card of the learner's news list, newest publication first. */
export const LearnerNewsCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image_url: NullableText,
  /** in the user's language, else Portuguese, else any */
  image_alt_text: NullableText,
  /** the opening words of the content, as text */
  summary: Type.String(),
  /** when it went out: the publish date, or the creation when it has none (ISO, UTC) */
  published_at: Type.String(),
  /** the user opened it already */
  read: Type.Boolean(),
});
export type LearnerNewsCard = Static<typeof LearnerNewsCard>;
export const LearnerNewsPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerNewsCard) });
export type LearnerNewsPage = Static<typeof LearnerNewsPage>;

/** GET /news/{id}/: the item, read by the user from now on. */
export const LearnerNewsItem = Type.Composite([LearnerNewsCard, Type.Object({
  /** sanitised HTML */
  content: Type.String(),
  /** the client's use_comments_news */
  comments_enabled: Type.Boolean(),
  /** comments are on, the item is read and the user has not commented yet (once, after reading) */
  can_comment: Type.Boolean(),
})]);
export type LearnerNewsItem = Static<typeof LearnerNewsItem>;

/** POST /news/{id}/comments/: stars are hidden for news (spec 3 §9), so a comment is text only. */
export const NewsCommentBody = Type.Object({ comment: Type.String({ minLength: 1, maxLength: 2000 }) });
export type NewsCommentBody = Static<typeof NewsCommentBody>;
