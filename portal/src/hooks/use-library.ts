import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { LIBRARY_PATHS, type LearnerLibraryPage, type LibraryFilterOptions } from '@lp/shared/contract';
import { libraryQuery, type LibraryFilters } from '../lib/library-filters.ts';

export const LIBRARY_PAGE_SIZE = 12;

/** The swr key of one library page: the contract path with the filters and the page. */
export function libraryPageKey(filters: LibraryFilters, index: number): string {
  const query = libraryQuery(filters);
  query.set('page', String(index + 1));
  query.set('page_size', String(LIBRARY_PAGE_SIZE));
  return `${LIBRARY_PATHS.learnerFiles}?${query.toString()}`;
}

/** GET /api/library/ — the learner's files (spec 3 §2 'library'), page by page ("load more"). */
export function useLibraryFiles(filters: LibraryFilters) {
  return useSWRInfinite<LearnerLibraryPage>(
    (index, previous: LearnerLibraryPage | null) =>
      previous && index * LIBRARY_PAGE_SIZE >= previous.count ? null : libraryPageKey(filters, index),
    { revalidateFirstPage: false },
  );
}

/** GET /api/library/filters/ — the categories, tags and extensions of the learner's files. */
export function useLibraryFilterOptions() {
  return useSWR<LibraryFilterOptions>(LIBRARY_PATHS.learnerFilters, { revalidateOnFocus: false });
}
