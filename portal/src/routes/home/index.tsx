import { Link } from 'wouter-preact';
import { formatDate } from '@lp/shared';
import { useI18n } from '../../lib/i18n.ts';
import { useSessionUser } from '../../hooks/use-session-user.ts';

/** A plain welcome for now; the dashboard of spec 1 §2.2 comes with the learning content. */
export default function Home() {
  const { t } = useI18n();
  const { data: user } = useSessionUser();
  if (!user) return <p class="loading">{t('portal.loading')}</p>;
  const today = formatDate(new Date(), user.id_user_language_selected, Intl.DateTimeFormat().resolvedOptions().timeZone);
  const client = user.user_clients.find((c) => c.id === user.id_user_client_selected) ?? user.user_clients[0];
  return (
    <section class="home" aria-labelledby="home-title">
      <h1 id="home-title">{t('portal.home.greeting', { name: user.nick_name || user.full_name })}</h1>
      <p>{t('portal.home.today', { date: today })}</p>
      {client && <p>{t('portal.home.client', { client: client.name })}</p>}
      <ul class="tiles">
        <li>
          <Link href="/profile">
            <strong>{t('portal.home.profile_link')}</strong>
            <span>{t('portal.home.profile_text')}</span>
          </Link>
        </li>
        <li>
          <Link href="/profile#change-password">
            <strong>{t('portal.home.password_link')}</strong>
            <span>{t('portal.home.password_text')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
