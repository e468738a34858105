import { lazy, Suspense } from 'preact/compat';
import { sectionHeading } from '@lp/shared/rules';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation, useRoute } from 'wouter-preact';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { NEWS_PAGE_SIZE, useNewsList } from '../../hooks/use-news.ts';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import { NewsCard } from '../../components/news-card/index.tsx';
import { Message } from '../../components/message/index.tsx';

// the item and its sanitiser come when an item is opened
const NewsModal = lazy(() => import('../../components/news-modal/index.tsx'));

/**
 * spec 3 §2 `news` and `news/{id}`: the learner's news, newest first, with a title search and
 * "load more"; an item opens in a modal over the list (its own address, so it can be shared).
 */
export default function News() {
  const { t } = useI18n();
  const { data: user } = useSessionUser();
  const heading = sectionHeading(user, 'news') ?? t('portal.news.title');
  const [, params] = useRoute<{ id: string }>('/news/:id');
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const { data: pages, error, size, setSize, mutate, isLoading } = useNewsList(search);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const openId = params && Number(params.id) > 0 ? Number(params.id) : null;

  // the search runs once typing pauses
  useEffect(() => () => clearTimeout(timer.current), []);
  const onSearch = (value: string) => {
    setTyped(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSearch(value), 400);
  };

  // the opened item shows as read in the cached pages; the list is not asked again
  const markRead = (id: number) => void mutate(
    (current) => current?.map((page) => ({ ...page, results: page.results.map((n) => (n.id === id ? { ...n, read: true } : n)) })),
    { revalidate: false },
  );

  const cards = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const loadingMore = pages !== undefined && pages.length < size && !error;
  const hasMore = pages !== undefined && pages.length * NEWS_PAGE_SIZE < count;

  return (
    <section class="courses news" aria-labelledby="news-title">
      <h1 id="news-title">{heading}</h1>
      <form class="filters" role="search" onSubmit={(event) => { event.preventDefault(); setSearch(typed); }}>
        <div class="field">
          <label for="news-search">{t('portal.news.search')}</label>
          <input id="news-search" type="search" value={typed} onInput={(event) => onSearch(event.currentTarget.value)} />
        </div>
      </form>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {isLoading && <p class="loading">{t('portal.loading')}</p>}
      {pages && count === 0 && <p class="empty" role="status">{t(search ? 'portal.news.empty_search' : 'portal.news.empty')}</p>}
      {cards.length > 0 && (
        <ul class="card-grid">
          {cards.map((news) => <li key={news.id}><NewsCard news={news} /></li>)}
        </ul>
      )}
      {hasMore && (
        <button type="button" class="button-secondary load-more" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.news.load_more')}
        </button>
      )}
      {openId && (
        <Suspense fallback={null}>
          <NewsModal
            key={openId}
            id={openId}
            onClose={() => navigate('/news')}
            onRead={markRead}
          />
        </Suspense>
      )}
    </section>
  );
}
