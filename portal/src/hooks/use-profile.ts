import useSWR from 'swr';
import type { ProfileBasicData } from '@lp/shared/contract';

export const PROFILE_KEY = '/users/profile/';

/** GET /api/users/profile/ — profile basic data (spec 1 §2.2). */
export function useProfile() {
  return useSWR<ProfileBasicData>(PROFILE_KEY);
}
