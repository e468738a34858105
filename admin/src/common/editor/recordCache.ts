import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Identifier, RaRecord } from 'react-admin';

/** react-admin's cache key of one record (useGetOne's `[resource, 'getOne', {id, meta}]`). */
export const recordQueryKey = (resource: string, id: Identifier) => [resource, 'getOne', { id: String(id), meta: undefined }];

/**
 * The record an editor shows, updated from a verb's answer (publish, duplicate…) without another
 * GET, or marked stale when a nested list changed what it counts.
 */
export function useRecordCache() {
  const queryClient = useQueryClient();
  return useMemo(() => ({
    set: <R extends RaRecord>(resource: string, record: R) => queryClient.setQueryData(recordQueryKey(resource, record.id), record),
    invalidate: (resource: string, id: Identifier) => queryClient.invalidateQueries({ queryKey: recordQueryKey(resource, id) }),
  }), [queryClient]);
}
