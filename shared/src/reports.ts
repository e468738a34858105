/**
 * Report buttons (spec 1 §3.1, §4.4, §6.1, §9): one last-request timestamp per report, and
 * the button stays disabled for 5 minutes after it — superusers are exempt. The server refuses
 * with `report_cooldown` by the same rule the admin uses to disable the button.
 */
import { toInstant } from './dates/index.ts';

/** spec 1 §3.1: the report buttons that keep a last-request timestamp in the session. */
export const REPORT_KEYS = [
  'courses', 'appointments', 'trails', 'webcasts', 'podcasts', 'users', 'libraries', 'live_classes', 'mailing',
  // not in spec 1 §3.1's list: the survey answers export (issue 20) counts down like every report button
  'surveys',
  // not in spec 1 §3.1's list either: the field-sales results export (issue 19 "Results")
  'field_tasks',
  // not in spec 1 §3.1's list either: the reward campaigns' sales, points and orders (issue 18 item 9)
  'reward_sales', 'reward_points', 'reward_orders',
  // nor these: the drills and general tests results (issue 20 item 4, spec 3 §2 "with results")
  'drills', 'general_tests',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

export function isReportKey(value: string): value is ReportKey {
  return (REPORT_KEYS as readonly string[]).includes(value);
}

/** spec 1 §4.4 / §9: "disabled for 5 minutes after the last request". */
export const REPORT_COOLDOWN_MS = 5 * 60 * 1000;

/** How long an e-mailed report link keeps working. */
export const REPORT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Session `last_report_requests`: every report key, null when never requested. */
export type ReportRequestTimes = Record<ReportKey, string | null>;

export function emptyReportRequestTimes(): ReportRequestTimes {
  return Object.fromEntries(REPORT_KEYS.map((key) => [key, null])) as ReportRequestTimes;
}

const time = (value: Date | string | number): number => (typeof value === 'number' ? value : toInstant(value)?.getTime() ?? Number.NaN);

/**
 * Milliseconds until the report may be requested again; 0 when it may be now.
 * A timestamp in the future (another machine's clock) counts as "just now", never longer.
 */
export function reportCooldownRemainingMs(
  lastRequestedAt: Date | string | null | undefined,
  now: Date | number,
  isSuperuser: boolean,
): number {
  if (isSuperuser || lastRequestedAt == null) return 0;
  const last = time(lastRequestedAt);
  if (Number.isNaN(last)) return 0;
  const elapsed = Math.max(0, time(now) - last);
  return Math.max(0, REPORT_COOLDOWN_MS - elapsed);
}

/** "m:ss" for a countdown tooltip. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
