import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../../lib/i18n.ts';
import { trackMediaProgress, type MediaReport } from '../../lib/media-progress.ts';
import { Message } from '../message/index.tsx';
import { livePlayback } from './hlsPlayback.ts';
import type { PlaybackClock } from './playbackClock.ts';
import type { MountedWebrtc } from './webrtcPlayback.ts';
import { retryWebrtc } from './webrtcRetry.ts';

/** A WebRTC attempt plays out of sight (rendered, so it decodes and fires `playing`) until it takes over. */
const STANDBY_STYLE = 'position:absolute;width:1px;height:1px;overflow:hidden;opacity:0;pointer-events:none';

export interface VideoPlayerProps {
  /** mp4 (or any file the browser plays) or an HLS playlist (.m3u8) */
  url: string;
  title: string;
  /** where a recorded video resumes (not used live) */
  resumeAt?: number;
  /** progress of a recorded video (a live stream reports none) */
  onProgress?(progress: MediaReport): void;
  /** a recorded video's metadata arrived: it is shown, loaded (never for a video that fails) */
  onLoaded?(): void;
  /** a live HLS stream (a webcast on air): kept near the live edge, no resume nor progress */
  live?: boolean;
  /** live only: the WHEP address; WebRTC plays when it can (sub-second), `url` (HLS) otherwise */
  webrtcUrl?: string | null;
  /** the publisher time on screen of a live stream once it plays, by whichever delivery (null again when it goes); the chat follows it */
  onClock?(clock: PlaybackClock | null): void;
}

/**
 * video.js (+ hls.js for HLS) come in a separate chunk imported when this mounts, i.e. only when
 * the learner opens a video (spec 2 §2.1; "loaded only on pages that play video").
 */
export function VideoPlayer({ url, title, resumeAt = 0, onProgress, onLoaded, live = false, webrtcUrl = null, onClock }: VideoPlayerProps) {
  const { t, locale } = useI18n();
  const frame = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [playback, setPlayback] = useState<'webrtc' | 'hls' | null>(null);
  // the latest callbacks, resume point and WHEP address (its grant is re-signed now and then),
  // without restarting the player when they change
  const latest = useRef({ onProgress, onLoaded, onClock, resumeAt, title, locale, webrtcUrl });
  latest.current = { onProgress, onLoaded, onClock, resumeAt, title, locale, webrtcUrl };
  const lowLatency = live && livePlayback(webrtcUrl, typeof RTCPeerConnection !== 'undefined') === 'webrtc';

  useEffect(() => {
    let gone = false;
    // which mount may still take the screen: a slower one that resolves after a switch is dropped
    let turn = 0;
    let stop: () => void = () => {};
    let stopRetry: () => void = () => {};
    setState('loading');
    const mountWebrtcIn = (container: HTMLElement, url: string) => import('./webrtcPlayback.ts').then(({ mountWebrtc }) => mountWebrtc(container, {
      url,
      title: latest.current.title,
      // it dropped after playing: HLS carries on
      onFailed: () => {
        if (!gone) playHls(new Error('the WebRTC session dropped'));
      },
    }));
    const showWebrtc = (mounted: MountedWebrtc, dispose: () => void) => {
      stop = dispose;
      setPlayback('webrtc');
      latest.current.onClock?.(mounted);
      setState('ready');
    };
    const playHls = (cause: unknown) => {
      stop();
      setPlayback('hls');
      latest.current.onClock?.(null);
      mountHls();
      // refused (the node's seats or joining slots are taken) or dropped: asked again while HLS plays
      stopRetry();
      stopRetry = retryWebrtc(webrtcBeside, cause);
    };
    /** A WebRTC attempt out of sight while HLS plays; it takes the screen only once its first frame shows. */
    async function webrtcBeside() {
      // the page re-signs the grant now and then: the latest address
      const url = latest.current.webrtcUrl;
      if (!url) throw new Error('no WHEP address now');
      const standby = document.createElement('div');
      standby.setAttribute('style', STANDBY_STYLE);
      standby.setAttribute('aria-hidden', 'true');
      frame.current!.append(standby);
      const mine = turn;
      const mounted = await mountWebrtcIn(standby, url).catch((error: unknown) => {
        standby.remove();
        throw error;
      });
      const dispose = () => {
        mounted.dispose();
        standby.remove();
      };
      if (gone || mine !== turn) return dispose();
      turn += 1;
      stop();
      standby.removeAttribute('style');
      standby.removeAttribute('aria-hidden');
      showWebrtc(mounted, dispose);
    }
    if (lowLatency) {
      setPlayback('webrtc');
      mountWebrtcIn(frame.current!, latest.current.webrtcUrl!)
        .then((mounted) => {
          if (gone) return mounted.dispose();
          showWebrtc(mounted, () => mounted.dispose());
        })
        .catch((error: unknown) => {
          if (!gone) playHls(error);
        });
    } else {
      setPlayback('hls');
      mountHls();
    }
    function mountHls() {
      turn += 1;
      const mine = turn;
      stop = () => {};
      import('./engine.ts')
        .then(({ mountVideo }) => mountVideo(frame.current!, { url, title: latest.current.title, locale: latest.current.locale, ...(live ? { live } : {}) }))
        .then((mounted) => {
          if (gone || mine !== turn) {
            mounted.dispose();
            return;
          }
          const untrack = live ? () => undefined : trackMediaProgress(mounted.media, {
            resumeAt: latest.current.resumeAt,
            loaded: () => latest.current.onLoaded?.(),
            report: (progress) => latest.current.onProgress?.(progress),
          });
          // not once WebRTC has taken over (disposing the player may raise one)
          mounted.media.addEventListener('error', () => {
            if (mine === turn) setState('error');
          });
          if (mounted.clock) latest.current.onClock?.(mounted.clock);
          stop = () => {
            untrack();
            if (mounted.clock) latest.current.onClock?.(null);
            mounted.dispose();
          };
          setState('ready');
        })
        .catch(() => {
          if (!gone && mine === turn) setState('error');
        });
    }
    return () => {
      gone = true;
      stopRetry();
      stop();
      latest.current.onClock?.(null);
    };
  }, [url, live, lowLatency]);

  return (
    <div class="video-player" data-playback={playback ?? undefined}>
      {state === 'loading' && <p class="loading">{t('portal.courses.player.loading')}</p>}
      {state === 'error' && (
        <Message kind="error">
          {t('portal.courses.player.video_error')} <a href={url} download>{t('portal.courses.player.download_video')}</a>
        </Message>
      )}
      <div ref={frame} class="video-frame" />
    </div>
  );
}
