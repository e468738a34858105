import { Type, type Static } from '@sinclair/typebox';
import { PageNumber } from './common.ts';

/**
 * The feed / timeline (spec 1 §2.2 home "timeline" and the feed route, §9 and spec 3 §3 "Feed
 * event kinds"): what the client's learners did, newest first. Designed here (spec 3 §7: "feed
 * calls are not shown"); docs/api.md "Feed".
 */
export const FEED_PATHS = {
  /** GET ?page&page_size&scope=all|mine → {count, results} */
  feed: '/feed/',
  /** POST JSON {text} → 201 FeedEvent (kind published) */
  posts: '/feed/posts/',
  /** DELETE: the author takes a post back */
  post: (id: number | string) => `/feed/posts/${id}/`,
} as const;

/**
 * spec 1 §9: certified on a trail or training; earned a badge; evaluated / liked / favorited a
 * podcast, trail or training; commented a news item; published (a post on the timeline).
 */
export const FEED_KINDS = ['certified', 'badge_earned', 'evaluated', 'liked', 'favorited', 'commented', 'published'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

export const FEED_CONTENT_TYPES = ['training', 'trail', 'podcast', 'news', 'badge', 'live_class'] as const;
export type FeedContentType = (typeof FEED_CONTENT_TYPES)[number];

export const FEED_POST_MAX = 1000;
export const FEED_PAGE_SIZE_MAX = 50;

export const FeedEvent = Type.Object({
  id: Type.Integer(),
  kind: Type.Union(FEED_KINDS.map((k) => Type.Literal(k))),
  user: Type.Object({ id: Type.Integer(), name: Type.String() }),
  content_type: Type.Union([Type.Union(FEED_CONTENT_TYPES.map((c) => Type.Literal(c))), Type.Null()]),
  content_id: Type.Union([Type.Integer(), Type.Null()]),
  /** the content's title when the event happened */
  title: Type.Union([Type.String(), Type.Null()]),
  /** a post's text */
  text: Type.Union([Type.String(), Type.Null()]),
  /** an evaluation's stars (1–5) */
  stars: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
  /** the viewer's own event (a post of theirs may be deleted) */
  mine: Type.Boolean(),
});
export type FeedEvent = Static<typeof FeedEvent>;

export const FeedPage = Type.Object({ count: Type.Integer(), results: Type.Array(FeedEvent) });
export type FeedPage = Static<typeof FeedPage>;

export const FeedQuery = Type.Object({
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: FEED_PAGE_SIZE_MAX })),
  scope: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('mine')])),
});
export type FeedQuery = Static<typeof FeedQuery>;

export const FeedPostInput = Type.Object({ text: Type.String({ minLength: 1, maxLength: FEED_POST_MAX * 2 }) });
export type FeedPostInput = Static<typeof FeedPostInput>;

/** Where the portal links an event's content (null: nothing to open). */
export function feedContentLink(event: Pick<FeedEvent, 'content_type' | 'content_id'>): string | null {
  if (event.content_id === null) return null;
  switch (event.content_type) {
    case 'training': return `/courses/${event.content_id}`;
    case 'trail': return `/trails/${event.content_id}`;
    case 'news': return `/news/${event.content_id}`;
    case 'podcast': return '/podcasts';
    case 'badge': return '/profile#badges';
    case 'live_class': return `/live_classes/${event.content_id}`;
    default: return null;
  }
}
