import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';

/**
 * GET of a contract path that answers a plain JSON value (lookup lists, one record outside a
 * react-admin resource); cached under the path like react-admin's own queries. Null skips it.
 */
export function useContractQuery<T>(path: string | null, options: { staleTime?: number } = {}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({
    queryKey: ['contract', path],
    queryFn: () => dataProvider.sendJson<T>(path!, 'GET'),
    enabled: path !== null,
    staleTime: options.staleTime ?? 5 * 60_000,
  });
}
