import { addPlayedSample, type PlaySample, type PlayedRange } from '@lp/shared/rules';

/** spec 2 §2.1 "progress recorded and resumable": a playing medium reports about every 10 s. */
export const REPORT_EVERY_MS = 10_000;

export interface MediaReport {
  /** where the playhead is, as a share of the medium (100 once it ended) */
  percent: number;
  position_seconds: number;
  /** the union of the stretches really played in this session (seeking ahead adds none) */
  played: PlayedRange[];
  /** seconds of the medium (0 while unknown) */
  duration: number;
}

export interface PlaybackOptions {
  report(progress: MediaReport): void;
  /** where the medium is now, read at each periodic report (an element's currentTime); else the latest told */
  position?(): number;
  everyMs?: number;
  /** a clock in ms (tests pass theirs) */
  now?(): number;
}

/** What a player tells the tracker, whatever plays the medium (an element of ours, a provider's frame). */
export interface PlaybackTracker {
  duration(seconds: number): void;
  /** it plays from `position` */
  playing(position: number): void;
  /** it is at `position`, still playing */
  at(position: number): void;
  /** it jumped: the next stretch starts where it lands */
  seeking(): void;
  /** it stopped at `position` (paused, or ended): reported at once */
  stopped(position: number, ended?: boolean): void;
  /** reports what was not yet, and stops */
  close(position: number): void;
}

/**
 * Follows what is really played of a medium from sample to sample (shared learning/completion.ts
 * `addPlayedSample`: a seek or a pause counts nothing) and reports the played ranges with the
 * position every ~10 s while playing, when it stops, and when the player goes away. The server
 * unions the ranges and finishes the module at 90 % of the medium played.
 */
export function playbackTracker(options: PlaybackOptions): PlaybackTracker {
  const everyMs = options.everyMs ?? REPORT_EVERY_MS;
  const now = options.now ?? (() => performance.now());
  let timer: ReturnType<typeof setInterval> | undefined;
  let ranges: PlayedRange[] = [];
  let cursor: PlaySample | null = null;
  let total = 0;
  let position = 0;
  // nothing played at the start: nothing to report
  let lastSent = JSON.stringify([[], 0, false]);

  /** the stretch since the last sample, if it kept playing; `continues`: it goes on playing */
  const sample = (at: number, continues: boolean) => {
    position = at;
    const next = addPlayedSample(ranges, cursor, { position: at, at: now() }, cursor !== null);
    ranges = next.ranges;
    cursor = continues ? { position: at, at: now() } : null;
  };
  const send = (ended = false) => {
    const where = ended && total ? total : position;
    const progress: MediaReport = {
      percent: ended ? 100 : total ? Math.min(100, Math.floor((where / total) * 100)) : 0,
      position_seconds: Math.round(where * 10) / 10,
      played: ranges,
      duration: total,
    };
    // nothing played nor moved since the last report (paused, seeking back and forth to the same spot)
    const key = JSON.stringify([progress.played, progress.position_seconds, ended]);
    if (key === lastSent) return;
    lastSent = key;
    options.report(progress);
  };
  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  return {
    duration(seconds) {
      if (Number.isFinite(seconds) && seconds > 0) total = seconds;
    },
    playing(at) {
      if (cursor) sample(at, true);
      else {
        position = at;
        cursor = { position: at, at: now() };
      }
      if (timer === undefined) {
        timer = setInterval(() => {
          const now = options.position?.();
          if (now !== undefined) {
            if (cursor) sample(now, true);
            else position = now;
          }
          send();
        }, everyMs);
      }
    },
    at(at) {
      if (cursor) sample(at, true);
      else position = at;
    },
    seeking() {
      cursor = null;
    },
    stopped(at, ended = false) {
      stopTimer();
      sample(at, false);
      send(ended);
    },
    close(at) {
      stopTimer();
      if (cursor) sample(at, false);
      if (at > 0) send();
    },
  };
}

export interface MediaProgressOptions extends Omit<PlaybackOptions, 'position'> {
  /** where the learner stopped last time (the server's position_seconds) */
  resumeAt: number;
  /** once, when the medium's metadata arrived: its content is there (a medium that fails never says so) */
  loaded?(): void;
}

/**
 * Follows an <audio>/<video> element with a playbackTracker: resumes at the stored position once
 * the metadata is there, and says then that the content loaded. Returns the function that stops
 * following.
 */
export function trackMediaProgress(media: HTMLMediaElement, options: MediaProgressOptions): () => void {
  let loaded = false;
  const tracker = playbackTracker({ ...options, position: () => media.currentTime });

  const onLoaded = () => {
    const total = media.duration;
    // a finished medium starts again from the beginning rather than at its last second
    if (options.resumeAt > 0 && (!Number.isFinite(total) || options.resumeAt < total - 1)) media.currentTime = options.resumeAt;
    tracker.duration(total);
    tracker.at(media.currentTime);
    if (!loaded) {
      loaded = true;
      options.loaded?.();
    }
  };
  const listeners: [string, () => void][] = [
    // asked to play, and playing again after a stall: a stretch counts only as the position moves
    ['play', () => tracker.playing(media.currentTime)],
    ['playing', () => tracker.playing(media.currentTime)],
    ['timeupdate', () => { if (!media.paused && !media.seeking) tracker.at(media.currentTime); }],
    ['durationchange', () => tracker.duration(media.duration)],
    ['seeking', () => tracker.seeking()],
    ['seeked', () => { if (!media.paused) tracker.playing(media.currentTime); }],
    // browsers pause just before "ended"; that moment is reported by its own event
    ['pause', () => { if (!media.ended) tracker.stopped(media.currentTime); }],
    ['ended', () => tracker.stopped(media.currentTime, true)],
  ];

  if (media.readyState >= 1) onLoaded();
  else media.addEventListener('loadedmetadata', onLoaded, { once: true });
  for (const [type, listener] of listeners) media.addEventListener(type, listener);
  return () => {
    media.removeEventListener('loadedmetadata', onLoaded);
    for (const [type, listener] of listeners) media.removeEventListener(type, listener);
    if (!media.ended) tracker.close(media.currentTime);
  };
}
