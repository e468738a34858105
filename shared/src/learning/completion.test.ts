import { describe, expect, it } from 'vitest';
import {
  MAX_PLAYBACK_RATE, MIN_VIEW_SECONDS, PLAY_SLACK_SECONDS, addPlayedSample, completionRuleOf, isPackageFrameMessage, judgeModuleReport, mergeRanges,
  playedSeconds, watchedPercent, type ModuleProgressState, type PlaySample, type PlayedRange,
} from './completion.ts';
import { WATCHED_PERCENT } from './player.ts';

const fresh: ModuleProgressState = { openedAt: null, playClock: null, played: [], duration: null, pages: null, page: 0, percent: 0, finished: false };
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);
const opened = (extra: Partial<ModuleProgressState> = {}): ModuleProgressState => ({ ...fresh, openedAt: T0, ...extra });
const at = (seconds: number) => T0 + seconds * 1000;

describe('played ranges', () => {
  it('joins overlapping and touching ranges, in order, and drops empty or reversed ones', () => {
    expect(mergeRanges([[30, 40], [0, 10], [5, 12], [12.1, 15], [20, 20], [25, 22]])).toEqual([[0, 15], [30, 40]]);
    expect(mergeRanges([])).toEqual([]);
  });

  it('clips to the medium: nothing before 0 nor after its end counts', () => {
    expect(mergeRanges([[-3, 4], [50, 80]], 60)).toEqual([[0, 4], [50, 60]]);
    expect(mergeRanges([[70, 80]], 60)).toEqual([]);
  });

  it('counts the union: watching a stretch twice counts it once', () => {
    const twice: PlayedRange[] = [[0, 30], [10, 30], [0, 20]];
    expect(playedSeconds(mergeRanges(twice))).toBe(30);
    expect(watchedPercent(twice, 100)).toBe(30);
  });

  it('rounds the share down and never passes 100', () => {
    expect(watchedPercent([[0, 89.99]], 100)).toBe(89);
    expect(watchedPercent([[0, 90]], 100)).toBe(90);
    expect(watchedPercent([[0, 500]], 100)).toBe(100);
    expect(watchedPercent([[0, 10]], 0)).toBe(0);
    expect(watchedPercent([[0, 10]], null)).toBe(0);
  });
});

describe('following a playing medium by samples', () => {
  /** Plays a script of [position, seconds since start, playing] samples; returns the ranges. */
  const play = (samples: readonly (readonly [number, number, boolean])[]) => {
    let ranges: PlayedRange[] = [];
    let cursor: PlaySample | null = null;
    for (const [position, seconds, playing] of samples) {
      ({ ranges, cursor } = addPlayedSample(ranges, cursor, { position, at: at(seconds) }, playing));
    }
    return ranges;
  };

  it('counts what played in real time', () => {
    expect(play([[0, 0, true], [0.25, 0.25, true], [0.5, 0.5, true], [10, 10, true]])).toEqual([[0, 10]]);
  });

  it('does not count seeking ahead: the jump is not played', () => {
    // plays 0–10, jumps to 90, plays 90–95
    expect(play([[0, 0, true], [10, 10, true], [90, 10.3, true], [95, 15.3, true]])).toEqual([[0, 10], [90, 95]]);
    const ranges = play([[0, 0, true], [5, 5, true], [95, 5.2, true], [100, 10.2, true]]);
    expect(watchedPercent(ranges, 100)).toBe(10);
  });

  it(`counts faster playback up to ${MAX_PLAYBACK_RATE}×, not beyond`, () => {
    expect(play([[0, 0, true], [20, 10, true]])).toEqual([[0, 20]]);
    expect(play([[0, 0, true], [40, 10, true]])).toEqual([]);
  });

  it('counts nothing while paused, nor the stretch from a pause to the next play', () => {
    expect(play([[0, 0, true], [10, 10, true], [10, 10.1, false], [30, 60, true], [35, 65, true]])).toEqual([[0, 10], [30, 35]]);
  });

  it('does not count seeking back, and counts the replayed stretch once', () => {
    expect(play([[0, 0, true], [20, 20, true], [5, 20.2, true], [25, 40.2, true]])).toEqual([[0, 25]]);
  });
});

