import type { FastifyInstance } from 'fastify';
import { REPORT_LINK_TTL_MS, hasPermission, isReportKey, type AccessSubject, type ReportKey } from '@lp/shared/rules';
import { reportDownloadPath } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { ReportRow } from '../db/tables/report.table.ts';
import { translate } from '../lib/i18n.ts';
import { newToken } from '../lib/tokens.ts';
import type { JobContext } from '../jobs/index.ts';
import { notify } from '../repositories/notifications.ts';
import {
  expiredReports, findReport, markReportExpired, markReportFailed, markReportReady,
} from '../repositories/reports.ts';
import { canLogIn, findUserById, moduleItemsByClient } from '../repositories/users.ts';
import { newReportFileName, removeReportFile, reportKey } from './files.ts';
import { reportOf } from './catalogue.ts';
import { writeReport } from './workbook.ts';

export const REPORT_JOB = 'reports.build';
export const REPORT_JOB_ATTEMPTS = 3;

/** Module items the report needs (its declaration's); `reports` for a key no module declares yet. */
export function reportPermissions(report: ReportKey): readonly string[] {
  return reportOf(report)?.permissions ?? ['reports'];
}

export function mayHaveReport(subject: AccessSubject, report: ReportKey): boolean {
  return reportPermissions(report).every((slug) => hasPermission(subject, slug));
}

/** Whether the requester may still open the report's file: still able to log in, linked, permitted. */
export async function requesterStillAllowed(db: Db, report: ReportRow): Promise<boolean> {
  const user = await findUserById(db, report.user_id);
  if (!user || !canLogIn(user.status) || !isReportKey(report.report)) return false;
  const subject: AccessSubject = {
    is_superuser: user.is_superuser,
    id_user_client_selected: report.client_id,
    user_client_module_items: await moduleItemsByClient(db, user.id),
  };
  if (subject.is_superuser) return true;
  const linked = await db.selectFrom('user_clients').select('user_id')
    .where('user_id', '=', user.id).where('client_id', '=', report.client_id).executeTakeFirst();
  return !!linked && mayHaveReport(subject, report.report);
}

/** Cleanup that never hides the error being handled. */

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The report job: build the file, e-mail and notify the link (spec 1 §7, §8.4). Idempotent: a
 * report leaves `processing` once; a rerun of a finished one does nothing, a rerun after a crash
 * starts over with a new file and a new link. The e-mail goes out before the report is marked
 * ready, so a retry never loses it (at worst a second e-mail, whose link is the one that works).
 */
export function defineReportJob(app: FastifyInstance): void {
  const { db, config, mailer } = app;

  async function fail(report: ReportRow, error: unknown, ctx: JobContext) {
    ctx.log.error({ err: error, reportId: report.id }, 'report failed');
    const name = translate(report.language_id, `reports.names.${report.report}`);
    // one transaction: whoever sees the report failed also sees its notification
    const failed = await db.transaction().execute(async (trx) => {
      if (!(await markReportFailed(trx, report.id, errorText(error)))) return false;
      await notify(trx, { userId: report.user_id, clientId: report.client_id, kind: 'report_failed', payload: { report: name, report_key: report.report } });
      return true;
    });
    if (!failed) return;
    const requester = await findUserById(db, report.user_id);
    if (!requester) return;
    await mailer.send({
      to: requester.email,
      subject: translate(report.language_id, 'mail.report_failed.subject', { report: name }),
      text: translate(report.language_id, 'mail.report_failed.body', { name: requester.full_name, report: name }),
    }).catch((err: unknown) => ctx.log.error({ err }, 'report failure e-mail not sent'));
  }

  const discard = (key: string) => app.storage.remove(key).catch(() => undefined);

  async function sweepExpired() {
    for (const old of await expiredReports(db)) {
      await removeReportFile(app.storage, old.file_name);
      await markReportExpired(db, old.id);
    }
  }

  app.jobs.define<{ reportId: number }>(REPORT_JOB, async ({ reportId }, ctx) => {
    const report = await findReport(db, reportId);
    if (!report || report.status !== 'processing') return;
    const definition = isReportKey(report.report) ? reportOf(report.report) : undefined;
    const requester = await findUserById(db, report.user_id);
    if (!definition || !requester) return fail(report, new Error(`cannot build report ${report.report}`), ctx);

    const last = ctx.attempt >= REPORT_JOB_ATTEMPTS;
    const fileName = newReportFileName();
    const key = reportKey(fileName)!;
    try {
      let rowCount = 0;
      await app.storage.writeWith(key, async (filePath) => {
        rowCount = await writeReport(db, definition, {
          clientId: report.client_id,
          params: report.params,
          languageId: report.language_id,
          filePath,
          heartbeat: ctx.heartbeat,
        });
      });

      const token = newToken();
      const link = `${config.publicUrl}/api${reportDownloadPath(token)}`;
      const lang = report.language_id;
      const name = translate(lang, `reports.names.${report.report}`);
      const days = translate(lang, 'mail.counts.days', { count: Math.round(REPORT_LINK_TTL_MS / 86_400_000) });
      try {
        await mailer.send({
          to: requester.email,
          subject: translate(lang, 'mail.report_ready.subject', { report: name }),
          text: translate(lang, 'mail.report_ready.body', { name: requester.full_name, report: name, link, days }),
        });
      } catch (error) {
        // the last attempt still hands the link over through the notification
        if (!last) throw error;
        ctx.log.error({ err: error, reportId }, 'report e-mail not sent; the notification carries the link');
      }
      const done = await db.transaction().execute(async (trx) => {
        const ready = await markReportReady(trx, report.id, {
          fileName, rowCount, token, expiresAt: new Date(Date.now() + REPORT_LINK_TTL_MS),
        });
        if (ready) {
          await notify(trx, {
            userId: report.user_id, clientId: report.client_id, kind: 'report_ready',
            payload: { report: name, report_key: report.report, link, rows: rowCount },
          });
        }
        return ready;
      });
      if (!done) await discard(key);
    } catch (error) {
      await discard(key);
      if (!last) throw error;
      await fail(report, error, ctx);
    }
    await sweepExpired().catch((err: unknown) => ctx.log.warn({ err }, 'expired reports not swept'));
  });
}
