import { Link } from 'wouter-preact';
import { useI18n } from '../../lib/i18n.ts';
import { useUnreadMessages } from '../../hooks/use-messages.ts';
import './messages-link.css';

/** The header's link to the messages (spec 3 §2 'messages'), with how many are unread. */
export function MessagesLink({ current, label }: { current: boolean; label?: string }) {
  const { t } = useI18n();
  const { data } = useUnreadMessages();
  const unread = data?.unread ?? 0;
  return (
    <Link href="/messages" aria-current={current ? 'page' : undefined} class="messages-link">
      {label ?? t('portal.nav.messages')}
      {unread > 0 && (
        <span class="unread-badge" aria-label={t('portal.messages.unread_count', { count: unread })}>{unread > 99 ? '99+' : unread}</span>
      )}
    </Link>
  );
}
