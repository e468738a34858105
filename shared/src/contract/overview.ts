import { Type, type Static } from '@sinclair/typebox';

/**
 * The overview dashboard (spec 1 §2.3 "Overview dashboard (control panel)", title slug and module
 * item `overview`, §6.2): figures of the selected client over a period of whole UTC days
 * (`@lp/shared/rules` overview.ts), answered by aggregate queries (docs/api.md "Overview") at
 * `OVERVIEW_PATH` (collections.ts).
 */

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** Both days or neither (then the last 30 days). */
export const OverviewQuery = Type.Object({
  from: Type.Optional(Day),
  to: Type.Optional(Day),
});
export type OverviewQuery = Static<typeof OverviewQuery>;

/** Ids of the client's rows, comma-separated (`3,7,12`), at most PANEL_FILTER_MAX_IDS. */
const IdList = Type.String({ pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,99}$' });

/**
 * The BI panel (spec 1 §6.2 reports_panel) asks for the overview's figures of the people in the
 * chosen areas, profiles, user groups, branches and headquarters (`@lp/shared/rules`
 * PANEL_FILTERS): any of the ids within a filter, every filter given.
 */
export const ReportsPanelQuery = Type.Object({
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  areas: Type.Optional(IdList),
  profiles: Type.Optional(IdList),
  groups: Type.Optional(IdList),
  branches: Type.Optional(IdList),
  headquarters: Type.Optional(IdList),
});
export type ReportsPanelQuery = Static<typeof ReportsPanelQuery>;

const Rate = Type.Union([Type.Number(), Type.Null()]);

/** A training ranked by the completion rate of the enrolments started in the period. */
export const OverviewTraining = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  enrollments: Type.Integer(),
  completed: Type.Integer(),
  /** completed of the enrolments started in the period, percent with one decimal */
  completion_rate: Rate,
});
export type OverviewTraining = Static<typeof OverviewTraining>;

export const OverviewWebcast = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  transmission_date: Type.String(),
  subscribers: Type.Integer(),
  /** subscribers or not, who sent a chat message or finished a test of the webcast */
  participants: Type.Integer(),
});
export type OverviewWebcast = Static<typeof OverviewWebcast>;

export const OverviewDay = Type.Object({
  day: Day,
  logins: Type.Integer(),
  enrollments: Type.Integer(),
  completions: Type.Integer(),
});
export type OverviewDay = Static<typeof OverviewDay>;

export const Overview = Type.Object({
  from: Day,
  to: Day,
  learners: Type.Object({
    /** distinct users of the client who logged in, or whose training enrolment saw activity, in the period */
    active: Type.Integer(),
    /** sessions opened by users of the client (administrative views not counted) */
    logins: Type.Integer(),
  }),
  enrollments: Type.Object({
    /** enrolments in the client's trainings started in the period */
    started: Type.Integer(),
    /** of those, finished by now */
    started_completed: Type.Integer(),
    completion_rate: Rate,
    /** enrolments finished in the period, whenever they started */
    completions: Type.Integer(),
  }),
  certificates: Type.Object({
    issued: Type.Integer(),
    /** current certificates that expire in the next OVERVIEW_EXPIRING_DAYS days, from now */
    expiring: Type.Integer(),
  }),
  tests: Type.Object({
    /** finished attempts of the client's training tests in the period */
    attempts: Type.Integer(),
    /** their mean score (0–100), null without attempts */
    average_score: Rate,
  }),
  trainings: Type.Object({
    top: Type.Array(OverviewTraining),
    bottom: Type.Array(OverviewTraining),
  }),
  webcasts: Type.Object({
    /** webcasts transmitted in the period */
    count: Type.Integer(),
    subscribers: Type.Integer(),
    participants: Type.Integer(),
    /** the period's webcasts, latest transmission first (at most 10) */
    items: Type.Array(OverviewWebcast),
  }),
  pending: Type.Object({
    /** users of the client awaiting validation (spec 1 §4.1) */
    users: Type.Integer(),
  }),
  in_progress: Type.Object({
    /** imports of the client not finished yet: awaiting, processing or validated (spec 1 §4.3) */
    imports: Type.Integer(),
    /** reports of the client being built */
    reports: Type.Integer(),
  }),
  daily: Type.Array(OverviewDay),
});
export type Overview = Static<typeof Overview>;
