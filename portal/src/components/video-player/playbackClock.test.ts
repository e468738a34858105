import { describe, expect, it } from 'vitest';
import { hlsJsClock, nativeHlsClock } from './playbackClock.ts';

describe('publisher time on screen', () => {
  it("hls.js: the playing segment's program date time at the current time", () => {
    const hls = { playingDate: null as Date | null };
    const clock = hlsJsClock(hls);
    expect(clock.publisherTime()).toBeNull();
    hls.playingDate = new Date('2026-11-30T12:00:03.250Z');
    expect(clock.publisherTime()).toBe(Date.parse('2026-11-30T12:00:03.250Z'));
    hls.playingDate = new Date(NaN);
    expect(clock.publisherTime()).toBeNull();
  });

  it("the browser's player: the stream's start date plus the current time", () => {
    const media = document.createElement('video') as HTMLVideoElement & { getStartDate?: () => Date };
    expect(nativeHlsClock(media).publisherTime()).toBeNull();
    media.getStartDate = () => new Date(NaN);
    expect(nativeHlsClock(media).publisherTime()).toBeNull();
    media.getStartDate = () => new Date('2026-11-30T12:00:00.000Z');
    Object.defineProperty(media, 'currentTime', { value: 7.5 });
    expect(nativeHlsClock(media).publisherTime()).toBe(Date.parse('2026-11-30T12:00:07.500Z'));
  });
});
