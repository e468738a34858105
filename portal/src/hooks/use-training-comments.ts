import useSWRInfinite from 'swr/infinite';
import { LEARNER_PATHS, type LearnerComment } from '@lp/shared/contract';

export interface CommentPage { count: number; results: LearnerComment[] }

export const COMMENTS_PAGE_SIZE = 10;

/** GET {path} — a content's published comments, page by page (trainings, podcasts…). */
export function useCommentPages(path: string, enabled = true) {
  return useSWRInfinite<CommentPage>(
    (index, previous: CommentPage | null) => {
      if (!enabled || (previous && index * COMMENTS_PAGE_SIZE >= previous.count)) return null;
      return `${path}?page=${index + 1}&page_size=${COMMENTS_PAGE_SIZE}`;
    },
    { revalidateFirstPage: false },
  );
}

/** GET /api/group_trainings/{id}/comments/ — the published comments, page by page. */
export function useTrainingComments(trainingId: number | string, enabled = true) {
  return useCommentPages(LEARNER_PATHS.comments(trainingId), enabled);
}
