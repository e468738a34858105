import { useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter-preact';
import { api, userKeys } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { useSessionUser } from '../../hooks/use-session-user.ts';

/**
 * spec 1 §2.3 "administrative view": while an administrator is logged in as this learner,
 * every page says so and offers to end it (which ends that session).
 */
export function AdministrativeViewBanner() {
  const { t } = useI18n();
  const { data: user } = useSessionUser();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [ending, setEnding] = useState(false);
  const view = user?.administrative_view;
  if (!user || !view) return null;

  async function end() {
    setEnding(true);
    await api.logout();
    await mutate(userKeys, undefined, { revalidate: false });
    navigate('/', { replace: true });
  }

  return (
    <div class="admin-view-banner" role="status">
      <span>{t('portal.admin_view.banner', { name: user.full_name, by: view.by_name })}</span>
      <button type="button" onClick={() => void end()} disabled={ending}>{t('portal.admin_view.end')}</button>
    </div>
  );
}
