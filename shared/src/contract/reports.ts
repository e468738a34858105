import { Type, type Static } from '@sinclair/typebox';
import { LIBRARIES_PATH, MESSAGES_PATH, PODCASTS_PATH, TRAILS_PATH, TRAININGS_PATH, USERS_PATH, WEBCASTS_PATH } from './collections.ts';

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
  /** the list's "certificate expiring within N days" filter (the overview's drill-down) */
  certificate_expires_within: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
}, { additionalProperties: false });
export type UsersReportRequest = Static<typeof UsersReportRequest>;

/**
 * The report buttons of the content lists (spec 1 §3.1 keys courses, trails, webcasts, podcasts,
 * libraries, mailing; spec 3 §9): each takes its list's filters (docs/api.md "Reports").
 */
export const COURSES_REPORT_PATH = `${TRAININGS_PATH}report/`;
export const TRAILS_REPORT_PATH = `${TRAILS_PATH}report/`;
export const WEBCASTS_REPORT_PATH = `${WEBCASTS_PATH}report/`;
export const PODCASTS_REPORT_PATH = `${PODCASTS_PATH}report/`;
export const LIBRARIES_REPORT_PATH = `${LIBRARIES_PATH}report/`;
export const MAILING_REPORT_PATH = `${MESSAGES_PATH}report/`;

const Search = Type.Optional(Type.String({ maxLength: 200 }));
const ContentStatusFilter = Type.Optional(Type.Integer({ minimum: 1, maximum: 5 }));
const IdFilter = Type.Optional(Type.Integer({ minimum: 1 }));

/** The trainings list's filters (search on the title, status: deleted ones only when asked for). */
export const CoursesReportRequest = Type.Object({ search: Search, status: ContentStatusFilter }, { additionalProperties: false });
export type CoursesReportRequest = Static<typeof CoursesReportRequest>;

/** The trails list's filters, or one trail (spec 2 §2.4 "open a trail report" in its editor). */
export const TrailsReportRequest = Type.Object({
  search: Search, status: ContentStatusFilter, category: IdFilter, trail_id: IdFilter,
}, { additionalProperties: false });
export type TrailsReportRequest = Static<typeof TrailsReportRequest>;

export const WebcastsReportRequest = Type.Object({ search: Search, status: ContentStatusFilter, webcast_type: IdFilter }, { additionalProperties: false });
export type WebcastsReportRequest = Static<typeof WebcastsReportRequest>;

export const PodcastsReportRequest = Type.Object({ search: Search, status: ContentStatusFilter }, { additionalProperties: false });
export type PodcastsReportRequest = Static<typeof PodcastsReportRequest>;

export const LibrariesReportRequest = Type.Object({ search: Search, status: ContentStatusFilter, category: IdFilter }, { additionalProperties: false });
export type LibrariesReportRequest = Static<typeof LibrariesReportRequest>;

/** The messages list's filters (status: scheduled, sending, sent, send_fail). */
export const MailingReportRequest = Type.Object({ search: Search, status: Type.Optional(Type.String({ maxLength: 20 })) }, { additionalProperties: false });
export type MailingReportRequest = Static<typeof MailingReportRequest>;

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
