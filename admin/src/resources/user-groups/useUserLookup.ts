import { useCallback } from 'react';
import type { UserSummary } from '@lp/shared/contract';
import { useContractHttp, type ContractHttp } from '../../common/http/index.ts';

/** GET /api/lookups/users/?search= (≥ 3 characters, ≤ 25 results); a shorter term finds nobody. */
export async function lookupUsers(http: ContractHttp, search: string): Promise<UserSummary[]> {
  const term = search.trim();
  if (term.length < 3) return [];
  return http.json<UserSummary[]>(`/lookups/users/?search=${encodeURIComponent(term)}`, 'GET');
}

export function useUserLookup() {
  const http = useContractHttp();
  return useCallback((search: string) => lookupUsers(http, search), [http]);
}
