import useSWR from 'swr';
import { WILDCARD_PATHS, type LearnerWildcardPage } from '@lp/shared/contract';

/** GET /api/pages/{slug}/ — a published wildcard page of the learner's audience. */
export function useWildcardPage(slug: string) {
  return useSWR<LearnerWildcardPage>(WILDCARD_PATHS.learner(encodeURIComponent(slug)));
}
