import { render } from 'preact';
import { DEFAULT_LOCALE, localeForLanguageId } from '@lp/shared/rules';
import { App } from './app.tsx';
import { isLocale, loadErrorTexts, loadMessages } from './lib/i18n.ts';
import { getSession } from './lib/session.ts';
import './styles.css';

const session = getSession();
const locale = isLocale(session.locale)
  ? session.locale
  : session.user ? localeForLanguageId(session.user.id_user_language_selected) : DEFAULT_LOCALE;

// the chosen language's messages are fetched before the first paint, so nothing flashes in pt-br
void loadMessages(locale)
  .catch(() => undefined)
  .then(() => {
    document.documentElement.lang = locale;
    render(<App locale={locale} />, document.getElementById('app')!);
    // the API's error texts beyond the first load's few (lib/messageNamespaces.ts EAGER_ERRORS)
    void loadErrorTexts().catch(() => undefined);
  });

// the service worker (src/sw.ts: the app shell and downloaded trainings offline) installs once the
// page has loaded, so it never competes with the first load; module events an earlier page could
// not send (offline) are sent then too (lib/offline/progress-outbox.ts, loaded only when some wait)
window.addEventListener('load', () => {
  setTimeout(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    const userId = session.user?.id;
    if (userId !== undefined && localStorage.getItem(`lp-progress-outbox-u${userId}`) !== null) {
      void import('./lib/offline/progress-outbox.ts').then((outbox) => outbox.resumeProgressOutbox());
    }
  }, 2000);
}, { once: true });
