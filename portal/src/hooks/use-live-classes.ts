import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { LEARNER_LIVE_CLASS_PATHS, type LearnerLiveClass, type LearnerLiveClassPage } from '@lp/shared/contract';
import { audienceFilterQuery, type AudienceFilters } from '../lib/audience-filters.ts';
import type { LookupOption } from './use-lookups.ts';

export const LIVE_CLASS_PAGE_SIZE = 12;

export function liveClassesPageKey(filters: AudienceFilters, index: number): string {
  const query = audienceFilterQuery(filters);
  query.set('page', String(index + 1));
  query.set('page_size', String(LIVE_CLASS_PAGE_SIZE));
  return `${LEARNER_LIVE_CLASS_PATHS.liveClasses}?${query.toString()}`;
}

/** GET /api/live_classes/ — the live class list (spec 3 §2), page by page ("load more"). */
export function useLiveClasses(filters: AudienceFilters) {
  return useSWRInfinite<LearnerLiveClassPage>(
    (index, previous: LearnerLiveClassPage | null) =>
      previous && index * LIVE_CLASS_PAGE_SIZE >= previous.count ? null : liveClassesPageKey(filters, index),
    { revalidateFirstPage: false },
  );
}

/** GET /api/live_classes/tags/ — the tags filter's options. */
export function useLiveClassTags() {
  return useSWR<LookupOption[]>(LEARNER_LIVE_CLASS_PATHS.tags, { revalidateOnFocus: false });
}

/**
 * GET /api/live_classes/{id}/ — the detail page. Until the class is Finished it is asked again
 * every 30 s, so the seats, the room opening (spec 3 §9) and the end show up by themselves.
 */
export function useLiveClass(id: number | null) {
  return useSWR<LearnerLiveClass>(id === null ? null : LEARNER_LIVE_CLASS_PATHS.liveClass(id), {
    refreshInterval: (data) => (data && !data.finished ? 30_000 : 0),
  });
}
