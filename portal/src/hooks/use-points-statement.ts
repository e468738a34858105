import useSWRInfinite from 'swr/infinite';
import { LEARNER_PATHS } from '@lp/shared/contract';

export interface PointsEntry { id: number; points: number; reason: string; title: string; created_at: string }
export interface PointsStatementPage { count: number; total: number; results: PointsEntry[] }

export const POINTS_PAGE_SIZE = 10;

/** GET /api/home/points/?page=&page_size= — the points statement, newest first, page by page. */
export function usePointsStatement() {
  return useSWRInfinite<PointsStatementPage>(
    (index, previous: PointsStatementPage | null) => (previous && index * POINTS_PAGE_SIZE >= previous.count
      ? null
      : `${LEARNER_PATHS.pointsStatement}?page=${index + 1}&page_size=${POINTS_PAGE_SIZE}`),
    { revalidateFirstPage: false },
  );
}
