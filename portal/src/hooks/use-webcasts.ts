import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { LEARNER_WEBCAST_PATHS, type LearnerWebcast, type LearnerWebcastPage } from '@lp/shared/contract';
import { audienceFilterQuery, type AudienceFilters } from '../lib/audience-filters.ts';
import type { LookupOption } from './use-lookups.ts';

export const WEBCAST_PAGE_SIZE = 12;

export function webcastsPageKey(filters: AudienceFilters, index: number): string {
  const query = audienceFilterQuery(filters);
  query.set('page', String(index + 1));
  query.set('page_size', String(WEBCAST_PAGE_SIZE));
  return `${LEARNER_WEBCAST_PATHS.webcasts}?${query.toString()}`;
}

/** GET /api/webcasts/ — the webcast list (spec 2 §2.1), page by page ("load more"). */
export function useWebcasts(filters: AudienceFilters) {
  return useSWRInfinite<LearnerWebcastPage>(
    (index, previous: LearnerWebcastPage | null) =>
      previous && index * WEBCAST_PAGE_SIZE >= previous.count ? null : webcastsPageKey(filters, index),
    { revalidateFirstPage: false },
  );
}

/** GET /api/webcasts/tags/ — the tags filter's options. */
export function useWebcastTags() {
  return useSWR<LookupOption[]>(LEARNER_WEBCAST_PATHS.tags, { revalidateOnFocus: false });
}

/**
 * GET /api/webcasts/{id}/ — the watch page (spec 2 §2.1). While the transmission is due or
 * live it is asked again every 30 s, so the page moves on by itself (start, end, video ready).
 */
export function useWebcast(id: number | null) {
  return useSWR<LearnerWebcast>(id === null ? null : LEARNER_WEBCAST_PATHS.webcast(id), {
    refreshInterval: (data) => (data && data.state !== 'finished' ? 30_000 : 0),
  });
}
