import type { ReportKey } from '@lp/shared/rules';
import type { ReportDeclaration } from './definition.ts';
import { appointmentsReport } from './appointments.ts';
import { coursesReport } from './courses.ts';
import { drillsReport } from './drills.ts';
import { fieldTasksReport } from './fieldTasks.ts';
import { generalTestsReport } from './generalTests.ts';
import { librariesReport } from './libraries.ts';
import { liveClassesReport } from './liveClasses.ts';
import { mailingReport } from './mailing.ts';
import { podcastsReport } from './podcasts.ts';
import { rewardOrdersReport, rewardPointsReport, rewardSalesReport } from './rewards.ts';
import { surveysReport } from './surveys.ts';
import { trailsReport } from './trails.ts';
import { usersReport } from './users.ts';
import { webcastsReport } from './webcasts.ts';

/**
 * Every report button's report (spec 1 §3.1 keys; spec 3 §4 "Reports in these modules"). A
 * module adds its report with one declaration (definition.ts) and one line here.
 */
export const REPORTS: readonly ReportDeclaration[] = [
  usersReport, liveClassesReport, coursesReport, trailsReport, webcastsReport, podcastsReport, librariesReport, mailingReport, surveysReport,
  drillsReport, generalTestsReport, fieldTasksReport, appointmentsReport,
  rewardSalesReport, rewardPointsReport, rewardOrdersReport,
];

const BY_KEY = new Map<ReportKey, ReportDeclaration>(REPORTS.map((r) => [r.key, r]));

export function reportOf(key: ReportKey): ReportDeclaration | undefined {
  return BY_KEY.get(key);
}
