import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { APPOINTMENT_IMPORT_QUERY, type ImportLog, type ImportRecord } from '@lp/shared/contract';
import { useContractHttp } from '../http/index.ts';
import { importErrors, settledImport, type RecordImportPaths } from './RecordImportDialog.tsx';

export interface ShownImport { record: ImportRecord; errors: ImportLog[] }

/**
 * The dialog state of a screen's imports, and the import a notification names: the end of a pass
 * links to the screen with `?import={id}`, which opens that import (of this screen's type) with its
 * lines in error; closing the dialog takes the parameter off the address.
 */
export function useLinkedImport({ paths, importType, enabled = true, notFoundKey }: {
  paths: RecordImportPaths;
  importType: string;
  enabled?: boolean;
  /** the warning when the named import cannot be read */
  notFoundKey: string;
}) {
  const notify = useNotify();
  const http = useContractHttp();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<ShownImport | null>(null);
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get(APPOINTMENT_IMPORT_QUERY)) || null;

  useEffect(() => {
    if (!linked || !enabled) return undefined;
    let live = true;
    http.json<ImportRecord>(paths.item(linked), 'GET').then(async (found) => {
      // another type's import is another screen's
      if (!live || found.import_type !== importType) return;
      const errors = settledImport(found) ? await importErrors(http, paths.logs(found.id)) : [];
      if (!live) return;
      setShown({ record: found, errors });
      setOpen(true);
    }, () => { if (live) notify(notFoundKey, { type: 'warning' }); });
    return () => { live = false; };
  }, [linked, enabled, http, paths, importType, notFoundKey, notify]);

  const close = () => {
    setOpen(false);
    setShown(null);
    if (linked) {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(APPOINTMENT_IMPORT_QUERY);
        return next;
      }, { replace: true });
    }
  };
  return { open, openDialog: () => setOpen(true), shown, close };
}
