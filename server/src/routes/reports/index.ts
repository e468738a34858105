import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_RESOURCES, ApiErrorSchema, LIVE_CLASS_PATHS, LiveClassReportRequest, REPORT_PROCESSING, ReportAccepted, USERS_REPORT_PATH, UsersReportRequest,
} from '@lp/shared/contract';
import type { ReportKey } from '@lp/shared/rules';
import { HttpError, RateLimited } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { REPORT_JOB, REPORT_JOB_ATTEMPTS, mayHaveReport } from '../../reports/index.ts';
import { claimReportRequest, createReport, releaseReportRequest } from '../../repositories/reports.ts';
import { titleAccess } from '../../lib/access.ts';

/**
 * spec 1 §2.3 report buttons, §4.4 cooldown, §8.4 "The report is being processed and once
 * completed it will be sent to your email.": the request is accepted (202) and a job builds the
 * file, then notifies and e-mails the link (reports/index.ts).
 */
const reports: FastifyPluginAsyncTypebox = async (app) => {

  async function requestReport(request: FastifyRequest, reply: FastifyReply, report: ReportKey, params: object) {
    const { user, subject } = authOf(request);
    const clientId = clientOf(request);
    if (!mayHaveReport(subject, report)) throw new HttpError(403, 'permission_denied', 'You do not have permission for this page');
    const key = { userId: user.id, clientId, report };
    const claim = await claimReportRequest(app.db, key, user.is_superuser);
    if (!claim.ok) throw new RateLimited('report_cooldown', 'This report was requested less than 5 minutes ago', Math.ceil(claim.remainingMs / 1000));
    try {
      const reportId = await createReport(app.db, { userId: user.id, clientId, report, params, languageId: user.language_id });
      await app.jobs.enqueue(REPORT_JOB, { reportId }, { dedupeKey: `report:${reportId}`, maxAttempts: REPORT_JOB_ATTEMPTS });
    } catch (error) {
      await releaseReportRequest(app.db, key, claim);
      throw error;
    }
    return reply.status(202).send({ detail: REPORT_PROCESSING, report, requested_at: claim.requestedAt.toISOString() });
  }

  // the users screen's title (spec 1 §2.3) and, in requestReport, its report permissions
  app.post(USERS_REPORT_PATH, {
    // a call without a body asks for the report without filters
    config: { access: titleAccess(ADMIN_RESOURCES.users.title) },
    preValidation: async (request) => { request.body ??= {}; },
    schema: { body: UsersReportRequest, response: { 202: ReportAccepted, 429: ApiErrorSchema } },
  }, async (request, reply) => {
    const { search, status, profile_id, area_id, group_id } = request.body;
    const filters = Object.fromEntries(Object.entries({ search: search?.trim() || undefined, status: status || undefined, profile_id, area_id, group_id })
      .filter(([, v]) => v !== undefined));
    return requestReport(request, reply, 'users', filters);
  });

  // spec 3 §9: the live classes report button, with the list's filters
  app.post(LIVE_CLASS_PATHS.report, {
    config: { access: titleAccess(ADMIN_RESOURCES.live_classes.title) },
    preValidation: async (request) => { request.body ??= {}; },
    schema: { body: LiveClassReportRequest, response: { 202: ReportAccepted, 429: ApiErrorSchema } },
  }, async (request, reply) => {
    const { search, status, live_class_type } = request.body;
    const filters = Object.fromEntries(Object.entries({ search: search?.trim() || undefined, status, live_class_type }).filter(([, v]) => v !== undefined));
    return requestReport(request, reply, 'live_classes', filters);
  });
};
export default reports;
