import { createPortal } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter-preact';
import { BANNER_IMAGE_ASPECTS } from '@lp/shared/rules';
import { BANNER_PATHS, type LearnerWelcomeBanner } from '@lp/shared/contract';
import { api, errorCode, userKeys } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { WELCOME_BANNER_KEY } from '../../hooks/use-welcome-banner.ts';
import { Message } from '../message/index.tsx';
import './welcome-banner.css';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The welcome banner as a modal: the page behind is inert; confirming records it on the server;
 * with user_logout the learner may decline instead, which ends the session and returns to login.
 */
export default function WelcomeBannerDialog({ banner }: { banner: LearnerWelcomeBanner }) {
  const { t } = useI18n();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const titleId = `welcome-banner-title-${banner.id}`;

  useEffect(() => {
    const app = document.querySelector('.app');
    const previous = document.activeElement as HTMLElement | null;
    app?.setAttribute('inert', '');
    confirmButton.current?.focus();
    return () => {
      app?.removeAttribute('inert');
      previous?.focus?.();
    };
  }, []);

  // keyboard focus stays inside the dialog
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await api.json(BANNER_PATHS.learnerWelcomeConfirm(banner.id), { method: 'POST' });
      await mutate(WELCOME_BANNER_KEY);
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
      setBusy(false);
    }
  }

  async function decline() {
    setBusy(true);
    setError(null);
    try {
      await api.json(BANNER_PATHS.learnerWelcomeDecline(banner.id), { method: 'POST' });
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
      setBusy(false);
      return;
    }
    // spec 3 §3 user_logout: declining logs the learner out
    await api.logout();
    await mutate(userKeys, undefined, { revalidate: false });
    navigate('/', { replace: true });
  }

  const aspects = BANNER_IMAGE_ASPECTS.welcome;
  return createPortal(
    <div class="welcome-banner-backdrop">
      <div ref={dialog} class="welcome-banner" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <picture class="welcome-banner-picture" style={{ '--banner-desktop': String(aspects.desktop), '--banner-mobile': String(aspects.mobile) }}>
          <source media="(max-width: 40rem)" srcset={banner.mobile_image} />
          <img src={banner.desktop_image} alt="" />
        </picture>
        <div class="welcome-banner-body">
          <h2 id={titleId}>{banner.title}</h2>
          {banner.welcome_banner_type === 'image_and_text' && banner.text && (
            <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(banner.text) }} />
          )}
          {error && <Message kind="error">{error}</Message>}
          <div class="welcome-banner-actions">
            <button ref={confirmButton} type="button" onClick={() => void confirm()} disabled={busy}>
              {t(banner.just_confirm ? 'portal.welcome_banner.confirm' : 'portal.welcome_banner.close')}
            </button>
            {banner.user_logout && (
              <button type="button" class="button-secondary" onClick={() => void decline()} disabled={busy}>
                {t('portal.welcome_banner.decline')}
              </button>
            )}
          </div>
          {banner.user_logout && <p class="note">{t('portal.welcome_banner.decline_note')}</p>}
        </div>
      </div>
    </div>,
    document.body,
  );
}
