import useSWR from 'swr';
import { BADGE_PATHS, type LearnerBadges } from '@lp/shared/contract';

/** GET /api/badges/ — the badges earned and still to earn (the profile's list). */
export function useBadges() {
  return useSWR<LearnerBadges>(BADGE_PATHS.learner);
}
