// Loaded only when a video module is opened (dynamic import in ./index.tsx): video.js and,
// for HLS, hls.js stay out of the first load.
import videojs from 'video.js/core.es.js';
import 'video.js/dist/video-js.css';
import type { LocaleCode } from '@lp/shared/rules';
import { hlsPlayback, isHlsUrl } from './hlsPlayback.ts';
import { hlsJsClock, nativeHlsClock, type PlaybackClock } from './playbackClock.ts';

export interface MountedVideo {
  /** the <video> element itself: progress is read from its events */
  media: HTMLVideoElement;
  /** the publisher time on screen (live HLS); null for other sources */
  clock: PlaybackClock | null;
  dispose(): void;
}

export interface VideoSource {
  url: string;
  title: string;
  locale: LocaleCode;
  /** a live HLS stream (a webcast on air): starts near the live edge and keeps up with it */
  live?: boolean;
}

/**
 * hls.js for a live webcast (DESIGN "Files and media"): start three segments behind the newest,
 * play a little faster while behind, and jump forward when more than six segments behind (a
 * tab that slept). The playlist may be missing for a moment between two publish sessions.
 */
export const LIVE_HLS_CONFIG = {
  liveSyncDurationCount: 3,
  liveMaxLatencyDurationCount: 6,
  maxLiveSyncPlaybackRate: 1.5,
  lowLatencyMode: false,
} as const;
const LIVE_RETRY_MS = 2000;

const LANGUAGES: Partial<Record<LocaleCode, { code: string; load: () => Promise<{ default: Record<string, string> }> }>> = {
  'pt-br': { code: 'pt-BR', load: () => import('video.js/dist/lang/pt-BR.json') },
  es: { code: 'es', load: () => import('video.js/dist/lang/es.json') },
  fr: { code: 'fr', load: () => import('video.js/dist/lang/fr.json') },
};

/** The player's own buttons in the interface's language (English is built in). */
async function playerLanguage(locale: LocaleCode): Promise<string> {
  const language = LANGUAGES[locale];
  if (!language) return 'en';
  try {
    videojs.addLanguage(language.code, (await language.load()).default);
    return language.code;
  } catch {
    return 'en';
  }
}

export async function mountVideo(container: HTMLElement, source: VideoSource): Promise<MountedVideo> {
  const language = await playerLanguage(source.locale);
  const element = document.createElement('video');
  element.className = 'video-js vjs-big-play-centered';
  element.setAttribute('playsinline', '');
  element.setAttribute('aria-label', source.title);
  container.append(element);
  const player = videojs(element, source.live
    // live: the live UI (a seek bar over the window, "LIVE" back to the edge), no speeds, muted autoplay as browsers allow
    ? { controls: true, fluid: true, preload: 'auto', language, liveui: true, autoplay: 'muted' }
    : { controls: true, fluid: true, preload: 'metadata', language, playbackRates: [0.75, 1, 1.25, 1.5, 2] });
  await new Promise<void>((resolve) => player.ready(() => resolve()));
  const media = player.tech(true).el() as HTMLVideoElement;
  let hls: { destroy(): void } | null = null;
  let clock: PlaybackClock | null = null;
  const hlsSource = isHlsUrl(source.url);
  const Hls = hlsSource ? (await import('hls.js/light')).default : null;
  const playback = Hls ? hlsPlayback(Hls.isSupported(), media.canPlayType('application/vnd.apple.mpegurl')) : 'file';
  if (playback === 'unsupported') {
    player.dispose();
    throw new Error('HLS is not supported by this browser');
  }
  if (Hls && playback === 'hls.js') {
    const engine = new Hls(source.live ? LIVE_HLS_CONFIG : {});
    if (source.live) {
      let retry: ReturnType<typeof setTimeout> | undefined;
      engine.on(Hls.Events.MANIFEST_PARSED, () => {
        media.muted = true;
        void media.play().catch(() => undefined);
      });
      engine.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
          engine.recoverMediaError();
        } else if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
          clearTimeout(retry);
          retry = setTimeout(() => engine.startLoad(), LIVE_RETRY_MS);
        }
      });
      engine.on(Hls.Events.DESTROYING, () => clearTimeout(retry));
    }
    engine.loadSource(source.url);
    engine.attachMedia(media);
    hls = engine;
    if (source.live) clock = hlsJsClock(engine);
  } else {
    player.src(hlsSource ? { src: source.url, type: 'application/x-mpegURL' } : source.url);
    if (source.live && hlsSource) clock = nativeHlsClock(media);
  }
  return {
    media,
    clock,
    dispose() {
      hls?.destroy();
      player.dispose();
    },
  };
}
