import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { useI18n } from '../../lib/i18n.ts';

const DISMISSED = 'lp-app-suggestion-dismissed';

/** spec 1 §1 "a suggestion to install the mobile app": on a mobile browser, once per device until dismissed. */
export default function InstallSuggestion() {
  const { t } = useI18n();
  const [hidden, setHidden] = useState(() => localStorage.getItem(DISMISSED) === '1');
  if (hidden) return null;
  return (
    <aside class="app-suggestion" aria-label={t('portal.access.mobile_app.suggestion_label')}>
      <span>{t('portal.access.mobile_app.suggestion')}</span>
      <Link href="/app-store">{t('portal.access.mobile_app.get_app')}</Link>
      <button type="button" class="button-secondary" aria-label={t('portal.access.mobile_app.dismiss')} onClick={() => {
        localStorage.setItem(DISMISSED, '1');
        setHidden(true);
      }}>×</button>
    </aside>
  );
}
