import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useContractHttp } from '../http/index.ts';

/**
 * The one record of a settings screen: GET of its contract path (a read-only screen just reads),
 * and save (PUT) whose answer becomes what the screen shows.
 */
export function useSettingsRecord<T, Body = unknown>(path: string, options: { staleTime?: number } = {}) {
  const http = useContractHttp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['settings', path], queryFn: () => http.json<T>(path, 'GET'), staleTime: options.staleTime ?? 0 });
  const save = useCallback(async (body: Body) => {
    const saved = await http.json<T>(path, 'PUT', body);
    queryClient.setQueryData(['settings', path], saved);
    return saved;
  }, [http, path, queryClient]);
  return { ...query, save };
}
