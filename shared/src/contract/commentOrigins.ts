/**
 * spec 2 §2.7 / §7.4: the comment moderation table shared by several admin editors. One table of
 * origin → paths (under /api) read by the admin's table and the server's routes.
 */
import { LIVE_CLASSES_PATH, NEWS_PATH, PODCASTS_PATH, PRESENTIAL_EVENTS_PATH, TRAILS_PATH, TRAININGS_PATH, WEBCASTS_PATH } from './collections.ts';

export const COMMENT_ORIGINS = ['training', 'trail', 'trails', 'news', 'podcast', 'presential', 'webcast', 'live_class'] as const;
export type CommentOrigin = (typeof COMMENT_ORIGINS)[number];

interface CommentOriginPaths {
  /** collection of the parent content; the list is `{collection}{id}/{list}/` */
  collection: string;
  /** last segment of the list path: comments, or trail_user_stars for 'trails' (§3.10) */
  list: 'comments' | 'trail_user_stars';
  /** §7.4 moderation: POST {collection}{id}/publish_comment/ — only where the spec names a base */
  moderated: boolean;
}

export const COMMENT_ORIGIN_PATHS: Readonly<Record<CommentOrigin, CommentOriginPaths>> = {
  training: { collection: TRAININGS_PATH, list: 'comments', moderated: true },
  trail: { collection: TRAILS_PATH, list: 'comments', moderated: true },
  // §3.10: for 'trails' the list is the users' star ratings, not comments
  trails: { collection: TRAILS_PATH, list: 'trail_user_stars', moderated: false },
  news: { collection: NEWS_PATH, list: 'comments', moderated: true },
  podcast: { collection: PODCASTS_PATH, list: 'comments', moderated: true },
  presential: { collection: PRESENTIAL_EVENTS_PATH, list: 'comments', moderated: true },
  // §7.4: "No moderation path exists for webcast or live_class"
  webcast: { collection: WEBCASTS_PATH, list: 'comments', moderated: false },
  live_class: { collection: LIVE_CLASSES_PATH, list: 'comments', moderated: false },
};

export const isCommentOrigin = (value: unknown): value is CommentOrigin =>
  typeof value === 'string' && (COMMENT_ORIGINS as readonly string[]).includes(value);

/** GET: the answer is a bare array; the total is its length. */
export function commentsListPath(origin: CommentOrigin, id: number | string): string {
  const { collection, list } = COMMENT_ORIGIN_PATHS[origin];
  return `${collection}${id}/${list}/`;
}

/** POST (form fields status and id), or null where the origin has no moderation. */
export function publishCommentPath(origin: CommentOrigin, id: number | string): string | null {
  const { collection, moderated } = COMMENT_ORIGIN_PATHS[origin];
  return moderated ? `${collection}${id}/publish_comment/` : null;
}

export const canModerateComments = (origin: CommentOrigin): boolean => COMMENT_ORIGIN_PATHS[origin].moderated;

/** spec 2 §4.1 content status codes a comment can take. */
export const COMMENT_STATUSES = [1, 2, 3] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
export const COMMENT_STATUS = { published: 1, unpublished: 2, deleted: 3 } as const satisfies Record<string, CommentStatus>;

