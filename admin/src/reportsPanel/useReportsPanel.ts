import { useQuery } from '@tanstack/react-query';
import { REPORTS_PANEL_PATH, type Overview } from '@lp/shared/contract';
import { panelQuery, type OverviewPeriod, type PanelFilters } from '@lp/shared/rules';
import { useContractHttp } from '../common/http/index.ts';

/** The overview's figures of the filtered people (spec 1 §6.2 reports_panel), asked again on each change. */
export function useReportsPanel(period: OverviewPeriod, filters: PanelFilters) {
  const http = useContractHttp();
  const query = panelQuery(period, filters);
  return useQuery({
    queryKey: ['reports_panel', query],
    queryFn: () => http.json<Overview>(`${REPORTS_PANEL_PATH}?${query}`, 'GET'),
    staleTime: 60_000,
    retry: 1,
    // the figures of the last filters stay on screen (under a progress bar) until the new ones come
    placeholderData: (previous) => previous,
  });
}
