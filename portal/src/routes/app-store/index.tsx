import { Link } from 'wouter-preact';
import { useI18n } from '../../lib/i18n.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { PublicLayout } from '../../components/public-layout/index.tsx';

/** spec 1 §2.1 /app-store: the page pointing to the mobile app (its store pages, and the app itself when installed). */
export default function AppStore() {
  const { t } = useI18n();
  const { data: params } = useLoginParams();
  const app = params?.mobile_app;
  const stores = [
    app?.app_store_url && { href: app.app_store_url, label: t('portal.access.mobile_app.app_store') },
    app?.play_store_url && { href: app.play_store_url, label: t('portal.access.mobile_app.play_store') },
  ].filter((store): store is { href: string; label: string } => Boolean(store));
  return (
    <PublicLayout aside={<h1>{t('portal.access.mobile_app.title')}</h1>}>
      <p>{t('portal.access.mobile_app.text')}</p>
      {params && stores.length === 0 && <p class="empty">{t('portal.access.mobile_app.none')}</p>}
      {stores.map((store) => (
        <p key={store.href} class="links"><a class="button" href={store.href} rel="noopener noreferrer">{store.label}</a></p>
      ))}
      {app?.scheme && <p class="links"><a class="button-secondary" href={`${app.scheme}://open`}>{t('portal.access.mobile_app.open')}</a></p>}
      <p class="links"><Link href="/">{t('portal.recover.back_to_login')}</Link></p>
    </PublicLayout>
  );
}
