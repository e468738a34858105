import useSWRInfinite from 'swr/infinite';
import { LEARNER_PATHS, type LearnerTrailCard } from '@lp/shared/contract';
import { filterQuery, type CatalogueFilters } from '../lib/catalogue-filters.ts';

export const TRAILS_PAGE_SIZE = 12;

export interface LearnerTrailPage { count: number; results: LearnerTrailCard[] }

/** GET /api/trails/?search&progress&favorite&selected_areas&selected_groups&page — the trails list (spec 2 §2.1). */
export function useTrails(filters: CatalogueFilters) {
  return useSWRInfinite<LearnerTrailPage>(
    (index, previous: LearnerTrailPage | null) => {
      if (previous && index * TRAILS_PAGE_SIZE >= previous.count) return null;
      const query = filterQuery(filters);
      query.set('page', String(index + 1));
      query.set('page_size', String(TRAILS_PAGE_SIZE));
      return `${LEARNER_PATHS.trails}?${query.toString()}`;
    },
    { revalidateFirstPage: false },
  );
}
