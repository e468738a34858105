import { lazy, Suspense } from 'preact/compat';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import { useWelcomeBanner } from '../../hooks/use-welcome-banner.ts';

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
  if (!user || user.user_change_password || !banner) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeBannerDialog key={banner.id} banner={banner} />
    </Suspense>
  );
}
