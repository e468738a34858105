/** The certificate-synchronisation record of a trail (spec 2 §4.9): its state, and claiming and finishing a run. */
import { CONTENT_STATUS, type CertificateSyncState } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { TrailRow } from '../db/tables/trail.table.ts';

export function certificateSyncState(row: Pick<TrailRow, 'certificate_sync_status' | 'certificate_sync_started_at' | 'certificate_sync_finished_at' | 'certificate_sync_failed'>): CertificateSyncState {
  return {
    state: row.certificate_sync_status === 'running' ? 'running' : 'idle',
    last_started_at: row.certificate_sync_started_at,
    last_finished_at: row.certificate_sync_finished_at,
    last_run_failed: row.certificate_sync_failed,
  };
}

/**
 * Marks a run as started unless one is running: one conditional update, so two requests (or
 * two nodes) never both start. A run started before `staleBefore` counts as dead and may be
 * replaced. False when the trail is not the client's or a run is in progress.
 */
export async function claimCertificateSync(db: Db, clientId: number, trailId: number, now: Date, staleBefore: Date): Promise<boolean> {
  const res = await db.updateTable('trails')
    .set({ certificate_sync_status: 'running', certificate_sync_started_at: now, certificate_sync_failed: false })
    .where('id', '=', trailId).where('client_id', '=', clientId).where('status', '!=', CONTENT_STATUS.deleted)
    .where((eb) => eb.or([
      eb('certificate_sync_status', '!=', 'running'),
      eb('certificate_sync_started_at', 'is', null),
      eb('certificate_sync_started_at', '<', staleBefore.toISOString()),
    ]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function finishCertificateSync(db: Db, trailId: number, failed: boolean): Promise<void> {
  await db.updateTable('trails')
    .set({ certificate_sync_status: 'idle', certificate_sync_finished_at: new Date(), certificate_sync_failed: failed })
    .where('id', '=', trailId).execute();
}
