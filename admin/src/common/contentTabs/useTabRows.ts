import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import type { Paged } from '@lp/shared/contract';
import { useContractHttp } from '../http/index.ts';

export interface TabRows<T extends { id: number }> {
  /** null while the first load runs */
  rows: T[] | null;
  reload(): Promise<void>;
  /** the row waiting for the delete confirmation */
  removing: T | null;
  askRemove(row: T | null): void;
  confirmRemove(): Promise<void>;
}

/**
 * The rows of an editor tab's table (spec 2 §9: rows per page 0 = all) and its delete with
 * confirmation. spec 2 §8: list loads and delete failures are silent (only logged); a
 * successful delete says `{messages}.item_removed_success`.
 */
export function useTabRows<T extends { id: number }>(
  collection: string, item: (id: number) => string, messages: string,
  /** a translation key notified when a delete fails (spec 2 §8: 'error' for webcast evaluations); silent by default */
  deleteErrorMessage: string | null = null,
): TabRows<T> {
  const http = useContractHttp();
  const notify = useNotify();
  const [rows, setRows] = useState<T[] | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);

  const reload = useCallback(async () => {
    try {
      const page = await http.json<Paged<T>>(`${collection}?page_size=0`, 'GET');
      setRows(page.results);
    } catch (error) {
      console.error(`${collection} load failed`, error);
      setRows((current) => current ?? []);
    }
  }, [http, collection]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await http.json(item(removing.id), 'DELETE');
      notify(`${messages}.item_removed_success`, { type: 'success' });
      await reload();
    } catch (error) {
      console.error(`${collection} delete failed`, error);
      if (deleteErrorMessage) notify(deleteErrorMessage, { type: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  return { rows, reload, removing, askRemove: setRemoving, confirmRemove };
}
