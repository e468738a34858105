/**
 * The feed's paths, kinds and limits (contract/feed.ts), apart from the schemas: the home and the
 * feed page take them, and a module of plain values brings no TypeBox into their bundles.
 */
import type { FeedEvent } from './feed.ts';

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

export const FEED_CONTENT_TYPES = ['training', 'trail', 'podcast', 'news', 'badge', 'live_class', 'presential'] as const;
export type FeedContentType = (typeof FEED_CONTENT_TYPES)[number];

export const FEED_POST_MAX = 1000;
export const FEED_PAGE_SIZE_MAX = 50;

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
    // a face-to-face appointment (spec 1 §2.2 learner presential/{id})
    case 'presential': return `/presential/${event.content_id}`;
    default: return null;
  }
}
