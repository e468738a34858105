import { Type, type Static } from '@sinclair/typebox';
import { USERS_PATH } from './collections.ts';

/**
 * Reports (spec 1 §7 "generated asynchronously and e-mailed when done", §8.4): the request
 * answers 202 and the file arrives by notification and e-mail with a download link.
 */

/** POST /api/admin_users/users/report/ — the users list's own filters (docs/api.md). */
export const USERS_REPORT_PATH = `${USERS_PATH}report/`;

export const UsersReportRequest = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.String({ maxLength: 40 })),
  profile_id: Type.Optional(Type.Integer({ minimum: 1 })),
  area_id: Type.Optional(Type.Integer({ minimum: 1 })),
  group_id: Type.Optional(Type.Integer({ minimum: 1 })),
}, { additionalProperties: false });
export type UsersReportRequest = Static<typeof UsersReportRequest>;

/** spec 1 §8.4 "The report is being processed and once completed it will be sent to your email." */
export const REPORT_PROCESSING = 'report_processing';

export const ReportAccepted = Type.Object({
  detail: Type.Literal(REPORT_PROCESSING),
  /** the report key (spec 1 §3.1 timestamps) */
  report: Type.String(),
  /** the new session timestamp of that report */
  requested_at: Type.String(),
});
export type ReportAccepted = Static<typeof ReportAccepted>;

/** GET /api/files/reports/{token}/ — the e-mailed download link (the token is the credential). */
export const reportDownloadPath = (token: string) => `/files/reports/${token}/`;
