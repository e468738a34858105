import { useEffect, useReducer } from 'preact/hooks';
import { Link, useLocation, useParams, useSearch } from 'wouter-preact';
import { ApiRequestError } from '@lp/shared/client';
import { PODCAST_PATHS, type LearnerPodcastCard } from '@lp/shared/contract';
import { formatDuration } from '@lp/shared/rules';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { currentAudio, initialPlayerState, playerReducer, podcastHref } from '../../lib/podcast-player.ts';
import { usePlaylists, usePodcast } from '../../hooks/use-podcasts.ts';
import { Message } from '../../components/message/index.tsx';
import { PodcastPlayer } from '../../components/podcast-player/index.tsx';
import { ProgressBar } from '../../components/progress-bar/index.tsx';
import { ReactionsBar } from '../../components/reactions-bar/index.tsx';
import { TrainingComments } from '../../components/training-comments/index.tsx';
import '../podcasts/podcasts.css';

/**
 * /podcasts/:id (?playlist=:playlistId) — the player page (spec 3 §2 "audios and playlists with
 * a player"): the podcast resumed where the learner stopped, its playlist to go through, likes,
 * stars and favourite, and the comments (one, after listening). Lazy: the player and this page
 * load only when a podcast is opened.
 */
export default function PodcastPage() {
  const { t } = useI18n();
  const { id = '' } = useParams<{ id: string }>();
  const playlistParam = new URLSearchParams(useSearch()).get('playlist');
  const playlistId = playlistParam && /^\d+$/.test(playlistParam) ? Number(playlistParam) : null;
  const [, navigate] = useLocation();
  const { data: podcast, error, mutate } = usePodcast(id);
  const { data: playlists } = usePlaylists(playlistId !== null);
  const playlist = playlistId === null ? null : playlists?.find((p) => p.id === playlistId) ?? null;
  const [state, dispatch] = useReducer(playerReducer<LearnerPodcastCard>,
    initialPlayerState<LearnerPodcastCard>(typeof navigator === 'undefined' || navigator.onLine !== false));

  // a podcast (or another one of the playlist) arrived: the player takes its list
  useEffect(() => {
    if (!podcast) return;
    const inList = playlist?.podcasts.some((p) => p.id === podcast.id) ? playlist : null;
    const audios = inList ? inList.podcasts : [podcast];
    dispatch({ type: 'load', audios, index: audios.findIndex((a) => a.id === podcast.id), playlist: inList ? { id: inList.id, title: inList.title } : null });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the list is taken once per podcast and playlist
  }, [podcast?.id, playlist?.id]);

  // previous / next / an audio that ended: the page follows the player to that podcast
  const current = currentAudio(state);
  useEffect(() => {
    if (current && podcast && current.id !== podcast.id) navigate(podcastHref(current.id, state.playlist?.id), { replace: true });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the page follows the player only when the audio changes
  }, [current?.id]);

  if (error) {
    const missing = error instanceof ApiRequestError && error.status === 404;
    return (
      <section class="podcast">
        <Message kind="error">{missing ? errorText(t, 'podcast_not_found') : errorText(t, errorCode(error))}</Message>
        <p><Link href="/podcasts">{t('portal.podcasts.back')}</Link></p>
      </section>
    );
  }
  if (!podcast) return <p class="loading">{t('portal.loading')}</p>;
  return (
    <article class="podcast" aria-labelledby="podcast-title">
      <p><Link href={playlistId ? '/podcasts?view=playlists' : '/podcasts'}>{t('portal.podcasts.back')}</Link></p>
      <div class="podcast-header">
        {podcast.image_url && <img class="podcast-cover" src={podcast.image_url} alt="" width={160} height={160} />}
        <div>
          <h1 id="podcast-title">{podcast.title}</h1>
          <p class="note">{t('portal.podcasts.duration', { duration: formatDuration(podcast.duration) })}</p>
          {podcast.tags.length > 0 && (
            <ul class="tags" aria-label={t('portal.courses.tags')}>{podcast.tags.map((tag) => <li key={tag.id}>{tag.name}</li>)}</ul>
          )}
        </div>
      </div>
      {podcast.description && <p class="podcast-description">{podcast.description}</p>}
      <PodcastPlayer podcast={podcast} state={state} dispatch={dispatch}
        onProgress={(answer) => void mutate({ ...podcast, status: answer.status, percent: answer.percent, can_comment: answer.can_comment }, { revalidate: false })} />
      <ProgressBar percent={podcast.percent} status={podcast.status} />
      <ReactionsBar title={podcast.title} reactions={podcast} onChange={(reactions) => void mutate({ ...podcast, ...reactions }, { revalidate: false })}
        paths={{ favorite: PODCAST_PATHS.learnerFavorite(podcast.id), like: PODCAST_PATHS.learnerLike(podcast.id), rate: PODCAST_PATHS.learnerRate(podcast.id) }} />
      <section class="panel" aria-labelledby="podcast-comments-title">
        <h2 id="podcast-comments-title">{t('portal.podcasts.comments_title')}</h2>
        <TrainingComments key={podcast.id} trainingId={podcast.id} path={PODCAST_PATHS.learnerComments(podcast.id)}
          finished={podcast.status === 'finished'} canComment={podcast.can_comment} lockedNote={t('portal.podcasts.comment_after_listening')}
          onCommented={() => void mutate()} />
      </section>
    </article>
  );
}
