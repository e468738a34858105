import type { ComponentChildren } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { useEffect, useRef } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import { useI18n, withMessages } from '../../lib/i18n.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { AppHeader } from '../app-header/index.tsx';
import { useDocumentTitle } from '../document-title/index.tsx';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import { AdministrativeViewBanner } from '../administrative-view-banner/index.tsx';
import { SessionGates } from '../session-gates/index.tsx';
import { WelcomeBannerGate } from '../welcome-banner/index.tsx';

// spec 1 §2.1 help-desk widget (use_help_desk and the server's HELP_DESK_URL): its own chunk, loaded only then
const HelpDesk = lazy(() => withMessages('access', import('../help-desk/index.tsx')));

/** The authenticated area: small header, then the page (pages load lazily). */
export function AppLayout({ children }: { children: ComponentChildren }) {
  const { t } = useI18n();
  const [location] = useLocation();
  const { data: user } = useSessionUser();
  const { data: params } = useLoginParams();
  useDocumentTitle({ user });
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // spec 1 §2.2: each navigation starts at the top (unless it targets an anchor); the focus moves
  // to the new page's content, so keyboard and screen-reader users do not stay on the old link
  useEffect(() => {
    if (window.location.hash) return;
    document.documentElement.scrollTop = 0;
    if (first.current) first.current = false;
    else main.current?.focus({ preventScroll: true });
  }, [location]);
  return (
    <div class="app">
      <a class="skip-link" href="#main">{t('portal.nav.skip')}</a>
      <AdministrativeViewBanner />
      <AppHeader />
      {/* spec 3 §3: the welcome banner after login, over the page */}
      <WelcomeBannerGate />
      <main class="app-main" id="main" tabIndex={-1} ref={main}>
        <SessionGates>
          <Suspense fallback={<p class="loading">{t('portal.loading')}</p>}>{children}</Suspense>
        </SessionGates>
      </main>
      {params?.use_help_desk && params.help_desk_url && <Suspense fallback={null}><HelpDesk url={params.help_desk_url} /></Suspense>}
    </div>
  );
}
