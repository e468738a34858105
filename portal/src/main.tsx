import { render } from 'preact';
import { DEFAULT_LOCALE, localeForLanguageId } from '@lp/shared/rules';
import { App } from './app.tsx';
import { isLocale, loadMessages } from './lib/i18n.ts';
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
  });
