import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorSchema, REPORT_PROCESSING, ReportAccepted } from '@lp/shared/contract';
import { HttpError, RateLimited } from '../../lib/httpError.ts';
import { titleAccess } from '../../lib/access.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { REPORT_JOB, REPORT_JOB_ATTEMPTS, mayHaveReport } from '../../reports/index.ts';
import { REPORTS } from '../../reports/catalogue.ts';
import { normalizeReportParams } from '../../reports/definition.ts';
import { claimReportRequest, createReport, releaseReportRequest } from '../../repositories/reports.ts';

/**
 * spec 1 §2.3 report buttons, §4.4 cooldown, §8.4 "The report is being processed and once
 * completed it will be sent to your email.": one route per declared report (reports/catalogue.ts),
 * opened by its screen's title; the request is accepted (202) and a job builds the file, then
 * notifies and e-mails the link (reports/index.ts).
 */
const reports: FastifyPluginAsyncTypebox = async (app) => {
  for (const report of REPORTS) {
    app.post(report.path, {
      config: { access: titleAccess(report.title) },
      // a call without a body asks for the report without filters
      preValidation: async (request) => { request.body ??= {}; },
      schema: { body: report.body, response: { 202: ReportAccepted, 429: ApiErrorSchema } },
    }, async (request, reply) => {
      const { user, subject } = authOf(request);
      const clientId = clientOf(request);
      if (!mayHaveReport(subject, report.key)) throw new HttpError(403, 'permission_denied', 'You do not have permission for this page');
      const key = { userId: user.id, clientId, report: report.key };
      const claim = await claimReportRequest(app.db, key, user.is_superuser);
      if (!claim.ok) throw new RateLimited('report_cooldown', 'This report was requested less than 5 minutes ago', Math.ceil(claim.remainingMs / 1000));
      try {
        const params = normalizeReportParams(report.body, request.body as object);
        const reportId = await createReport(app.db, { userId: user.id, clientId, report: report.key, params, languageId: user.language_id });
        await app.jobs.enqueue(REPORT_JOB, { reportId }, { dedupeKey: `report:${reportId}`, maxAttempts: REPORT_JOB_ATTEMPTS });
      } catch (error) {
        await releaseReportRequest(app.db, key, claim);
        throw error;
      }
      return reply.status(202).send({ detail: REPORT_PROCESSING, report: report.key, requested_at: claim.requestedAt.toISOString() });
    });
  }
};
export default reports;
