import {
  REPORT_COOLDOWN_MS, emptyReportRequestTimes, isReportKey, reportCooldownRemainingMs, type ReportKey, type ReportRequestTimes,
} from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import type { ReportRow } from '../db/tables/report.table.ts';
import { hashToken } from '../lib/tokens.ts';

/** spec 1 §3.1: the session's last-request timestamp of every report button, for one client. */
export async function reportRequestTimes(db: Db, userId: number, clientId: number): Promise<ReportRequestTimes> {
  const rows = await db.selectFrom('report_requests').select(['report', 'requested_at'])
    .where('user_id', '=', userId).where('client_id', '=', clientId).execute();
  const times = emptyReportRequestTimes();
  for (const r of rows) if (isReportKey(r.report)) times[r.report] = r.requested_at;
  return times;
}

export interface ReportRequestKey {
  userId: number;
  clientId: number;
  report: ReportKey;
}

export type ReportClaim =
  | { ok: true; requestedAt: Date; previous: Date | null }
  | { ok: false; remainingMs: number };

/**
 * spec 1 §4.4: takes the report's request slot unless the last request is under 5 minutes old
 * (superusers always get it). One conditional upsert, so two simultaneous clicks cannot both pass.
 */
export async function claimReportRequest(db: Db, key: ReportRequestKey, isSuperuser: boolean, now = new Date()): Promise<ReportClaim> {
  const current = await db.selectFrom('report_requests').select('requested_at')
    .where('user_id', '=', key.userId).where('client_id', '=', key.clientId).where('report', '=', key.report)
    .executeTakeFirst();
  const cutoff = new Date(now.getTime() - REPORT_COOLDOWN_MS);
  const claimed = await db.insertInto('report_requests')
    .values({ user_id: key.userId, client_id: key.clientId, report: key.report, requested_at: now })
    .onConflict((oc) => {
      const update = oc.columns(['user_id', 'client_id', 'report']).doUpdateSet({ requested_at: now });
      return isSuperuser ? update : update.where('report_requests.requested_at', '<=', cutoff.toISOString());
    })
    .returning('requested_at')
    .executeTakeFirst();
  if (claimed) return { ok: true, requestedAt: now, previous: current ? new Date(current.requested_at) : null };
  const latest = await db.selectFrom('report_requests').select('requested_at')
    .where('user_id', '=', key.userId).where('client_id', '=', key.clientId).where('report', '=', key.report)
    .executeTakeFirst();
  const remainingMs = reportCooldownRemainingMs(latest ? new Date(latest.requested_at) : null, now, false);
  return { ok: false, remainingMs: Math.max(remainingMs, 1000) };
}

/** Gives the slot back when the report could not be queued (the click did not count). */
export async function releaseReportRequest(db: Db, key: ReportRequestKey, claim: { requestedAt: Date; previous: Date | null }): Promise<void> {
  const own = db.updateTable('report_requests')
    .where('user_id', '=', key.userId).where('client_id', '=', key.clientId).where('report', '=', key.report)
    .where('requested_at', '=', claim.requestedAt.toISOString());
  if (claim.previous) {
    await own.set({ requested_at: claim.previous }).execute();
  } else {
    await db.deleteFrom('report_requests')
      .where('user_id', '=', key.userId).where('client_id', '=', key.clientId).where('report', '=', key.report)
      .where('requested_at', '=', claim.requestedAt.toISOString()).execute();
  }
}

export async function createReport(db: Db, values: { userId: number; clientId: number; report: ReportKey; params: object; languageId: number }): Promise<number> {
  const row = await db.insertInto('reports').values({
    user_id: values.userId,
    client_id: values.clientId,
    report: values.report,
    status: 'processing',
    params: JSON.stringify(values.params),
    language_id: values.languageId,
    file_name: null,
    row_count: null,
    token_hash: null,
    expires_at: null,
    error: null,
    created_at: new Date(),
    finished_at: null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findReport(db: Db, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** processing → ready; false when another run already finished it. */
export async function markReportReady(
  db: Db, id: number, done: { fileName: string; rowCount: number; token: string; expiresAt: Date },
): Promise<boolean> {
  const res = await db.updateTable('reports').set({
    status: 'ready', file_name: done.fileName, row_count: done.rowCount, token_hash: hashToken(done.token),
    expires_at: done.expiresAt, finished_at: new Date(), error: null,
  }).where('id', '=', id).where('status', '=', 'processing').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markReportFailed(db: Db, id: number, error: string): Promise<boolean> {
  const res = await db.updateTable('reports').set({ status: 'failed', error: error.slice(0, 4000), finished_at: new Date() })
    .where('id', '=', id).where('status', '=', 'processing').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The ready, unexpired report a download token opens (tokens are stored hashed only). */
export async function findDownloadableReport(db: Db, token: string, now = new Date()): Promise<ReportRow | undefined> {
  const row = await db.selectFrom('reports').selectAll()
    .where('token_hash', '=', hashToken(token)).where('status', '=', 'ready').executeTakeFirst();
  if (!row?.expires_at || !row.file_name || new Date(row.expires_at) <= now) return undefined;
  return row;
}

/** Ready reports whose link ran out: their files are removed and the rows kept as `expired`. */
export async function expiredReports(db: Db, now = new Date()): Promise<Array<Pick<ReportRow, 'id' | 'file_name'>>> {
  return db.selectFrom('reports').select(['id', 'file_name'])
    .where('status', '=', 'ready').where('expires_at', '<=', now.toISOString()).limit(500).execute();
}

export async function markReportExpired(db: Db, id: number): Promise<void> {
  await db.updateTable('reports').set({ status: 'expired', file_name: null, token_hash: null })
    .where('id', '=', id).where('status', '=', 'ready').execute();
}
