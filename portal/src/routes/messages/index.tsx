import { useEffect, useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { useSearch } from 'wouter-preact';
import { MESSAGE_PATHS, type LearnerMessage, type LearnerMessageDetail } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { MESSAGES_PAGE_SIZE, UNREAD_KEY, useMessages } from '../../hooks/use-messages.ts';
import { Message } from '../../components/message/index.tsx';
import './messages.css';

type Opened = { state: 'loading'; id: number } | { state: 'open'; message: LearnerMessageDetail } | { state: 'failed'; id: number; error: string };

/**
 * spec 3 §2 'messages': the user's messages, newest first, the unread marked; opening one shows
 * its text and records the reading (read, opened in the web portal). `?open={id}` (the link of
 * the e-mail) opens that one.
 */
export default function Messages() {
  const { t } = useI18n();
  const dates = useDateFormat();
  const search = useSearch();
  const { mutate } = useSWRConfig();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { data: pages, error, size, setSize, mutate: reload } = useMessages(unreadOnly);
  const [opened, setOpened] = useState<Opened | null>(null);
  const messages = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const unread = pages?.[0]?.unread ?? 0;
  const hasMore = pages !== undefined && pages.length * MESSAGES_PAGE_SIZE < count;
  const loadingMore = pages !== undefined && pages.length < size && !error;

  async function open(id: number) {
    if (opened?.state === 'open' && opened.message.id === id) {
      setOpened(null);
      return;
    }
    setOpened({ state: 'loading', id });
    try {
      const message = await send<LearnerMessageDetail>(MESSAGE_PATHS.learnerRead(id), 'POST', { opened_in: 'web' });
      setOpened({ state: 'open', message });
      await Promise.all([reload(), mutate(UNREAD_KEY)]);
    } catch (failure) {
      setOpened({ state: 'failed', id, error: errorText(t, errorCode(failure)) });
    }
  }

  // the e-mail's link names the message to open
  const requested = Number(new URLSearchParams(search).get('open'));
  useEffect(() => {
    if (Number.isInteger(requested) && requested > 0) void open(requested);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link: `open` itself changes with every render
  }, [requested]);

  const openedId = opened ? (opened.state === 'open' ? opened.message.id : opened.id) : null;
  // a linked message further down than the pages loaded shows on its own
  const openedOutside = opened?.state === 'open' && !messages.some((m) => m.id === opened.message.id) ? opened.message : null;
  // a linked message that is not in the list (another client's, or not for this user)
  const requestedError = opened?.state === 'failed' && !messages.some((m) => m.id === opened.id) ? opened.error : null;

  return (
    <div class="messages-page">
      <header class="page-head">
        <h1>{t('portal.messages.title')}</h1>
        <p class="note" aria-live="polite">{t('portal.messages.unread_count', { count: unread })}</p>
      </header>
      <div class="messages-filter" role="group" aria-label={t('portal.messages.filter')}>
        <button type="button" class={unreadOnly ? 'button-secondary button-small' : 'button-small'} aria-pressed={!unreadOnly} onClick={() => setUnreadOnly(false)}>
          {t('portal.messages.all')}
        </button>
        <button type="button" class={unreadOnly ? 'button-small' : 'button-secondary button-small'} aria-pressed={unreadOnly} onClick={() => setUnreadOnly(true)}>
          {t('portal.messages.unread_only')}
        </button>
      </div>
      {requestedError && <Message kind="error">{requestedError}</Message>}
      {error && !pages && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!pages && !error && <p class="loading">{t('portal.loading')}</p>}
      {pages && messages.length === 0 && <p class="note">{t(unreadOnly ? 'portal.messages.empty_unread' : 'portal.messages.empty')}</p>}
      {openedOutside && (
        <article class="message-item message-body" aria-labelledby="message-linked-title">
          <h2 id="message-linked-title">{openedOutside.title}</h2>
          <p class="message-date">{dates.instant(openedOutside.send_date)}</p>
          <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(openedOutside.content) }} />
        </article>
      )}
      {messages.length > 0 && (
        <ul class="message-list">
          {messages.map((message: LearnerMessage) => (
            <li key={message.id} class={message.read ? 'message-item' : 'message-item message-unread'}>
              <button type="button" class="message-summary" aria-expanded={openedId === message.id} aria-controls={`message-${message.id}`} onClick={() => void open(message.id)}>
                <span class="message-title">
                  {!message.read && <span class="message-new">{t('portal.messages.new')}</span>}
                  <strong>{message.title}</strong>
                </span>
                <span class="message-date">{dates.instant(message.send_date)}</span>
                <span class="message-excerpt">{message.excerpt}</span>
                <span class="visually-hidden">{t(message.read ? 'portal.messages.read' : 'portal.messages.unread')}</span>
              </button>
              {openedId === message.id && (
                <div id={`message-${message.id}`} class="message-body">
                  {opened?.state === 'loading' && <p class="loading">{t('portal.loading')}</p>}
                  {opened?.state === 'failed' && <Message kind="error">{opened.error}</Message>}
                  {opened?.state === 'open' && <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(opened.message.content) }} />}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button type="button" class="button-secondary" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.messages.load_more')}
        </button>
      )}
    </div>
  );
}

