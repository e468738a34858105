import useSWRInfinite from 'swr/infinite';
import { LEARNER_PATHS, type LearnerTrainingPage } from '@lp/shared/contract';
import { filterQuery, type CatalogueFilters } from '../lib/catalogue-filters.ts';

export const CATALOGUE_PAGE_SIZE = 12;

/** The swr key of one catalogue page: the contract path with the filters and the page. */
export function trainingsPageKey(filters: CatalogueFilters, index: number): string {
  const query = filterQuery(filters);
  query.set('page', String(index + 1));
  query.set('page_size', String(CATALOGUE_PAGE_SIZE));
  return `${LEARNER_PATHS.trainings}?${query.toString()}`;
}

/** GET /api/group_trainings/ — the catalogue (spec 2 §2.1), page by page ("load more"). */
export function useTrainings(filters: CatalogueFilters) {
  return useSWRInfinite<LearnerTrainingPage>(
    (index, previous: LearnerTrainingPage | null) =>
      previous && index * CATALOGUE_PAGE_SIZE >= previous.count ? null : trainingsPageKey(filters, index),
    { revalidateFirstPage: false },
  );
}
