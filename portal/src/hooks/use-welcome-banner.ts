import useSWR from 'swr';
import { BANNER_PATHS, type CurrentWelcomeBanner } from '@lp/shared/contract';

export const WELCOME_BANNER_KEY = BANNER_PATHS.learnerWelcome;

/** GET /api/welcome_banners/current/ — the welcome banner to show in this login, if any. */
export function useWelcomeBanner() {
  return useSWR<CurrentWelcomeBanner>(WELCOME_BANNER_KEY, { revalidateOnFocus: false });
}
