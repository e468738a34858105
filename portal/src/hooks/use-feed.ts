import useSWRInfinite from 'swr/infinite';
import { FEED_PATHS, type FeedPage } from '@lp/shared/contract';

export type FeedScope = 'all' | 'mine';

/** The swr key of one feed page (page 1 is what a post or deletion revalidates). */
export const feedKey = (scope: FeedScope, page: number, pageSize: number) => `${FEED_PATHS.feed}?scope=${scope}&page=${page}&page_size=${pageSize}`;

/** GET /api/feed/?scope&page&page_size — the timeline, newest first, page by page. */
export function useFeed(scope: FeedScope, pageSize: number) {
  return useSWRInfinite<FeedPage>(
    (index, previous: FeedPage | null) => (previous && index * pageSize >= previous.count ? null : feedKey(scope, index + 1, pageSize)),
    { revalidateFirstPage: true },
  );
}
