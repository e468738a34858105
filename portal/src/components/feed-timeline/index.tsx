import { useId, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { FEED_PATHS, FEED_POST_MAX, feedContentLink, type FeedEvent } from '@lp/shared/contract';
import { api, errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { useFeed, type FeedScope } from '../../hooks/use-feed.ts';
import { Message } from '../message/index.tsx';

/** The sentence of an event: its kind, and for content kinds the content's type (spec 1 §9). */
const actionKey = (event: FeedEvent) => `portal.feed.actions.${event.kind}.${event.content_type ?? 'none'}`;

function Stars({ stars }: { stars: number }) {
  const { t } = useI18n();
  return <span class="stars" role="img" aria-label={t('portal.feed.stars', { stars })}>{'★'.repeat(stars)}{'☆'.repeat(Math.max(0, 5 - stars))}</span>;
}

function EventItem({ event, onDeleted }: { event: FeedEvent; onDeleted(): void }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = feedContentLink(event);
  const remove = async () => {
    try {
      await api.json(FEED_PATHS.post(event.id), { method: 'DELETE' });
      onDeleted();
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    }
  };
  return (
    <li class={`feed-event feed-${event.kind}`}>
      <p>
        <strong>{event.mine ? t('portal.feed.you') : event.user.name}</strong>{' '}
        {t(actionKey(event))}
        {event.title && (
          <>
            {' '}
            {link ? <Link href={link}>{event.title}</Link> : <em>{event.title}</em>}
          </>
        )}
        {event.kind === 'evaluated' && event.stars !== null && <> <Stars stars={event.stars} /></>}
      </p>
      {event.kind === 'published' && event.text && <blockquote class="feed-text">{event.text}</blockquote>}
      <small><time dateTime={event.created_at}>{dates.instant(event.created_at)}</time></small>
      {event.kind === 'published' && event.mine && (
        confirming
          ? (
            <span class="feed-confirm" role="group" aria-label={t('portal.feed.delete_confirm')}>
              {t('portal.feed.delete_confirm')}{' '}
              <button type="button" class="button-danger" onClick={() => void remove()}>{t('portal.feed.delete_yes')}</button>{' '}
              <button type="button" class="button-secondary" onClick={() => setConfirming(false)}>{t('portal.feed.cancel')}</button>
            </span>
          )
          : <button type="button" class="button-secondary" onClick={() => setConfirming(true)}>{t('portal.feed.delete')}</button>
      )}
      {error && <Message kind="error">{error}</Message>}
    </li>
  );
}

/** "Published" (spec 1 §9): a post on the timeline, up to 1000 characters. */
function Composer({ onPublished }: { onPublished(): void }) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(errorText(t, 'make_sure_that_all_fields_are_filled_in'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(FEED_PATHS.posts, 'POST', { text });
      setText('');
      onPublished();
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="form feed-composer" onSubmit={(event) => void submit(event)} noValidate>
      <div class="field">
        <label for={id}>{t('portal.feed.composer_label')}</label>
        <textarea id={id} rows={3} value={text} maxLength={FEED_POST_MAX} required aria-describedby={`${id}-count`}
          onInput={(event) => setText(event.currentTarget.value)} />
        <small id={`${id}-count`}>{t('portal.feed.characters', { count: Array.from(text).length, max: FEED_POST_MAX })}</small>
      </div>
      {error && <Message kind="error">{error}</Message>}
      <button type="submit" disabled={busy}>{t('portal.feed.publish')}</button>
    </form>
  );
}

export interface FeedTimelineProps {
  pageSize?: number;
  /** the post form above the list */
  composer?: boolean;
  /** the everyone / only mine switch */
  scopes?: boolean;
  /** "load more" below the list; without it the first page is all */
  more?: boolean;
}

/**
 * The feed / timeline (spec 1 §2.2 home "timeline" and the feed route; §9 event kinds): what the
 * client's learners did, newest first, each with its content linked.
 */
export function FeedTimeline({ pageSize = 10, composer = true, scopes = true, more = true }: FeedTimelineProps) {
  const { t } = useI18n();
  const [scope, setScope] = useState<FeedScope>('all');
  const { data: pages, error, size, setSize, mutate } = useFeed(scope, pageSize);
  const events = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const hasMore = more && pages !== undefined && pages.length * pageSize < count;
  const loadingMore = pages !== undefined && pages.length < size && !error;
  const reload = () => void mutate();

  return (
    <div class="feed-timeline">
      {composer && <Composer onPublished={reload} />}
      {scopes && (
        <div class="segmented" role="group" aria-label={t('portal.feed.scope_label')}>
          {(['all', 'mine'] as const).map((value) => (
            <button key={value} type="button" class={scope === value ? '' : 'button-secondary'} aria-pressed={scope === value}
              onClick={() => setScope(value)}>
              {t(`portal.feed.scope.${value}`)}
            </button>
          ))}
        </div>
      )}
      {error && !pages && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!pages && !error && <p class="loading">{t('portal.loading')}</p>}
      {pages && events.length === 0 && <p class="note">{t('portal.feed.empty')}</p>}
      {events.length > 0 && (
        <ol class="feed-events" aria-label={t('portal.feed.title')}>
          {events.map((event) => <EventItem key={event.id} event={event} onDeleted={reload} />)}
        </ol>
      )}
      {hasMore && (
        <button type="button" class="button-secondary" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.feed.load_more')}
        </button>
      )}
    </div>
  );
}

/** The home page's part of the timeline (spec 1 §2.2 home): the latest events, and the way to the feed. */
export function HomeTimeline() {
  const { t } = useI18n();
  return (
    <section class="home-section" aria-labelledby="home-timeline">
      <div class="home-section-head">
        <h2 id="home-timeline">{t('portal.feed.title')}</h2>
        <Link href="/feed">{t('portal.feed.see_all')}</Link>
      </div>
      <FeedTimeline pageSize={5} composer={false} scopes={false} more={false} />
    </section>
  );
}
