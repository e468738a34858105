import { useMemo } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import {
  APPOINTMENT_IMPORT_PERMISSIONS, PRESENTIAL_IMPORT_UPLOAD_KIND, PRESENTIAL_RESULT_PATHS as P,
  type AppointmentImportCreate, type AppointmentImportType, type SessionUser,
} from '@lp/shared/contract';
import { hasPermission } from '@lp/shared/rules';
import { IMPORT_TEXTS, RecordImportDialog, useLinkedImport, type RecordImportPaths } from '../../common/recordImport/index.ts';
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
  const { permissions: user } = usePermissions<SessionUser | null>();
  const allowed = !!user && hasPermission(user, APPOINTMENT_IMPORT_PERMISSIONS[type]);
  const paths = useMemo<RecordImportPaths>(() => ({
    template: P.importTemplate(appointmentId, type),
    create: P.imports(appointmentId),
    item: (id) => P.importItem(appointmentId, id),
    logs: (id) => P.importLogs(appointmentId, id),
    process: (id) => P.importProcess(appointmentId, id),
  }), [appointmentId, type]);

  // the import a notification names, with its error lines (another type's is the other tab's)
  const { open, openDialog, shown, close } = useLinkedImport({ paths, importType: type, enabled: allowed, notFoundKey: `${K}.imports.not_found` });

  if (!allowed) return null;
  return (
    <RecordImportDialog
      label={translate(`${K}.imports.${type === 'presential_results' ? 'results' : 'subscriptions'}`)}
      open={open} onOpen={openDialog} onClose={close} shown={shown}
      uploadKind={PRESENTIAL_IMPORT_UPLOAD_KIND} paths={paths} templateName={`${type}.xlsx`} onDone={onDone}
      createBody={(upload_id) => ({ import_type: type, upload_id } satisfies AppointmentImportCreate)}
      counts={(record) => `${translate(`${IMPORT_TEXTS}.fields.counts`)}: ${record.created_count} / ${record.updated_count} / ${record.error_count}`}
    />
  );
}
