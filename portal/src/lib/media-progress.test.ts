import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackMediaProgress, type MediaReport } from './media-progress.ts';

/** jsdom does not play media: position, duration and state are set by hand. */
function fakeMedia({ duration = 200, readyState = 1 } = {}) {
  const media = document.createElement('video');
  const state = { currentTime: 0, duration, readyState, ended: false };
  Object.defineProperty(media, 'currentTime', { get: () => state.currentTime, set: (v: number) => { state.currentTime = v; } });
  Object.defineProperty(media, 'duration', { get: () => state.duration });
  Object.defineProperty(media, 'readyState', { get: () => state.readyState });
  Object.defineProperty(media, 'ended', { get: () => state.ended });
  return { media, state, fire: (type: string) => media.dispatchEvent(new Event(type)) };
}

describe('trackMediaProgress (progress recorded and resumable)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resumes at the stored position and reports every 10 s while playing', () => {
    const { media, state, fire } = fakeMedia();
    const reports: MediaReport[] = [];
    trackMediaProgress(media, { resumeAt: 50, report: (r) => reports.push(r) });
    expect(state.currentTime).toBe(50);
    fire('play');
    state.currentTime = 60;
    vi.advanceTimersByTime(10_000);
    expect(reports).toEqual([{ percent: 30, position_seconds: 60 }]);
    state.currentTime = 70.04;
    vi.advanceTimersByTime(10_000);
    expect(reports.at(-1)).toEqual({ percent: 35, position_seconds: 70 });
    // no movement, no report
    vi.advanceTimersByTime(10_000);
    expect(reports).toHaveLength(2);
  });

  it('reports on pause and stops the timer, and reports 100 % on ended', () => {
    const { media, state, fire } = fakeMedia();
    const reports: MediaReport[] = [];
    trackMediaProgress(media, { resumeAt: 0, report: (r) => reports.push(r) });
    fire('play');
    state.currentTime = 100;
    fire('pause');
    expect(reports).toEqual([{ percent: 50, position_seconds: 100 }]);
    vi.advanceTimersByTime(60_000);
    expect(reports).toHaveLength(1);
    fire('play');
    state.currentTime = 200;
    state.ended = true;
    fire('pause');
    fire('ended');
    expect(reports).toEqual([{ percent: 50, position_seconds: 100 }, { percent: 100, position_seconds: 200 }]);
  });

  it('waits for the metadata to resume, and starts over when the stored position is the end', () => {
    const waiting = fakeMedia({ readyState: 0 });
    trackMediaProgress(waiting.media, { resumeAt: 30, report: () => undefined });
    expect(waiting.state.currentTime).toBe(0);
    waiting.fire('loadedmetadata');
    expect(waiting.state.currentTime).toBe(30);

    const watched = fakeMedia({ duration: 120 });
    trackMediaProgress(watched.media, { resumeAt: 119.5, report: () => undefined });
    expect(watched.state.currentTime).toBe(0);
  });

  it('reports where the learner left when the player goes away mid-way', () => {
    const { media, state, fire } = fakeMedia();
    const reports: MediaReport[] = [];
    const stop = trackMediaProgress(media, { resumeAt: 0, report: (r) => reports.push(r) });
    fire('play');
    state.currentTime = 42;
    stop();
    expect(reports).toEqual([{ percent: 21, position_seconds: 42 }]);
    vi.advanceTimersByTime(30_000);
    expect(reports).toHaveLength(1);
  });
});
