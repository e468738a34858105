import type { Overview } from '@lp/shared/contract';
import type { CsvCell } from '@lp/shared/rules';

/** A YYYY-MM-DD day as the chart's axis shows it: day and month in the admin's language (UTC, as the server counts days). */
export function formatShortDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(year!, month! - 1, date!)));
}

/**
 * A chart's data as a table: a header per column and one row per point. Each chart draws its
 * series from its table's columns, and the BI panel exports that same table (spec 1 §6.2
 * reports_panel "export of each chart's data"): what is downloaded is what is drawn.
 */
export interface ChartTable {
  columns: string[];
  rows: CsvCell[][];
}

type Translate = (key: string) => string;
const O = 'admin.overview';

/** Logins, enrolments and completions per day of the period: [day, logins, enrolments, completions]. */
export function dailyTable(data: Overview, translate: Translate): ChartTable {
  return {
    columns: [translate(`${O}.day`), translate(`${O}.logins`), translate(`${O}.enrollments`), translate(`${O}.completions`)],
    rows: data.daily.map((d) => [d.day, d.logins, d.enrollments, d.completions]),
  };
}

/**
 * The top trainings, then the bottom ones from the least bad, as the bar chart stacks them:
 * [training, enrolments, completed, completion rate %].
 */
export function trainingsTable(data: Overview, translate: Translate): ChartTable {
  const ranked = [...data.trainings.top, ...[...data.trainings.bottom].reverse()];
  return {
    columns: [translate(`${O}.training`), translate(`${O}.enrollments`), translate(`${O}.completed`), translate(`${O}.completion_rate`)],
    rows: ranked.map((t) => [t.title, t.enrollments, t.completed, t.completion_rate]),
  };
}

/** The period's webcasts, latest first: [webcast, transmission (ISO-8601 UTC), subscribers, participants]. */
export function webcastsTable(data: Overview, translate: Translate): ChartTable {
  return {
    columns: [translate(`${O}.webcast`), translate(`${O}.transmission_date`), translate(`${O}.subscribers`), translate(`${O}.participants`)],
    rows: data.webcasts.items.map((w) => [w.title, w.transmission_date, w.subscribers, w.participants]),
  };
}

/** One column of a table as numbers (a chart series); an empty cell is 0. */
export function numbersOf(table: ChartTable, column: number): number[] {
  return table.rows.map((row) => Number(row[column] ?? 0));
}

/** One column of a table as texts (a chart axis). */
export function textsOf(table: ChartTable, column: number): string[] {
  return table.rows.map((row) => String(row[column] ?? ''));
}
