import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackMediaProgress, type MediaReport } from './media-progress.ts';

/** jsdom does not play media: position, duration and state are set by hand, the clock is the fake timers'. */
function fakeMedia({ duration = 200, readyState = 1 } = {}) {
  const media = document.createElement('video');
  const state = { currentTime: 0, duration, readyState, ended: false, paused: true, seeking: false };
  for (const key of ['currentTime', 'duration', 'readyState', 'ended', 'paused', 'seeking'] as const) {
    Object.defineProperty(media, key, { get: () => state[key], set: (v: never) => { state[key] = v; } });
  }
  const fire = (type: string) => media.dispatchEvent(new Event(type));
  /** plays `seconds` of the medium in real time, a timeupdate every 250 ms (the clock follows it) */
  const play = (seconds: number) => {
    if (state.paused) {
      state.paused = false;
      fire('playing');
    }
    for (let i = 0; i < seconds * 4; i += 1) {
      state.currentTime = Math.min(state.duration, state.currentTime + 0.25);
      fire('timeupdate');
      vi.advanceTimersByTime(250);
    }
  };
  const seek = (to: number) => {
    state.seeking = true;
    fire('seeking');
    state.currentTime = to;
    fire('timeupdate');
    state.seeking = false;
    fire('seeked');
  };
  const pause = () => {
    state.paused = true;
    fire('pause');
  };
  return { media, state, fire, play, seek, pause };
}

const track = (media: HTMLMediaElement, resumeAt = 0) => {
  const reports: MediaReport[] = [];
  const loaded = vi.fn();
  const stop = trackMediaProgress(media, { resumeAt, report: (r) => reports.push(r), loaded, now: () => Date.now() });
  return { reports, loaded, stop };
};

describe('trackMediaProgress (progress recorded and resumable, only what is really played)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resumes at the stored position and reports the stretch played every 10 s while playing', () => {
    const m = fakeMedia();
    const { reports, loaded } = track(m.media, 50);
    expect(m.state.currentTime).toBe(50);
    expect(loaded).toHaveBeenCalledOnce();
    m.play(10);
    expect(reports).toEqual([{ percent: 30, position_seconds: 60, played: [[50, 60]], duration: 200 }]);
    m.play(10);
    expect(reports.at(-1)).toEqual({ percent: 35, position_seconds: 70, played: [[50, 70]], duration: 200 });
    // paused: nothing new, no report
    m.pause();
    vi.advanceTimersByTime(30_000);
    expect(reports).toHaveLength(2);
  });

  it('does not count seeking ahead: the jump is no stretch played', () => {
    const m = fakeMedia({ duration: 100 });
    const { reports } = track(m.media);
    m.play(5);
    m.seek(95);
    m.play(5);
    m.pause();
    expect(reports.at(-1)).toMatchObject({ position_seconds: 100, played: [[0, 5], [95, 100]] });
  });

  it('reports on pause and stops the timer, and the end on ended', () => {
    const m = fakeMedia({ duration: 20 });
    const { reports } = track(m.media);
    m.play(8);
    m.pause();
    expect(reports).toEqual([{ percent: 40, position_seconds: 8, played: [[0, 8]], duration: 20 }]);
    vi.advanceTimersByTime(60_000);
    expect(reports).toHaveLength(1);
    m.play(12);
    m.state.ended = true;
    m.pause();
    m.fire('ended');
    // a report 10 s into playing, then the end
    expect(reports.slice(1)).toEqual([
      { percent: 90, position_seconds: 18, played: [[0, 18]], duration: 20 },
      { percent: 100, position_seconds: 20, played: [[0, 20]], duration: 20 },
    ]);
  });

  it('says the content loaded only once the metadata arrived, and resumes then; starts over when the stored position is the end', () => {
    const waiting = fakeMedia({ readyState: 0 });
    const { loaded } = track(waiting.media, 30);
    expect(waiting.state.currentTime).toBe(0);
    expect(loaded).not.toHaveBeenCalled();
    waiting.fire('loadedmetadata');
    expect(waiting.state.currentTime).toBe(30);
    expect(loaded).toHaveBeenCalledOnce();

    const watched = fakeMedia({ duration: 120 });
    track(watched.media, 119.5);
    expect(watched.state.currentTime).toBe(0);
  });

  it('reports where the learner left when the player goes away mid-way', () => {
    const m = fakeMedia();
    const { reports, stop } = track(m.media);
    m.play(42);
    stop();
    expect(reports.at(-1)).toEqual({ percent: 21, position_seconds: 42, played: [[0, 42]], duration: 200 });
    const count = reports.length;
    vi.advanceTimersByTime(30_000);
    expect(reports).toHaveLength(count);
  });
});
