import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { PODCAST_PATHS, type LearnerPodcast, type LearnerPodcastCard, type PodcastProgressAnswer } from '@lp/shared/contract';
import { formatDuration } from '@lp/shared/rules';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { trackMediaProgress, type MediaReport } from '../../lib/media-progress.ts';
import { currentAudio, hasNext, hasPrevious, type PlayerAction, type PlayerState } from '../../lib/podcast-player.ts';
import { Message } from '../message/index.tsx';

export interface PodcastPlayerProps {
  /** the podcast playing (its detail: audio URL and where the learner stopped) */
  podcast: LearnerPodcast;
  state: PlayerState<LearnerPodcastCard>;
  dispatch(action: PlayerAction<LearnerPodcastCard>): void;
  /** the server's answer to a progress report (percent, status, can_comment) */
  onProgress(answer: PodcastProgressAnswer): void;
}

/**
 * The podcast player (spec 3 §2 "audios and playlists with a player"): the audio, resumed where
 * the learner stopped, reporting the listened position about every 10 s, on pause and at the end
 * (lib/media-progress.ts); previous / next within the playlist, which also goes on by itself when
 * an audio ends; the stopped / playing state of lib/podcast-player.ts. A report made while
 * offline is sent again when the connection comes back.
 */
export function PodcastPlayer({ podcast, state, dispatch, onProgress }: PodcastPlayerProps) {
  const { t } = useI18n();
  const audio = useRef<HTMLAudioElement>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<{ id: number; body: { position_seconds: number; ended: boolean } } | null>(null);
  const latest = useRef({ podcast, dispatch, onProgress, t });
  latest.current = { podcast, dispatch, onProgress, t };

  const deliver = () => {
    const report = pending.current;
    if (!report) return;
    send<PodcastProgressAnswer>(PODCAST_PATHS.learnerProgress(report.id), 'POST', report.body)
      .then((answer) => {
        if (pending.current === report) pending.current = null;
        setError(null);
        if (report.id === latest.current.podcast.id) latest.current.onProgress(answer);
      })
      .catch((failure: unknown) => {
        // offline: kept for the 'online' event; anything else is said and dropped
        if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
        if (pending.current === report) pending.current = null;
        setError(latest.current.t('portal.podcasts.progress_error', { reason: errorText(latest.current.t, errorCode(failure)) }));
      });
  };

  /** Reports of one audio go to its own podcast, the last one included (sent as the next audio takes over). */
  const reporter = (id: number) => (progress: MediaReport) => {
    pending.current = { id, body: { position_seconds: progress.position_seconds, ended: progress.percent >= 100 } };
    deliver();
  };

  // attached in the commit itself, before the element can play and fire anything
  useLayoutEffect(() => {
    const media = audio.current!;
    const { id, position_seconds: resumeAt } = latest.current.podcast;
    const untrack = trackMediaProgress(media, { resumeAt, report: reporter(id) });
    const on = (type: string, listener: () => void) => {
      media.addEventListener(type, listener);
      return () => media.removeEventListener(type, listener);
    };
    const offs = [
      on('play', () => latest.current.dispatch({ type: 'status', status: 'playing' })),
      on('pause', () => { if (!media.ended) latest.current.dispatch({ type: 'status', status: 'stopped' }); }),
      on('ended', () => latest.current.dispatch({ type: 'ended' })),
      on('timeupdate', () => latest.current.dispatch({ type: 'progress', seconds: media.currentTime })),
    ];
    return () => {
      untrack();
      offs.forEach((off) => off());
    };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the listeners read the latest state through `latest`; they are rebound per podcast
  }, [podcast.id]);

  // the state says playing: the element follows (a browser may refuse before any click: then stopped)
  useEffect(() => {
    const media = audio.current;
    if (!media) return;
    if (state.status === 'playing' && media.paused) {
      const started = media.play() as Promise<void> | undefined;
      started?.catch(() => latest.current.dispatch({ type: 'status', status: 'stopped' }));
    } else if (state.status === 'stopped' && !media.paused) {
      media.pause();
    }
  }, [state.status, podcast.id]);

  useEffect(() => {
    const online = () => {
      latest.current.dispatch({ type: 'online', online: true });
      deliver();
    };
    const offline = () => latest.current.dispatch({ type: 'online', online: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, []);

  const playing = state.status === 'playing';
  const toggle = () => {
    const media = audio.current!;
    if (media.paused) dispatch({ type: 'status', status: 'playing' });
    else media.pause();
  };
  const current = currentAudio(state);
  return (
    <div class="podcast-player">
      {/* one element per podcast: the last report of the one left reads its own position */}
      <audio key={podcast.id} ref={audio} class="audio-player" src={podcast.audio_url} controls preload="metadata" aria-label={podcast.title} />
      <div class="podcast-controls" role="group" aria-label={t('portal.podcasts.player.controls')}>
        <button type="button" class="button-secondary button-small" disabled={!hasPrevious(state)} onClick={() => dispatch({ type: 'previous' })}>
          {t('portal.podcasts.player.previous')}
        </button>
        <button type="button" class="button-small" onClick={toggle} aria-pressed={playing}>
          {t(playing ? 'portal.podcasts.player.pause' : 'portal.podcasts.player.play')}
        </button>
        <button type="button" class="button-secondary button-small" disabled={!hasNext(state)} onClick={() => dispatch({ type: 'next' })}>
          {t('portal.podcasts.player.next')}
        </button>
        <span class="muted" role="status">
          {t(playing ? 'portal.podcasts.player.playing' : 'portal.podcasts.player.stopped')}
          {current ? ` · ${formatDuration(state.progress_audio)} / ${formatDuration(current.duration)}` : ''}
        </span>
      </div>
      {state.is_offline && <Message kind="info">{t('portal.podcasts.player.offline')}</Message>}
      {error && <Message kind="error">{error}</Message>}
      {state.type_list === 'playlist' && state.playlist && (
        <section class="podcast-queue" aria-labelledby="podcast-queue-title">
          <h2 id="podcast-queue-title">{t('portal.podcasts.player.playlist', { title: state.playlist.title })}</h2>
          <ol>
            {state.audios.map((item, index) => (
              <li key={item.id} aria-current={index === state.index ? 'true' : undefined}>
                <button type="button" class="link-button" onClick={() => dispatch({ type: 'select', index })}>
                  {item.title}
                </button>
                <span class="muted"> · {formatDuration(item.duration)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
