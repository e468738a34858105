// Loaded only when a video module is opened (dynamic import in ./index.tsx): video.js and,
// for HLS where the browser has no native support, hls.js stay out of the first load.
import videojs from 'video.js/core.es.js';
import 'video.js/dist/video-js.css';
import type { LocaleCode } from '@lp/shared';

export interface MountedVideo {
  /** the <video> element itself: progress is read from its events */
  media: HTMLVideoElement;
  dispose(): void;
}

export interface VideoSource {
  url: string;
  title: string;
  locale: LocaleCode;
}

export const isHlsUrl = (url: string): boolean => /\.m3u8$/i.test(new URL(url, window.location.href).pathname);

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
  const player = videojs(element, {
    controls: true, fluid: true, preload: 'metadata', language, playbackRates: [0.75, 1, 1.25, 1.5, 2],
  });
  await new Promise<void>((resolve) => player.ready(() => resolve()));
  const media = player.tech(true).el() as HTMLVideoElement;
  let hls: { destroy(): void } | null = null;
  const hlsSource = isHlsUrl(source.url);
  if (hlsSource && !media.canPlayType('application/vnd.apple.mpegurl')) {
    const { default: Hls } = await import('hls.js/light');
    if (!Hls.isSupported()) {
      player.dispose();
      throw new Error('HLS is not supported by this browser');
    }
    const engine = new Hls();
    engine.loadSource(source.url);
    engine.attachMedia(media);
    hls = engine;
  } else {
    player.src(hlsSource ? { src: source.url, type: 'application/x-mpegURL' } : source.url);
  }
  return {
    media,
    dispose() {
      hls?.destroy();
      player.dispose();
    },
  };
}
