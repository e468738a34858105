/**
 * The overview dashboard's period (spec 1 §2.3 "Overview dashboard (control panel)", title slug
 * `overview`): whole UTC days, both ends included. The server answers for it and the admin's
 * period picker offers its presets; both read the same rules.
 */
import { addDays, daysBetween, parseApiDate } from './dates/index.ts';

/** The period shown when none is asked for: the last 30 days, today included. */
export const OVERVIEW_DEFAULT_DAYS = 30;

/** At most a year and a day: the daily chart keeps one point per day. */
export const OVERVIEW_MAX_DAYS = 366;

/** "Certificates expiring" looks this many days ahead of now, whatever the period. */
export const OVERVIEW_EXPIRING_DAYS = 30;

/**
 * The users list's "certificate expiring within N days" filter, the drill-down of "certificates
 * expiring": the windows its picker offers, and the largest it takes.
 */
export const CERTIFICATE_EXPIRY_WINDOWS = [OVERVIEW_EXPIRING_DAYS, 60, 90] as const;
export const CERTIFICATE_EXPIRY_WINDOW_MAX_DAYS = 366;

/** How many trainings the "top" and "bottom" lists show each. */
export const OVERVIEW_RANKED_TRAININGS = 5;

/** The presets of the admin's period picker, in days ending today. */
export const OVERVIEW_PRESETS = [7, 30, 90, 365] as const;

export interface OverviewPeriod {
  /** YYYY-MM-DD, first day included */
  from: string;
  /** YYYY-MM-DD, last day included */
  to: string;
}

export type OverviewPeriodError = 'validation_error' | 'overview_period_too_long';

/** The `days` days that end on `today` (a YYYY-MM-DD day). */
export function lastDays(today: string, days: number): OverviewPeriod {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * The asked period, or the default one: both days or neither, real days, `from` not after `to`,
 * at most OVERVIEW_MAX_DAYS days.
 */
export function resolveOverviewPeriod(from: string | undefined, to: string | undefined, today: string): OverviewPeriod | OverviewPeriodError {
  if (from === undefined && to === undefined) return lastDays(today, OVERVIEW_DEFAULT_DAYS);
  if (from === undefined || to === undefined || !parseApiDate(from) || !parseApiDate(to)) return 'validation_error';
  const days = daysBetween(from, to);
  if (days < 0) return 'validation_error';
  return days + 1 > OVERVIEW_MAX_DAYS ? 'overview_period_too_long' : { from, to };
}

/** Every day of the period, in order (the daily chart's axis). */
export function periodDays(period: OverviewPeriod): string[] {
  const count = daysBetween(period.from, period.to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(period.from, i));
}

/** Share of `part` in `whole` as a percent with one decimal; null when there is no whole. */
export function ratePercent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

/**
 * The BI panel's people filters (spec 1 §6.2 reports_panel), by query name: a figure counts the
 * people who are in any of the chosen rows of each filter given (areas of the user in the client,
 * the user's profile there, user groups, the user's branch, the headquarters of that branch).
 */
export const PANEL_FILTERS = ['areas', 'profiles', 'groups', 'branches', 'headquarters'] as const;
export type PanelFilterName = (typeof PANEL_FILTERS)[number];
export type PanelFilters = Partial<Record<PanelFilterName, readonly number[]>>;

/** The most ids one filter takes (the query's pattern says the same). */
export const PANEL_FILTER_MAX_IDS = 100;

/** The filters of a panel query (`areas=1,2`…); empty or missing ones are left out. */
export function parsePanelFilters(query: Partial<Record<PanelFilterName, string | undefined>>): PanelFilters {
  const filters: PanelFilters = {};
  for (const name of PANEL_FILTERS) {
    const ids = [...new Set((query[name] ?? '').split(',').filter((id) => id !== '').map(Number))];
    if (ids.length > 0) filters[name] = ids;
  }
  return filters;
}

/** The query of a period and filters, as the panel's route reads it (the admin sends this). */
export function panelQuery(period: OverviewPeriod, filters: PanelFilters): string {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  for (const name of PANEL_FILTERS) {
    const ids = filters[name];
    if (ids && ids.length > 0) query.set(name, ids.join(','));
  }
  return query.toString();
}
