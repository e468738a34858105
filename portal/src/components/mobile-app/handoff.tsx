import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../../lib/i18n.ts';
import { appUrl, isMobileBrowser } from '../../lib/mobile-app.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { PublicLayout } from '../public-layout/index.tsx';

/**
 * spec 1 §2.1 mobile-browser redirect: opens the native app (APP_SCHEME) with this URL's
 * parameters. Without a configured scheme, or in the app itself, the page goes on at once; with one, the
 * person may still go on in the browser (an app that is not installed cannot answer).
 */
export default function MobileHandoff({ origin, path, search, onWeb }: { origin: string; path: string; search: string; onWeb: () => void }) {
  const { t } = useI18n();
  const { data: params, error } = useLoginParams();
  // the native app's own web view (its APP_USER_AGENT marker) stays on the page
  const app = params?.mobile_app;
  const scheme = app?.scheme && isMobileBrowser(app.user_agent) ? app.scheme : null;
  const target = scheme ? appUrl(scheme, path, search, origin) : null;

  const opened = useRef(false);
  useEffect(() => {
    if (error || (params && !target)) onWeb();
    else if (target && !opened.current) {
      opened.current = true;
      window.location.assign(target);
    }
  }, [params, error, target, onWeb]);

  if (!target) return null;
  return (
    <PublicLayout aside={<h1>{t('portal.access.mobile_app.opening')}</h1>}>
      <p>{t('portal.access.mobile_app.opening_text')}</p>
      <p class="links"><a class="button" href={target}>{t('portal.access.mobile_app.open')}</a></p>
      <p class="links"><button type="button" class="button-secondary" onClick={onWeb}>{t('portal.access.mobile_app.continue_web')}</button></p>
    </PublicLayout>
  );
}
