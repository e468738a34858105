import { useCallback } from 'react';
import { BANNER_PATHS, type WelcomeBannerConflictAnswer } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';

export interface WelcomeBannerPeriod {
  id: number | null;
  start_date: string;
  end_date: string | null;
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

/** spec 3 §7 conflict check: another active welcome banner for the same audience and period. */
export function useWelcomeBannerConflict() {
  const http = useContractHttp();
  return useCallback(
    (period: WelcomeBannerPeriod) => http.json<WelcomeBannerConflictAnswer>(BANNER_PATHS.welcomeConflict, 'POST', period),
    [http],
  );
}
