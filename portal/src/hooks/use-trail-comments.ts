import useSWRInfinite from 'swr/infinite';
import { LEARNER_PATHS, type LearnerComment } from '@lp/shared/contract';

export interface TrailCommentPage { count: number; results: LearnerComment[] }

export const TRAIL_COMMENTS_PAGE_SIZE = 10;

/** GET /api/trails/{id}/comments/ — the learners' ratings and comments of a trail, page by page. */
export function useTrailComments(trailId: number | string) {
  return useSWRInfinite<TrailCommentPage>(
    (index, previous: TrailCommentPage | null) => (previous && index * TRAIL_COMMENTS_PAGE_SIZE >= previous.count
      ? null
      : `${LEARNER_PATHS.trailComments(trailId)}?page=${index + 1}&page_size=${TRAIL_COMMENTS_PAGE_SIZE}`),
    { revalidateFirstPage: false },
  );
}
