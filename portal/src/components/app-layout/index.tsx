import type { ComponentChildren } from 'preact';
import { Suspense } from 'preact/compat';
import { useEffect } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import { useI18n } from '../../lib/i18n.ts';
import { AppHeader } from '../app-header/index.tsx';
import { AdministrativeViewBanner } from '../administrative-view-banner/index.tsx';
import { PasswordChangeGate } from '../password-change-gate/index.tsx';
import { WelcomeBannerGate } from '../welcome-banner/index.tsx';

/** The authenticated area: small header, then the page (pages load lazily). */
export function AppLayout({ children }: { children: ComponentChildren }) {
  const { t } = useI18n();
  const [location] = useLocation();
  // spec 1 §2.2: each navigation starts at the top (unless it targets an anchor)
  useEffect(() => {
    if (!window.location.hash) document.documentElement.scrollTop = 0;
  }, [location]);
  return (
    <div class="app">
      <AdministrativeViewBanner />
      <AppHeader />
      {/* spec 3 §3: the welcome banner after login, over the page */}
      <WelcomeBannerGate />
      <main class="app-main" id="main">
        <PasswordChangeGate>
          <Suspense fallback={<p class="loading">{t('portal.loading')}</p>}>{children}</Suspense>
        </PasswordChangeGate>
      </main>
    </div>
  );
}
