import { useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { Link } from 'wouter-preact';
import type { Notification, NotificationsPage } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { NOTICE_COUNT_KEY, NOTIFICATIONS_PATH, NOTIFICATIONS_READ_ALL_PATH, notificationReadPath } from '../../hooks/use-notifications.ts';
import { Message } from '../../components/message/index.tsx';
import { noticeTarget, noticeText } from './notice-text.ts';
import './notifications.css';

export const NOTICES_PAGE_SIZE = 20;

/**
 * spec 1 §4.3 on the learner side: the user's notifications, newest first, the unread marked;
 * following one (or "mark as read") records the reading and updates the header's count.
 */
export default function Notifications() {
  const { t } = useI18n();
  const dates = useDateFormat();
  const { mutate } = useSWRConfig();
  const { data: pages, error, size, setSize, mutate: reload } = useSWRInfinite<NotificationsPage>(
    (index, previous: NotificationsPage | null) => (previous && index * NOTICES_PAGE_SIZE >= previous.count
      ? null : `${NOTIFICATIONS_PATH}?page=${index + 1}&page_size=${NOTICES_PAGE_SIZE}`),
    { revalidateFirstPage: false },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const notices = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const unread = pages?.[0]?.unread ?? 0;
  const hasMore = pages !== undefined && pages.length * NOTICES_PAGE_SIZE < count;
  const loadingMore = pages !== undefined && pages.length < size && !error;

  const refresh = () => Promise.all([reload(), mutate(NOTICE_COUNT_KEY)]);

  async function markRead(notice: Notification) {
    if (notice.read_at !== null) return;
    try {
      await send(notificationReadPath(notice.id), 'POST', {});
      setFailure(null);
      await refresh();
    } catch (problem) {
      setFailure(errorText(t, errorCode(problem)));
    }
  }

  async function markAllRead() {
    setBusy(true);
    try {
      await send(NOTIFICATIONS_READ_ALL_PATH, 'POST', {});
      setFailure(null);
      await refresh();
    } catch (problem) {
      setFailure(errorText(t, errorCode(problem)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="notices-page">
      <header class="page-head">
        <h1>{t('portal.notices.title')}</h1>
        {pages && <p class="note">{t('portal.notices.unread_count', { count: unread })}</p>}
        {unread > 0 && (
          <button type="button" class="button-secondary button-small" onClick={() => void markAllRead()} disabled={busy}>
            {t('portal.notices.mark_all_read')}
          </button>
        )}
      </header>
      {failure && <Message kind="error">{failure}</Message>}
      {error && !pages && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!pages && !error && <p class="loading">{t('portal.loading')}</p>}
      {pages && notices.length === 0 && <p class="note">{t('portal.notices.empty')}</p>}
      {notices.length > 0 && (
        <ul class="notice-list">
          {notices.map((notice) => {
            const text = noticeText(notice, t);
            const target = noticeTarget(notice.payload.link);
            const isUnread = notice.read_at === null;
            return (
              <li key={notice.id} class={`notice-item${isUnread ? ' notice-unread' : ''}`}>
                <div class="notice-text">
                  {isUnread && <span class="notice-new">{t('portal.notices.new')}</span>}
                  {target?.kind === 'portal' && (
                    <Link href={target.path} onClick={() => void markRead(notice)}>{text}</Link>
                  )}
                  {target?.kind === 'external' && (
                    // leaving the portal: the reading is recorded before the page goes
                    <a href={target.url} onClick={(event) => {
                      if (!isUnread || event.ctrlKey || event.metaKey || event.shiftKey) return;
                      event.preventDefault();
                      void markRead(notice).then(() => window.location.assign(target.url));
                    }}>{text}</a>
                  )}
                  {target === null && <span>{text}</span>}
                </div>
                <time class="notice-date" dateTime={notice.created_at}>{dates.dateTime(notice.created_at)}</time>
                {isUnread && target === null && (
                  <button type="button" class="button-secondary button-small notice-mark" onClick={() => void markRead(notice)}>
                    {t('portal.notices.mark_read')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && (
        <button type="button" class="button-secondary" onClick={() => void setSize(size + 1)} disabled={loadingMore}>
          {loadingMore ? t('portal.loading') : t('portal.notices.load_more')}
        </button>
      )}
    </div>
  );
}
