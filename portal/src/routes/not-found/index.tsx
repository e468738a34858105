import { Link } from 'wouter-preact';
import { useI18n } from '../../lib/i18n.ts';
import { isSignedIn } from '../../lib/session.ts';

/** spec 1 §2.1: any other path. */
export default function NotFound() {
  const { t } = useI18n();
  return (
    <main class="not-found" id="main">
      <h1>{t('portal.not_found.title')}</h1>
      <p>{t('portal.not_found.text')}</p>
      <Link href={isSignedIn() ? '/home' : '/'}>
        {isSignedIn() ? t('portal.not_found.home') : t('portal.not_found.login')}
      </Link>
    </main>
  );
}
