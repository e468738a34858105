/**
 * The players of the hosted video services (spec 2 §3.2 embeds) speak postMessage with the page
 * that frames them; where one answers, the module follows what is really played, as a video of
 * our own (shared learning/completion.ts). YouTube: the IFrame API's widget messages (the frame
 * needs `enablejsapi=1`; the page says it is listening, the player then delivers its state as
 * JSON text). Vimeo: the player.js messages (the page asks for events once the player is ready).
 * Anything else a frame posts is not one of these and is ignored.
 */
export type EmbedProviderKind = 'youtube' | 'vimeo';

/** What one message of a provider's player tells; fields it does not carry are left out. */
export interface ProviderNews {
  ready?: boolean;
  position?: number;
  duration?: number;
  playing?: boolean;
  ended?: boolean;
}

export interface EmbedProvider {
  /** the player URL to frame, with what its API needs */
  frameUrl(url: string, pageOrigin: string): string;
  /** whether a message comes from this provider's player origin */
  fromPlayer(origin: string): boolean;
  /** messages to post to the player: to start hearing it (sent until it answers) and once it is ready */
  hello(): unknown[];
  onReady(): unknown[];
  read(data: unknown): ProviderNews | null;
}

const parse = (data: unknown): Record<string, unknown> | null => {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
};
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const defined = (news: ProviderNews): ProviderNews =>
  Object.fromEntries(Object.entries(news).filter(([, v]) => v !== undefined)) as ProviderNews;

/** YouTube player states: -1 unstarted, 0 ended, 1 playing, 2 paused, 3 buffering, 5 cued (the others change nothing). */
function youtubeState(state: unknown): ProviderNews {
  if (state === 1) return { playing: true };
  if (state === 2) return { playing: false };
  if (state === 0) return { playing: false, ended: true };
  return {};
}

const YOUTUBE: EmbedProvider = {
  frameUrl(url, pageOrigin) {
    const target = new URL(url);
    target.searchParams.set('enablejsapi', '1');
    target.searchParams.set('origin', pageOrigin);
    return target.toString();
  },
  fromPlayer: (origin) => /^https:\/\/(www\.)?youtube(-nocookie)?\.com$/.test(origin),
  hello: () => [JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })],
  onReady: () => [JSON.stringify({ event: 'command', func: 'addEventListener', args: ['onStateChange'], id: 1, channel: 'widget' })],
  read(data) {
    const message = parse(data);
    if (!message || typeof message.event !== 'string') return null;
    switch (message.event) {
      case 'onReady':
        return { ready: true };
      case 'onStateChange':
        return defined({ ready: true, ...youtubeState(message.info) });
      case 'initialDelivery':
      case 'infoDelivery': {
        const info = parse(message.info);
        if (!info) return { ready: true };
        return defined({ ready: true, position: num(info.currentTime), duration: num(info.duration), ...youtubeState(info.playerState) });
      }
      default:
        return null;
    }
  },
};

const VIMEO_EVENTS = ['timeupdate', 'play', 'pause', 'ended', 'seeked'] as const;

const VIMEO: EmbedProvider = {
  frameUrl: (url) => url,
  fromPlayer: (origin) => origin === 'https://player.vimeo.com',
  hello: () => [],
  onReady: () => VIMEO_EVENTS.map((value) => ({ method: 'addEventListener', value })),
  read(data) {
    const message = parse(data);
    if (!message || typeof message.event !== 'string') return null;
    const detail = parse(message.data) ?? {};
    switch (message.event) {
      case 'ready':
        return { ready: true };
      case 'timeupdate':
      case 'seeked':
        return defined({ ready: true, position: num(detail.seconds), duration: num(detail.duration) });
      case 'play':
        return defined({ ready: true, playing: true, position: num(detail.seconds), duration: num(detail.duration) });
      case 'pause':
        return defined({ ready: true, playing: false, position: num(detail.seconds) });
      case 'ended':
        return defined({ ready: true, playing: false, ended: true, position: num(detail.seconds) });
      default:
        return null;
    }
  },
};

export const EMBED_PROVIDERS: Readonly<Record<EmbedProviderKind, EmbedProvider>> = { youtube: YOUTUBE, vimeo: VIMEO };

export const embedProviderOf = (kind: string): EmbedProvider | null => (kind === 'youtube' || kind === 'vimeo' ? EMBED_PROVIDERS[kind] : null);
