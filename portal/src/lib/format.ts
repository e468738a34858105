import { formatDate, languageIdForLocale } from '@lp/shared';
import { useI18n } from './i18n.ts';

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Etc/GMT';

export interface DateFormat {
  /** a calendar day sent as YYYY-MM-DD (no zone: shown as it is) */
  day(value: string): string;
  /** an instant (YYYY-MM-DDTHH:mm:ssZ), shown in the user's timezone */
  instant(value: string): string;
}

/** spec 1 §9: DD/MM/YYYY for languages 1 and 3, MM-DD-YYYY otherwise, in the interface's language. */
export function useDateFormat(): DateFormat {
  const { locale } = useI18n();
  const languageId = languageIdForLocale(locale);
  const day = (value: string) => formatDate(`${value.slice(0, 10)}T00:00:00Z`, languageId, 'Etc/GMT');
  return {
    day,
    // a bare day sent where an instant was expected is still that day, in every timezone
    instant: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? day(value) : formatDate(value, languageId, browserZone())),
  };
}

/** Workload in hours as the language writes numbers (1.5 → "1,5" in pt-br). */
export function formatHours(hours: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'pt-br' ? 'pt-BR' : locale, { maximumFractionDigits: 1 }).format(hours);
}
