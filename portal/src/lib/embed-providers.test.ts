import { describe, expect, it } from 'vitest';
import { EMBED_PROVIDERS, embedProviderOf } from './embed-providers.ts';

const { youtube, vimeo } = EMBED_PROVIDERS;

describe('YouTube player messages (IFrame API widget protocol)', () => {
  it('frames the player with its API on, for this page', () => {
    const url = new URL(youtube.frameUrl('https://www.youtube-nocookie.com/embed/abc123?start=90', 'https://learn.example.com'));
    expect(url.pathname).toBe('/embed/abc123');
    expect(Object.fromEntries(url.searchParams)).toEqual({ start: '90', enablejsapi: '1', origin: 'https://learn.example.com' });
  });

  it('hears only YouTube origins', () => {
    expect(youtube.fromPlayer('https://www.youtube-nocookie.com')).toBe(true);
    expect(youtube.fromPlayer('https://www.youtube.com')).toBe(true);
    expect(youtube.fromPlayer('https://youtube.com.evil.test')).toBe(false);
    expect(youtube.fromPlayer('http://www.youtube.com')).toBe(false);
  });

  it('reads the delivered state: time, duration, playing, paused, ended', () => {
    expect(youtube.read(JSON.stringify({ event: 'initialDelivery', info: { duration: 212.5, currentTime: 0, playerState: -1 } })))
      .toEqual({ ready: true, position: 0, duration: 212.5 });
    expect(youtube.read(JSON.stringify({ event: 'infoDelivery', info: { currentTime: 12.3, playerState: 1 } }))).toEqual({ ready: true, position: 12.3, playing: true });
    expect(youtube.read(JSON.stringify({ event: 'infoDelivery', info: { playerState: 2 } }))).toEqual({ ready: true, playing: false });
    expect(youtube.read(JSON.stringify({ event: 'onStateChange', info: 0 }))).toEqual({ ready: true, playing: false, ended: true });
    expect(youtube.read(JSON.stringify({ event: 'infoDelivery', info: { playerState: 3 } }))).toEqual({ ready: true });
    expect(youtube.read(JSON.stringify({ event: 'onReady' }))).toEqual({ ready: true });
  });

  it('ignores what is not one of its messages', () => {
    expect(youtube.read('not json')).toBeNull();
    expect(youtube.read({ type: 'lp-package', kind: 'completed' })).toBeNull();
    expect(youtube.read(JSON.stringify({ event: 'apiInfoDelivery', info: {} }))).toBeNull();
    expect(youtube.read(JSON.stringify({ event: 'infoDelivery', info: { currentTime: 'x' } }))).toEqual({ ready: true });
  });
});

describe('Vimeo player messages (player.js protocol)', () => {
  it('asks for the playing events once the player is ready, and hears only the player origin', () => {
    expect(vimeo.hello()).toEqual([]);
    expect(vimeo.onReady()).toEqual(['timeupdate', 'play', 'pause', 'ended', 'seeked'].map((value) => ({ method: 'addEventListener', value })));
    expect(vimeo.fromPlayer('https://player.vimeo.com')).toBe(true);
    expect(vimeo.fromPlayer('https://vimeo.com')).toBe(false);
    expect(vimeo.frameUrl('https://player.vimeo.com/video/1?h=ff', 'https://x.test')).toBe('https://player.vimeo.com/video/1?h=ff');
  });

  it('reads ready, time updates, play, pause and ended, as objects or JSON text', () => {
    expect(vimeo.read({ event: 'ready', player_id: 'p' })).toEqual({ ready: true });
    expect(vimeo.read(JSON.stringify({ event: 'timeupdate', data: { seconds: 4.2, percent: 0.07, duration: 60 } }))).toEqual({ ready: true, position: 4.2, duration: 60 });
    expect(vimeo.read({ event: 'play', data: { seconds: 4.2, duration: 60 } })).toEqual({ ready: true, playing: true, position: 4.2, duration: 60 });
    expect(vimeo.read({ event: 'pause', data: { seconds: 9 } })).toEqual({ ready: true, playing: false, position: 9 });
    expect(vimeo.read({ event: 'ended', data: { seconds: 60 } })).toEqual({ ready: true, playing: false, ended: true, position: 60 });
    expect(vimeo.read({ event: 'volumechange' })).toBeNull();
    expect(vimeo.read(42)).toBeNull();
  });
});

describe('which embeds have a provider that speaks', () => {
  it('YouTube and Vimeo do; SlideShare and the rest do not', () => {
    expect(embedProviderOf('youtube')).toBe(youtube);
    expect(embedProviderOf('vimeo')).toBe(vimeo);
    expect(embedProviderOf('slideshare')).toBeNull();
    expect(embedProviderOf('html')).toBeNull();
  });
});
