import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { toApiDate } from '@lp/shared/rules';
import { FileAnswer } from '@lp/shared/contract';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { authOf } from '../../plugins/app/auth.ts';
import { requesterStillAllowed } from '../../reports/index.ts';
import { reportKey } from '../../reports/files.ts';
import { findDownloadableReport } from '../../repositories/reports.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** newToken(): 32 random bytes, base64url */
const TokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) });

/**
 * GET /api/files/reports/{token}/ — the link e-mailed and notified when a report is ready.
 * The token is the credential (so the link works from the e-mail): 256 random bits, stored
 * hashed, bound to the requester and client, valid 7 days, and only while the requester may
 * still have the report. A signed-in caller other than the requester is refused.
 */
const reportFiles: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/files/reports/:token/', {
    schema: { params: TokenParams, response: { 200: FileAnswer } },
    // a session sent along (the admin fetching the link) must be the requester's
    config: { access: 'optional' },
  }, async (request, reply) => {
    const report = await findDownloadableReport(app.db, request.params.token);
    if (!report) throw notFound();
    if (request.auth && authOf(request).user.id !== report.user_id) {
      throw new HttpError(403, 'permission_denied', 'This report belongs to another user');
    }
    if (!(await requesterStillAllowed(app.db, report))) throw notFound();
    const key = reportKey(report.file_name!);
    const opened = key ? await app.storage.open(key, {}) : null;
    if (!opened?.body) throw notFound();
    const day = toApiDate(report.created_at);
    return reply
      .header('Content-Type', XLSX)
      .header('Content-Disposition', `attachment; filename="${report.report}-report-${day}.xlsx"`)
      .header('Content-Length', opened.headers['content-length'])
      .header('Cache-Control', 'private, no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Content-Type-Options', 'nosniff')
      .send(opened.body);
  });
};
export default reportFiles;
