import type { NotificationKind } from '@lp/shared/contract';
import { appointmentImportPage, headquarterImportPage, isAppointmentImportType } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import type { ImportRow } from '../db/tables/import.table.ts';
import { notify } from '../repositories/notifications.ts';

/**
 * Where the admin shows the import (spec 1 §2.3 admin-import/{id}); an appointment's import is
 * shown on the appointment's tab it was run from, which its importer may open with the
 * face-to-face keys alone (the imports screen is the superuser's).
 */
export function importLink(row: Pick<ImportRow, 'id' | 'import_type' | 'target_id'>): string {
  if (row.target_id !== null && isAppointmentImportType(row.import_type)) return `/admin${appointmentImportPage(row.target_id, row.import_type, row.id)}`;
  // spec 1 §2.3 headquarter-import: its own page, which headquarter_import holders may open
  if (row.import_type === 'headquarters') return `/admin${headquarterImportPage(row.id)}`;
  return `/admin/admin-imports/${row.id}/show`;
}

function payloadOf(row: ImportRow) {
  return {
    id: row.id, import_type: row.import_type, file_name: row.file_name,
    created_count: row.created_count, updated_count: row.updated_count, error_count: row.error_count,
    link: importLink(row),
  };
}

/** spec 1 §4.3: the user is told when validation ends, and when processing ends (with an e-mail). */
function notificationOf(row: ImportRow): NotificationKind {
  if (row.status === 'validated') return 'import_validated';
  if (row.status === 'finalized') return 'import_finished';
  return 'import_failed';
}

/** The notification that ends a pass, written in the pass's closing transaction (so exactly once). */
export async function notifyPassFinished(trx: Db, row: ImportRow): Promise<void> {
  await notify(trx, { userId: row.created_by, clientId: row.client_id, kind: notificationOf(row), payload: payloadOf(row) });
}
