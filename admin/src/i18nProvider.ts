import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '@lp/shared/rules';
import { readSession, updateSession } from '@lp/shared/client';
import raPtBr from '../../locales/ra/pt-br.json';
// the top-level parts the admin shows, by name so the bundle leaves out the rest of the file: the
// learner portal's texts (`portal`, ~14 KB gzip) and the server's (e-mails, PDFs, reports, public pages)
import {
  admin, certificates, comments, common, errors, imports, live_classes, lookups, notifications, reports, resources, trainings, webcasts,
} from '../../locales/pt-br.json';

/** Top-level parts of locales/*.json the admin never shows (i18nProvider.test.ts keeps this list honest). */
export const NOT_ADMIN_TEXTS = ['portal', 'mail', 'presential_print', 'presential_appointments', 'public_pages'] as const;
const appPtBr = { admin, certificates, comments, common, errors, imports, live_classes, lookups, notifications, reports, resources, trainings, webcasts };

interface RaMessages {
  ra: { message: Record<string, unknown> } & Record<string, unknown>;
}
interface AppMessages {
  errors?: Record<string, string>;
}

/** react-admin's messages + our keys (`admin.*`, `resources.*`, `errors.*`). */
function merge(ra: RaMessages, app: AppMessages): TranslationMessages {
  // spec 1 §8.5: any form validation failure says make_sure_that_all_fields_are_filled_in
  const invalidForm = app.errors?.make_sure_that_all_fields_are_filled_in ?? ra.ra.message.invalid_form;
  return {
    ...app,
    ra: { ...ra.ra, message: { ...ra.ra.message, invalid_form: invalidForm } },
  } as unknown as TranslationMessages;
}

export const ptBrMessages = merge(raPtBr, appPtBr);

// pt-br is eager (default); the others load on demand
const loaders: Record<Exclude<LocaleCode, 'pt-br'>, () => Promise<TranslationMessages>> = {
  en: async () => {
    const [ra, app] = await Promise.all([import('ra-language-english'), import('../../locales/en.json')]);
    return merge(ra.default, app.default);
  },
  es: async () => {
    const [ra, app] = await Promise.all([import('../../locales/ra/es.json'), import('../../locales/es.json')]);
    return merge(ra.default, app.default);
  },
  fr: async () => {
    const [ra, app] = await Promise.all([import('ra-language-french'), import('../../locales/fr.json')]);
    return merge(ra.default, app.default);
  },
};

export const LOCALE_OPTIONS: { locale: LocaleCode; name: string }[] = [
  { locale: 'pt-br', name: 'Português' },
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
  { locale: 'fr', name: 'Français' },
];

const isLocale = (value: string | null | undefined): value is LocaleCode =>
  !!value && (LOCALES as readonly string[]).includes(value);

/** The language chosen before (shared session with the portal); null for the default. */
export function preferredLocale(storage: Storage): LocaleCode | null {
  const saved = readSession(storage).locale;
  return isLocale(saved) ? saved : null;
}

export function createI18nProvider(storage: Storage) {
  // polyglot needs the default locale's messages synchronously; the chosen one is applied
  // through react-admin's store (see main.tsx)
  const base = polyglotI18nProvider(
    (locale: string) => (isLocale(locale) && locale !== 'pt-br' ? loaders[locale]() : ptBrMessages),
    DEFAULT_LOCALE,
    LOCALE_OPTIONS,
    { allowMissing: true },
  );
  return {
    ...base,
    changeLocale: async (locale: string, options?: unknown) => {
      await base.changeLocale(locale, options);
      // the portal on the same origin reads the same choice
      if (isLocale(locale)) updateSession(storage, { locale });
    },
  };
}

export const i18nProvider = createI18nProvider(window.localStorage);
