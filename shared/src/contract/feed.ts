import { Type, type Static } from '@sinclair/typebox';
import { PageNumber, literalUnion } from './common.ts';
import { FEED_CONTENT_TYPES, FEED_KINDS, FEED_PAGE_SIZE_MAX, FEED_POST_MAX } from './feedPaths.ts';

/**
 * The feed / timeline (spec 1 §2.2 home "timeline" and the feed route, §9 and spec 3 §3 "Feed
 * event kinds"): what the client's learners did, newest first. Designed here (spec 3 §7: "feed
 * calls are not shown"); docs/api.md "Feed".
 */
export {
  FEED_CONTENT_TYPES, FEED_KINDS, FEED_PAGE_SIZE_MAX, FEED_PATHS, FEED_POST_MAX, feedContentLink, type FeedContentType, type FeedKind,
} from './feedPaths.ts';

export const FeedEvent = Type.Object({
  id: Type.Integer(),
  kind: literalUnion(FEED_KINDS),
  user: Type.Object({ id: Type.Integer(), name: Type.String() }),
  content_type: Type.Union([literalUnion(FEED_CONTENT_TYPES), Type.Null()]),
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
