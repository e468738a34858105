import { Link } from 'wouter-preact';
import { useI18n } from '../../lib/i18n.ts';
import { useNoticeCount } from '../../hooks/use-notifications.ts';
import './notifications-bell.css';

/** The header's bell (spec 1 §4.3): a link to the notifications page, its name saying how many are unread. */
export function NotificationsBell({ current }: { current: boolean }) {
  const { t } = useI18n();
  const { data } = useNoticeCount();
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? t('portal.nav.notifications_unread', { count: unread }) : t('portal.nav.notifications');
  return (
    <Link href="/notifications" class="notifications-bell" aria-label={label} title={label} aria-current={current ? 'page' : undefined}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-5-1.6-1.6V10.5a5.4 5.4 0 0 0-4.2-5.3V4.5a1.2 1.2 0 0 0-2.4 0v.7a5.4 5.4 0 0 0-4.2 5.3v4.9L5 17v1h14Z" />
      </svg>
      {unread > 0 && <span class="notifications-bell-count" aria-hidden="true">{unread > 99 ? '99+' : unread}</span>}
    </Link>
  );
}
