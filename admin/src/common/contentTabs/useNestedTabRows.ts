import { useState } from 'react';
import { useDelete, useGetList, useNotify } from 'react-admin';

export interface NestedTabRows<T extends { id: number }> {
  /** null while the first load runs */
  rows: T[] | null;
  /** loads the list again (after a dialog saved a row) */
  reload(): Promise<void>;
  /** the row waiting for the delete confirmation */
  removing: T | null;
  askRemove(row: T | null): void;
  /** deletes the row waiting for confirmation; whether it was deleted */
  confirmRemove(): Promise<boolean>;
}

/** the nested resource answers every row at once; react-admin's paging is not sent */
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };

/**
 * The rows of an editor tab's table, read as the nested resource `resource` (see
 * common/nested/nestedResources.ts), and its delete with confirmation. spec 2 §8: list loads and
 * delete failures are silent (only logged); a successful delete says `{messages}.item_removed_success`.
 * `resource` is null while the parent is not saved yet (a new test has no questions): no rows.
 */
export function useNestedTabRows<T extends { id: number }>(
  resource: string | null, messages: string,
  /** a translation key notified when a delete fails (spec 2 §8: 'error' for webcast evaluations); silent by default */
  deleteErrorMessage: string | null = null,
): NestedTabRows<T> {
  const notify = useNotify();
  const [deleteOne] = useDelete<T>();
  const [removing, setRemoving] = useState<T | null>(null);
  // one load per visit, no retries: a failed load shows an empty table (spec 2 §8)
  const { data, isPending, error, refetch } = useGetList<T>(resource ?? '', ALL, {
    enabled: resource !== null,
    staleTime: 0,
    retry: false,
    onError: (failure) => console.error(`${resource} load failed`, failure),
  });

  const reload = async () => {
    await refetch();
  };

  const confirmRemove = async () => {
    if (!removing || resource === null) return false;
    try {
      await deleteOne(resource, { id: removing.id, previousData: removing }, { mutationMode: 'pessimistic', returnPromise: true });
      // useDelete invalidates the resource's lists: the table loads again by itself
      notify(`${messages}.item_removed_success`, { type: 'success' });
      return true;
    } catch (failure) {
      console.error(`${resource} delete failed`, failure);
      if (deleteErrorMessage) notify(deleteErrorMessage, { type: 'error' });
      return false;
    } finally {
      setRemoving(null);
    }
  };

  const rows = resource === null || error ? (data ?? []) : isPending ? null : (data ?? []);
  return { rows, reload, removing, askRemove: setRemoving, confirmRemove };
}
