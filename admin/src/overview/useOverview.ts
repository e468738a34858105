import { useQuery } from '@tanstack/react-query';
import { OVERVIEW_PATH, type Overview } from '@lp/shared/contract';
import type { OverviewPeriod } from '@lp/shared/rules';
import { useContractHttp } from '../common/http/index.ts';

/** The overview's figures for a period (GET, kept a minute: the dashboard is read, not edited). */
export function useOverview(period: OverviewPeriod) {
  const http = useContractHttp();
  const path = `${OVERVIEW_PATH}?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`;
  return useQuery({
    queryKey: ['overview', period.from, period.to],
    queryFn: () => http.json<Overview>(path, 'GET'),
    staleTime: 60_000,
    // one more try, then the page says the figures could not be loaded
    retry: 1,
    placeholderData: (previous) => previous,
  });
}
