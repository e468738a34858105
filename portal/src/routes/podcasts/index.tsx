import { Link, useLocation, useSearch } from 'wouter-preact';
import { PODCAST_PATHS, type LearnerPlaylist, type LearnerPodcastCard, type LearnerPodcastPage, type Reactions } from '@lp/shared/contract';
import { formatDuration } from '@lp/shared/rules';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { isFiltered, useCatalogueFilters } from '../../lib/catalogue-filters.ts';
import { podcastHref } from '../../lib/podcast-player.ts';
import { useAreas, useUserGroups } from '../../hooks/use-lookups.ts';
import { usePlaylists, usePodcasts } from '../../hooks/use-podcasts.ts';
import { CatalogueFiltersForm } from '../../components/catalogue-filters/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { ProgressBar } from '../../components/progress-bar/index.tsx';
import { ReactionsBar } from '../../components/reactions-bar/index.tsx';
import './podcasts.css';

type View = 'podcasts' | 'playlists';

/**
 * spec 3 §2 'podcasts': "audios and playlists with a player" — the podcasts of the learner's
 * audience with the filters of spec 1 §2.2 kept per list (search, progress, favourite, areas,
 * groups), and the playlists; `?view=playlists` keeps the second view.
 */
export default function Podcasts() {
  const { t } = useI18n();
  const [location, navigate] = useLocation();
  const view: View = new URLSearchParams(useSearch()).get('view') === 'playlists' ? 'playlists' : 'podcasts';
  const show = (next: View) => navigate(next === 'playlists' ? `${location}?view=playlists` : location, { replace: true });
  return (
    <section class="podcasts" aria-labelledby="podcasts-title">
      <h1 id="podcasts-title">{t('portal.podcasts.title')}</h1>
      <div class="view-switch" role="group" aria-label={t('portal.podcasts.views')}>
        <button type="button" class={view === 'podcasts' ? '' : 'button-secondary'} aria-pressed={view === 'podcasts'} onClick={() => show('podcasts')}>
          {t('portal.podcasts.view_podcasts')}
        </button>
        <button type="button" class={view === 'playlists' ? '' : 'button-secondary'} aria-pressed={view === 'playlists'} onClick={() => show('playlists')}>
          {t('portal.podcasts.view_playlists')}
        </button>
      </div>
      {view === 'playlists' ? <Playlists /> : <PodcastList />}
    </section>
  );
}

function PodcastList() {
  const { t } = useI18n();
  const [filters, setFilters] = useCatalogueFilters('podcasts');
  const { data: areas } = useAreas();
  const { data: groups } = useUserGroups();
  const { data: pages, error, size, setSize, mutate, isLoading } = usePodcasts(filters);
  const cards = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const loadingMore = size > 0 && pages !== undefined && pages[size - 1] === undefined;

  const updateCard = (id: number, reactions: Reactions) => void mutate(
    (current: LearnerPodcastPage[] | undefined) => current?.map((page) => ({
      ...page, results: page.results.map((card) => (card.id === id ? { ...card, ...reactions } : card)),
    })),
    { revalidate: false },
  );

  return (
    <>
      <CatalogueFiltersForm filters={filters} onChange={setFilters} areas={areas} groups={groups} />
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {isLoading && <p class="loading">{t('portal.loading')}</p>}
      {pages && count === 0 && (
        <p class="empty" role="status">{t(isFiltered(filters) ? 'portal.podcasts.empty_filtered' : 'portal.podcasts.empty')}</p>
      )}
      {cards.length > 0 && (
        <>
          <p class="list-count" role="status">{t('portal.podcasts.count', { count })}</p>
          <ul class="card-grid">
            {cards.map((card) => (
              <li key={card.id}><PodcastCard podcast={card} onReactions={(reactions) => updateCard(card.id, reactions)} /></li>
            ))}
          </ul>
        </>
      )}
      {cards.length < count && (
        <button type="button" class="button-secondary load-more" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.podcasts.load_more')}
        </button>
      )}
    </>
  );
}

/** A podcast in a list: image, title, duration, tags, how much was heard, reactions. */
export function PodcastCard({ podcast, playlistId, onReactions }: { podcast: LearnerPodcastCard; playlistId?: number; onReactions?(r: Reactions): void }) {
  const { t } = useI18n();
  const headingId = `podcast-card-${playlistId ?? 0}-${podcast.id}`;
  return (
    <article class="course-card podcast-card" aria-labelledby={headingId}>
      {podcast.image_url
        ? <img class="podcast-card-image" src={podcast.image_url} alt="" loading="lazy" width={320} height={320} />
        : <div class="podcast-card-image podcast-card-placeholder" aria-hidden="true">♪</div>}
      <div class="course-card-body">
        <h2 id={headingId} class="course-card-title"><Link href={podcastHref(podcast.id, playlistId)}>{podcast.title}</Link></h2>
        <p class="course-card-meta">{t('portal.podcasts.duration', { duration: formatDuration(podcast.duration) })}</p>
        {podcast.tags.length > 0 && (
          <ul class="tags" aria-label={t('portal.courses.tags')}>
            {podcast.tags.map((tag) => <li key={tag.id}>{tag.name}</li>)}
          </ul>
        )}
        <ProgressBar percent={podcast.percent} status={podcast.status} />
        <ReactionsBar compact title={podcast.title} reactions={podcast} onChange={onReactions}
          paths={{ favorite: PODCAST_PATHS.learnerFavorite(podcast.id), like: PODCAST_PATHS.learnerLike(podcast.id), rate: PODCAST_PATHS.learnerRate(podcast.id) }} />
      </div>
    </article>
  );
}

function Playlists() {
  const { t } = useI18n();
  const { data: playlists, error, isLoading } = usePlaylists();
  if (error) return <Message kind="error">{errorText(t, errorCode(error))}</Message>;
  if (isLoading || !playlists) return <p class="loading">{t('portal.loading')}</p>;
  if (playlists.length === 0) return <p class="empty" role="status">{t('portal.podcasts.no_playlists')}</p>;
  return (
    <ul class="playlists">
      {playlists.map((playlist) => <PlaylistItem key={playlist.id} playlist={playlist} />)}
    </ul>
  );
}

function PlaylistItem({ playlist }: { playlist: LearnerPlaylist }) {
  const { t } = useI18n();
  const first = playlist.podcasts[0]!;
  return (
    <li class="panel playlist" aria-labelledby={`playlist-${playlist.id}`}>
      <div class="playlist-head">
        <h2 id={`playlist-${playlist.id}`}>{playlist.title}</h2>
        <p class="note">{t('portal.podcasts.playlist_meta', { count: playlist.podcasts.length, duration: formatDuration(playlist.total_duration) })}</p>
        <Link class="button-link" href={podcastHref(first.id, playlist.id)} aria-label={t('portal.podcasts.play_playlist', { title: playlist.title })}>
          {t('portal.podcasts.play')}
        </Link>
      </div>
      {playlist.description && <p>{playlist.description}</p>}
      <ol class="playlist-items">
        {playlist.podcasts.map((podcast) => (
          <li key={podcast.id}>
            <Link href={podcastHref(podcast.id, playlist.id)}>{podcast.title}</Link>
            <span class="muted"> · {formatDuration(podcast.duration)} · {t(`portal.courses.status.${podcast.status}`)}</span>
          </li>
        ))}
      </ol>
    </li>
  );
}
