import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { ptBR, type Localization } from '@mui/material/locale';
import { useLocaleState } from 'react-admin';
import type { LocaleCode } from '@lp/shared/rules';

/**
 * MUI's own component texts (Autocomplete's "No options", "Open", "Clear", pagination's labels…)
 * in the panel's language: react-admin translates its own messages but leaves MUI's in English.
 * pt-br (the default) is bundled; the others arrive with the language, as the app's texts do.
 */
const loaders: Record<Exclude<LocaleCode, 'pt-br'>, () => Promise<Localization>> = {
  en: async () => (await import('./muiLocales/en.ts')).default,
  es: async () => (await import('./muiLocales/es.ts')).default,
  fr: async () => (await import('./muiLocales/fr.ts')).default,
};

export function MuiLocale({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const outer = useTheme();
  const [loaded, setLoaded] = useState<{ locale: string; texts: Localization } | null>(null);
  useEffect(() => {
    if (locale === 'pt-br' || !(locale in loaders)) return;
    let live = true;
    void loaders[locale as keyof typeof loaders]().then((texts) => { if (live) setLoaded({ locale, texts }); });
    return () => { live = false; };
  }, [locale]);
  const texts = locale === 'pt-br' ? ptBR : loaded?.locale === locale ? loaded.texts : null;
  const theme = useMemo(() => (texts ? createTheme(outer, texts) : outer), [outer, texts]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
