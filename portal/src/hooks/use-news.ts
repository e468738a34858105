import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { LEARNER_NEWS_PATHS, type LearnerNewsItem, type LearnerNewsPage } from '@lp/shared/contract';

export const NEWS_PAGE_SIZE = 12;

/** GET /api/news/?search&page&page_size — the learner's news, newest first, page by page. */
export function useNewsList(search: string) {
  return useSWRInfinite<LearnerNewsPage>(
    (index, previous: LearnerNewsPage | null) => {
      if (previous && index * NEWS_PAGE_SIZE >= previous.count) return null;
      const query = new URLSearchParams({ page: String(index + 1), page_size: String(NEWS_PAGE_SIZE) });
      if (search.trim()) query.set('search', search.trim());
      return `${LEARNER_NEWS_PATHS.list}?${query.toString()}`;
    },
    { revalidateFirstPage: false },
  );
}

/** GET /api/news/{id}/ — opening an item is reading it, so it is asked for once, not on every focus. */
export function useNewsItem(id: number | string) {
  return useSWR<LearnerNewsItem>(LEARNER_NEWS_PATHS.item(id), { revalidateOnFocus: false, revalidateOnReconnect: false });
}
