import { FunctionField, useLocaleState } from 'react-admin';
import { formatDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';

/** spec 1 §9: DD/MM/YYYY for pt-br and es, MM-DD-YYYY otherwise. */
export function CreatedAtField({ source = 'created_at' }: { source?: string; label?: string }) {
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return (
    <FunctionField<Record<string, unknown>>
      source={source}
      render={(record) => {
        const value = record[source];
        return typeof value === 'string' && value ? formatDate(value, languageId) : '';
      }}
    />
  );
}
