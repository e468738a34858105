import { useQuery } from '@tanstack/react-query';
import { useContractHttp } from './ContractHttpContext.tsx';

/**
 * A reference list of the contract (webcast types, scores, training types…): the whole list from
 * its path, cached five minutes; null skips it (the screen does not need it).
 */
export function useReferenceList<T>(path: string | null) {
  const http = useContractHttp();
  return useQuery({
    queryKey: ['reference', path],
    queryFn: () => http.json<T[]>(path!, 'GET'),
    enabled: path !== null,
    staleTime: 5 * 60_000,
  });
}
