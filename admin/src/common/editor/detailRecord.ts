import { useGetOne, type RaRecord } from 'react-admin';

/**
 * An editor's record: the resource's GET item (staleTime 0, fetched on mount), and nothing until
 * it answers. ra-core's useGetList writes each row of a list page under the getOne key of its id,
 * so an editor opened from its list would first read the list row — a narrower shape (tag
 * objects, no images…) that is not the record. `isRecord` tells the item from such a row.
 */
export function useDetailRecord<R extends RaRecord>(resource: string, id: number | null, isRecord: (record: R) => boolean) {
  const query = useGetOne<R>(resource, { id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });
  return { ...query, data: query.data !== undefined && isRecord(query.data) ? query.data : undefined };
}
