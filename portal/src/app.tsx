import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { SWRConfig, useSWRConfig } from 'swr';
import { Router, useLocation, type BaseLocationHook } from 'wouter-preact';
import type { LocaleCode } from '@lp/shared/rules';
import { fetcher, shouldRetry, userKeys } from './lib/api.ts';
import { I18nProvider } from './lib/i18n.ts';
import { onSessionLost, storeLocale } from './lib/session.ts';
import { AppRoutes } from './routes.tsx';

/** When the api client cannot refresh the session: forget the user's data and go to login. */
function SessionLostWatcher() {
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  useEffect(() => onSessionLost(() => {
    void mutate(userKeys, undefined, { revalidate: false });
    navigate('/', { replace: true });
  }), [mutate, navigate]);
  return null;
}

export interface ProvidersProps {
  locale?: LocaleCode;
  /** tests ask for a fresh swr cache per render */
  freshCache?: boolean;
  /** tests route through an in-memory location; the browser's by default */
  location?: BaseLocationHook;
  children: ComponentChildren;
}

export function Providers({ locale, freshCache, location, children }: ProvidersProps) {
  return (
    <SWRConfig value={{ fetcher, shouldRetryOnError: shouldRetry, ...(freshCache ? { provider: () => new Map() } : {}) }}>
      <I18nProvider initialLocale={locale} onLocaleChange={storeLocale}>
        <Router {...(location ? { hook: location } : {})}>
          <SessionLostWatcher />
          {children}
        </Router>
      </I18nProvider>
    </SWRConfig>
  );
}

export function App({ locale }: { locale?: LocaleCode }) {
  return (
    <Providers locale={locale}>
      <AppRoutes />
    </Providers>
  );
}
