import { Link, useLocation } from 'wouter-preact';
import { useI18n } from '../../lib/i18n.ts';

const TABS = [
  { path: '/profile', key: 'portal.profile.tabs.basic_data' },
  { path: '/profile/certificates', key: 'portal.profile.tabs.certificates' },
  // spec 2 §2.1 "download content for offline use": what this device keeps
  { path: '/profile/downloads', key: 'portal.profile.tabs.downloads' },
] as const;

/** spec 1 §2.2: the profile has one route per tab (profile_basic_data, profile_certificates). */
export function ProfileTabs() {
  const { t } = useI18n();
  const [location] = useLocation();
  return (
    <nav class="tabs" aria-label={t('portal.profile.tabs.label')}>
      {TABS.map((tab) => (
        <Link key={tab.path} href={tab.path} aria-current={location === tab.path ? 'page' : undefined}>{t(tab.key)}</Link>
      ))}
    </nav>
  );
}
