/** spec 1 §3.2 / §9: languages, ids as the date rule reads them (1 and 3 are DD/MM/YYYY). */
export const LANGUAGES = [
  { id: 1, code: 'pt-br', name: 'Português' },
  { id: 2, code: 'en-us', name: 'English' },
  { id: 3, code: 'es-es', name: 'Español' },
  { id: 4, code: 'fr-fr', name: 'Français' },
] as const;

export type LocaleCode = 'pt-br' | 'en' | 'es' | 'fr';
export const LOCALES: readonly LocaleCode[] = ['pt-br', 'en', 'es', 'fr'];
export const DEFAULT_LOCALE: LocaleCode = 'pt-br';

const BY_ID: Record<number, LocaleCode> = { 1: 'pt-br', 2: 'en', 3: 'es', 4: 'fr' };

export function localeForLanguageId(id: number | null | undefined): LocaleCode {
  return (id != null && BY_ID[id]) || DEFAULT_LOCALE;
}

export function languageIdForLocale(locale: LocaleCode): number {
  return Number(Object.entries(BY_ID).find(([, code]) => code === locale)?.[0] ?? 1);
}

/** Local storage key of the persisted session (spec 1 §3.1, §9). */
export const PRODUCT_KEY = 'learning';
export const SESSION_STORAGE_KEY = `${PRODUCT_KEY}-v3`;
