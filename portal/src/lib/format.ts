import { formatDate, formatDateTime, formatTime, intlLocale, languageIdForLocale, userTimeZone, type DateInput } from '@lp/shared/rules';
import { useI18n } from './i18n.ts';

export interface DateFormat {
  /** a calendar day sent as YYYY-MM-DD (no zone: shown as it is) */
  day(value: DateInput): string;
  /** an instant (YYYY-MM-DDTHH:mm:ssZ): its day in the user's timezone */
  instant(value: DateInput): string;
  /** an instant's day and time, in `zone` (an item's own zone) or the user's timezone */
  dateTime(value: DateInput, options?: { zone?: string | null; seconds?: boolean }): string;
  /** an instant's time of day (HH:mm) in the user's timezone */
  time(value: DateInput): string;
}

/** spec 1 §9: DD/MM/YYYY for languages 1 and 3, MM-DD-YYYY otherwise, in the interface's language; times in the user's timezone. */
export function useDateFormat(): DateFormat {
  const { locale } = useI18n();
  const languageId = languageIdForLocale(locale);
  return {
    day: (value) => formatDate(value, languageId),
    instant: (value) => formatDate(value, languageId, userTimeZone()),
    dateTime: (value, options = {}) => formatDateTime(value, languageId, userTimeZone(options.zone), { seconds: options.seconds }),
    time: (value) => formatTime(value, userTimeZone()),
  };
}

/** Workload in hours as the language writes numbers (1.5 → "1,5" in pt-br). */
export function formatHours(hours: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(hours);
}
