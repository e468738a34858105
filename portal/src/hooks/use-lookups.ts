import useSWR from 'swr';

export interface LookupOption { id: number; name: string }

/** GET /api/lookups/areas/ — the selected client's areas (catalogue filters, spec 1 §2.2). */
export function useAreas() {
  return useSWR<LookupOption[]>('/lookups/areas/', { revalidateOnFocus: false });
}

/** GET /api/lookups/user_groups/ — the selected client's user groups (catalogue filters). */
export function useUserGroups() {
  return useSWR<LookupOption[]>('/lookups/user_groups/', { revalidateOnFocus: false });
}
