/** A YYYY-MM-DD day as the chart's axis shows it: day and month in the admin's language (UTC, as the server counts days). */
export function formatShortDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(year!, month! - 1, date!)));
}
