import { FunctionField, useLocaleState } from 'react-admin';
import { formatDate, formatDateTime, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';

/**
 * spec 1 §9: DD/MM/YYYY for pt-br and es, MM-DD-YYYY otherwise; with `showTime`, the time too, in
 * the user's timezone.
 */
export function CreatedAtField({ source = 'created_at', showTime = false }: { source?: string; label?: string; showTime?: boolean }) {
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return (
    <FunctionField<Record<string, unknown>>
      source={source}
      render={(record) => {
        const value = record[source];
        if (typeof value !== 'string' || !value) return '';
        return showTime ? formatDateTime(value, languageId, userTimeZone(), { seconds: true }) : formatDate(value, languageId);
      }}
    />
  );
}