describe('completion rule of each kind', () => {
  it('names the rule of every module kind', () => {
    expect(completionRuleOf('video')).toBe('watched');
    expect(completionRuleOf('audio')).toBe('watched');
    expect(completionRuleOf('pdf')).toBe('last_page');
    expect(completionRuleOf('html')).toBe('package_or_time');
    expect(completionRuleOf('youtube')).toBe('watched_or_time');
    expect(completionRuleOf('vimeo')).toBe('watched_or_time');
    expect(completionRuleOf('slideshare')).toBe('time');
    expect(completionRuleOf('scorm')).toBe('scorm');
    expect(completionRuleOf('powerpoint')).toBe('download');
    expect(completionRuleOf('file')).toBe('download');
  });
});

describe('judging reports on the server clock', () => {
  it('refuses everything but the opening of a module never opened', () => {
    expect(judgeModuleReport('pdf', fresh, { event: 'page', page: 3, pages: 3 }, at(60))).toEqual({ ok: false, code: 'module_not_opened' });
    expect(judgeModuleReport('video', fresh, { event: 'played', played: [[0, 9]], duration: 10, position_seconds: 9 }, at(60)))
      .toEqual({ ok: false, code: 'module_not_opened' });
    expect(judgeModuleReport('html', fresh, { event: 'completed', by: 'package' }, at(60))).toEqual({ ok: false, code: 'module_not_opened' });
    expect(judgeModuleReport('scorm', fresh, { event: 'cmi', finished: true, percent: 100 }, at(60))).toEqual({ ok: false, code: 'module_not_opened' });
    expect(judgeModuleReport('pdf', fresh, { event: 'opened' }, at(0))).toEqual({ ok: true, state: { openedAt: at(0) }, percent: 0, finishes: false, position: null });
  });

  it(`finishes a video at ${WATCHED_PERCENT} % of the server's duration played, in time`, () => {
    const half = judgeModuleReport('video', opened(), { event: 'played', played: [[0, 50]], duration: 100, position_seconds: 50 }, at(50), 100);
    expect(half).toMatchObject({ ok: true, percent: 50, finishes: false, position: 50, state: { played: [[0, 50]], duration: 100, playClock: at(25) } });
    const state = opened({ ...(half.ok ? half.state : {}), percent: 50 });
    const done = judgeModuleReport('video', state, { event: 'played', played: [[0, 90]], duration: 100, position_seconds: 90 }, at(90), 100);
    expect(done).toMatchObject({ ok: true, percent: 90, finishes: true, state: { played: [[0, 90]] } });
  });

  it("counts the share on the stored file's duration, whatever the player says", () => {
    // a player claiming the 600 s video lasts 10 s gets 9 s of 600
    const lie = judgeModuleReport('video', opened(), { event: 'played', played: [[0, 9]], duration: 10, position_seconds: 9 }, at(60), 600);
    expect(lie).toMatchObject({ ok: true, percent: 1, finishes: false, state: { duration: 600 } });
  });

  it('refuses a watched share the time since the opening could not have played', () => {
    // 540 s of a 600 s video reported 10 s after opening: at most 2× (10 s + slack) could have played
    const crafted = judgeModuleReport('video', opened(), { event: 'played', played: [[0, 540]], duration: 600, position_seconds: 540 }, at(10), 600);
    expect(crafted).toEqual({ ok: false, code: 'module_progress_not_consistent' });
    const limit = (10 + PLAY_SLACK_SECONDS) * MAX_PLAYBACK_RATE;
    expect(judgeModuleReport('video', opened(), { event: 'played', played: [[0, limit]], duration: 600, position_seconds: limit }, at(10), 600).ok).toBe(true);
    expect(judgeModuleReport('video', opened(), { event: 'played', played: [[0, limit + 1]], duration: 600, position_seconds: limit }, at(10), 600).ok).toBe(false);
  });

  it('gives no extra allowance to many small reports: the slack is for the whole session', () => {
    let state = opened();
    const results: boolean[] = [];
    for (let i = 0; i < 6; i += 1) {
      const judged = judgeModuleReport('audio', state, { event: 'played', played: [[i * 2, i * 2 + 2]], duration: 600, position_seconds: i * 2 + 2 }, at(0), 600);
      results.push(judged.ok);
      if (judged.ok) state = { ...state, ...judged.state };
    }
    // 2 s each at 2×: 1 s of clock each, 5 s of slack: five pass, the sixth does not
    expect(results).toEqual([true, true, true, true, true, false]);
  });

  it('counts a stretch played again only once, and lets a new opening play on the next day', () => {
    const yesterday = opened({ played: [[0, 100]], playClock: at(50), duration: 600, percent: 16 });
    const again = judgeModuleReport('video', yesterday, { event: 'played', played: [[0, 100]], duration: 600, position_seconds: 100 }, at(51), 600);
    expect(again).toMatchObject({ ok: true, percent: 16, state: { playClock: at(50) } });
    const reopened = { ...yesterday, openedAt: at(86_400) };
    const today = judgeModuleReport('video', reopened, { event: 'played', played: [[100, 200]], duration: 600, position_seconds: 200 }, at(86_400 + 100), 600);
    expect(today).toMatchObject({ ok: true, percent: 33, state: { played: [[0, 200]] } });
  });

  it('accepts played time made offline and sent after reconnecting, counted from the opening the download sent (issue 24 item 6)', () => {
    // downloaded at T0 (opened on the server's clock); an hour later, offline, the 600 s video is
    // watched; the player's reports wait on the device and arrive together at reconnection
    let state = opened();
    const reconnected = at(3600 + 600 + 120);
    for (let end = 10; end <= 600; end += 10) {
      const judged = judgeModuleReport('video', state, { event: 'played', played: [[0, end]], duration: 600, position_seconds: end }, reconnected, 600);
      expect(judged.ok).toBe(true);
      if (judged.ok) state = { ...state, ...judged.state, percent: judged.percent, finished: judged.finishes };
    }
    expect(state.finished).toBe(true);
    // the same claim against an opening made at reconnection (an opening replayed from the device)
    // is what the portal must never send: the server's clock could not account for it
    const replayedOpening = opened({ openedAt: reconnected });
    expect(judgeModuleReport('video', replayedOpening, { event: 'played', played: [[0, 600]], duration: 600, position_seconds: 600 }, reconnected + 1000, 600))
      .toEqual({ ok: false, code: 'module_progress_not_consistent' });
    // and a download is no licence: a whole video claimed 10 s after downloading is refused
    expect(judgeModuleReport('video', opened(), { event: 'played', played: [[0, 600]], duration: 600, position_seconds: 600 }, at(10), 600).ok).toBe(false);
  });

  it("takes an embed's duration from its player once, and refuses another later", () => {
    const first = judgeModuleReport('youtube', opened(), { event: 'played', played: [[0, 30]], duration: 212, position_seconds: 30 }, at(30));
    expect(first).toMatchObject({ ok: true, percent: 14, state: { duration: 212 } });
    const state = opened({ duration: 212, played: [[0, 30]], playClock: at(15), percent: 14 });
    expect(judgeModuleReport('youtube', state, { event: 'played', played: [[30, 40]], duration: 40, position_seconds: 40 }, at(40)))
      .toEqual({ ok: false, code: 'module_progress_not_consistent' });
  });

  it('finishes a PDF on its last page, keeps the furthest page, and refuses another page count', () => {
    const second = judgeModuleReport('pdf', opened(), { event: 'page', page: 2, pages: 4 }, at(5));
    expect(second).toMatchObject({ ok: true, percent: 50, finishes: false, state: { pages: 4, page: 2 } });
    const state = opened({ pages: 4, page: 2, percent: 50 });
    expect(judgeModuleReport('pdf', state, { event: 'page', page: 1, pages: 4 }, at(6))).toMatchObject({ ok: true, percent: 50, state: { page: 2 } });
    expect(judgeModuleReport('pdf', state, { event: 'page', page: 4, pages: 4 }, at(7))).toMatchObject({ ok: true, percent: 100, finishes: true });
    expect(judgeModuleReport('pdf', state, { event: 'page', page: 1, pages: 1 }, at(7))).toEqual({ ok: false, code: 'module_progress_not_consistent' });
    expect(judgeModuleReport('pdf', opened(), { event: 'page', page: 5, pages: 4 }, at(7))).toEqual({ ok: false, code: 'module_progress_not_consistent' });
    // a PDF is not done by saying so
    expect(judgeModuleReport('pdf', opened(), { event: 'completed', by: 'time' }, at(600))).toEqual({ ok: false, code: 'module_progress_not_consistent' });
  });

  it('finishes an HTML package when it says so, or after the minimum time since it was opened', () => {
    expect(judgeModuleReport('html', opened(), { event: 'completed', by: 'package' }, at(3))).toMatchObject({ ok: true, finishes: true, percent: 100 });
    expect(judgeModuleReport('html', opened(), { event: 'completed', by: 'time' }, at(10))).toEqual({ ok: false, code: 'module_progress_not_consistent' });
    expect(judgeModuleReport('html', opened(), { event: 'completed', by: 'time' }, at(MIN_VIEW_SECONDS - 1))).toMatchObject({ ok: true, finishes: true });
  });

  it('finishes embeds by the minimum time, or a provider video by its watched share; SlideShare by time only', () => {
    expect(judgeModuleReport('vimeo', opened(), { event: 'completed', by: 'time' }, at(MIN_VIEW_SECONDS))).toMatchObject({ ok: true, finishes: true });
    expect(judgeModuleReport('slideshare', opened(), { event: 'completed', by: 'time' }, at(MIN_VIEW_SECONDS))).toMatchObject({ ok: true, finishes: true });
    expect(judgeModuleReport('slideshare', opened(), { event: 'completed', by: 'package' }, at(MIN_VIEW_SECONDS))).toMatchObject({ ok: false });
    expect(judgeModuleReport('slideshare', opened(), { event: 'played', played: [[0, 9]], duration: 10, position_seconds: 9 }, at(60))).toMatchObject({ ok: false });
  });

  it('refuses what belongs to another kind: a video "completed", a file by time, a report of a SCORM package but its CMI', () => {
    expect(judgeModuleReport('video', opened(), { event: 'completed', by: 'package' }, at(600))).toMatchObject({ ok: false });
    expect(judgeModuleReport('audio', opened(), { event: 'completed', by: 'time' }, at(600))).toMatchObject({ ok: false });
    expect(judgeModuleReport('file', opened(), { event: 'completed', by: 'time' }, at(600))).toMatchObject({ ok: false });
    expect(judgeModuleReport('file', opened(), { event: 'completed', by: 'download' }, at(0))).toMatchObject({ ok: true, finishes: true });
    expect(judgeModuleReport('scorm', opened(), { event: 'completed', by: 'package' }, at(600))).toMatchObject({ ok: false });
    expect(judgeModuleReport('scorm', opened(), { event: 'cmi', finished: false, percent: 40 }, at(1))).toMatchObject({ ok: true, percent: 40, finishes: false });
    expect(judgeModuleReport('pdf', opened(), { event: 'cmi', finished: true, percent: 100 }, at(1))).toMatchObject({ ok: false });
  });

  it('keeps a finished module finished, whatever comes later', () => {
    const done = opened({ finished: true, percent: 100, pages: 3, page: 3 });
    expect(judgeModuleReport('pdf', done, { event: 'opened' }, at(9))).toMatchObject({ ok: true, percent: 100, finishes: true });
    expect(judgeModuleReport('pdf', done, { event: 'page', page: 1, pages: 3 }, at(9))).toMatchObject({ ok: true, percent: 100, finishes: true });
  });
});

describe('the HTML package messages', () => {
  it('knows a package saying it is shown or completed, and nothing else', () => {
    expect(isPackageFrameMessage({ type: 'lp-package', kind: 'loaded' })).toBe(true);
    expect(isPackageFrameMessage({ type: 'lp-package', kind: 'completed' })).toBe(true);
    expect(isPackageFrameMessage({ type: 'lp-package', kind: 'finished' })).toBe(false);
    expect(isPackageFrameMessage({ type: 'lp-scorm', kind: 'commit', cmi: {} })).toBe(false);
    expect(isPackageFrameMessage('{"type":"lp-package","kind":"completed"}')).toBe(false);
    expect(isPackageFrameMessage(null)).toBe(false);
  });
});
