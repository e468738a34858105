import { lazy, Suspense } from 'preact/compat';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import { useWelcomeBanner } from '../../hooks/use-welcome-banner.ts';
import { needsGate } from '../session-gates/index.tsx';

// the dialog (and DOMPurify for its text) loads only when there is a banner to show
const WelcomeBannerDialog = lazy(() => import('./dialog.tsx'));

/**
 * spec 3 §3 welcome banner: after login, the banner of the user's audience shows as a modal
 * until confirmed (once for good with just_confirm; once per login otherwise). A user who must
 * change the default password does that first.
 */
export function WelcomeBannerGate() {
  const { data: user } = useSessionUser();
  const { data } = useWelcomeBanner();
  const banner = data?.banner;
  // after every session gate (terms, new password, registration): never over a gate's form
  if (!user || needsGate(user) || !banner) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeBannerDialog key={banner.id} banner={banner} />
    </Suspense>
  );
}
