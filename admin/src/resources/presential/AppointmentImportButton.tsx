import { useEffect, useMemo, useState } from 'react';
import { usePermissions, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  APPOINTMENT_IMPORT_PERMISSIONS, APPOINTMENT_IMPORT_QUERY, PRESENTIAL_IMPORT_UPLOAD_KIND, PRESENTIAL_RESULT_PATHS as P,
  type AppointmentImportCreate, type AppointmentImportType, type ImportLog, type ImportRecord, type SessionUser,
} from '@lp/shared/contract';
import { hasPermission } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';
import { IMPORT_TEXTS, RecordImportDialog, importErrors, settledImport, type RecordImportPaths } from '../../common/recordImport/index.ts';
import { K } from './presentialUi.ts';

/**
 * An appointment's import (issue 17 item 5; spec 3 §2 "import results"; spec 1 §6.2
 * presential_import_results, subscription_import_results); `onDone` reloads the tab. Shown only
 * with the type's module item. The notification at the end of a pass links here with
 * `?import={id}`: the dialog opens on that import and its lines in error (the imports screen is
 * the superuser's; this tab is the importer's).
 */
export function AppointmentImportButton({ appointmentId, type, onDone }: { appointmentId: number; type: AppointmentImportType; onDone(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const http = useContractHttp();
  const { permissions: user } = usePermissions<SessionUser | null>();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<{ record: ImportRecord; errors: ImportLog[] } | null>(null);
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get(APPOINTMENT_IMPORT_QUERY)) || null;
  const allowed = !!user && hasPermission(user, APPOINTMENT_IMPORT_PERMISSIONS[type]);
  const paths = useMemo<RecordImportPaths>(() => ({
    template: P.importTemplate(appointmentId, type),
    create: P.imports(appointmentId),
    item: (id) => P.importItem(appointmentId, id),
    logs: (id) => P.importLogs(appointmentId, id),
    process: (id) => P.importProcess(appointmentId, id),
  }), [appointmentId, type]);

  // the import a notification names: shown with its error lines (another type's is the other tab's)
  useEffect(() => {
    if (!linked || !allowed) return undefined;
    let live = true;
    http.json<ImportRecord>(paths.item(linked), 'GET').then(async (found) => {
      if (!live || found.import_type !== type) return;
      const errors = settledImport(found) ? await importErrors(http, paths.logs(found.id)) : [];
      if (!live) return;
      setShown({ record: found, errors });
      setOpen(true);
    }, () => { if (live) notify(`${K}.imports.not_found`, { type: 'warning' }); });
    return () => { live = false; };
  }, [linked, allowed, http, paths, type, notify]);

  if (!allowed) return null;

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
  return (
    <RecordImportDialog
      label={translate(`${K}.imports.${type === 'presential_results' ? 'results' : 'subscriptions'}`)}
      open={open} onOpen={() => setOpen(true)} onClose={close} shown={shown}
      uploadKind={PRESENTIAL_IMPORT_UPLOAD_KIND} paths={paths} templateName={`${type}.xlsx`} onDone={onDone}
      createBody={(upload_id) => ({ import_type: type, upload_id } satisfies AppointmentImportCreate)}
      counts={(record) => `${translate(`${IMPORT_TEXTS}.fields.counts`)}: ${record.created_count} / ${record.updated_count} / ${record.error_count}`}
    />
  );
}
