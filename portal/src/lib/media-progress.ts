/** spec 2 §2.1 "progress recorded and resumable": a playing medium reports about every 10 s. */
export const REPORT_EVERY_MS = 10_000;

export interface MediaReport {
  percent: number;
  position_seconds: number;
}

export interface MediaProgressOptions {
  /** where the learner stopped last time (the server's position_seconds) */
  resumeAt: number;
  report(progress: MediaReport): void;
  everyMs?: number;
}

/**
 * Follows an <audio>/<video> element: resumes at the stored position, then reports percent and
 * position every ~10 s while playing, on pause, on ended (100 %), and once more when the player
 * goes away mid-way. The server keeps the highest percent and marks finished at ≥ 90 %.
 * Returns the function that stops following.
 */
export function trackMediaProgress(media: HTMLMediaElement, options: MediaProgressOptions): () => void {
  const everyMs = options.everyMs ?? REPORT_EVERY_MS;
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastPosition = -1;

  const snapshot = (ended: boolean): MediaReport => {
    const duration = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : 0;
    const position = ended && duration ? duration : media.currentTime;
    const percent = ended ? 100 : duration ? Math.min(100, Math.floor((position / duration) * 100)) : 0;
    return { percent, position_seconds: Math.round(position * 10) / 10 };
  };
  const send = (ended = false) => {
    const progress = snapshot(ended);
    // nothing moved since the last report (paused, seeking back and forth to the same spot)
    if (!ended && progress.position_seconds === lastPosition) return;
    lastPosition = progress.position_seconds;
    options.report(progress);
  };
  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  const resume = () => {
    const duration = media.duration;
    // a finished medium starts again from the beginning rather than at its last second
    if (options.resumeAt > 0 && (!Number.isFinite(duration) || options.resumeAt < duration - 1)) {
      media.currentTime = options.resumeAt;
    }
    lastPosition = Math.round(media.currentTime * 10) / 10;
  };
  const onPlay = () => {
    stopTimer();
    timer = setInterval(() => send(), everyMs);
  };
  // browsers pause just before "ended"; that moment is reported by onEnded instead
  const onPause = () => {
    stopTimer();
    if (!media.ended) send();
  };
  const onEnded = () => {
    stopTimer();
    send(true);
  };

  if (media.readyState >= 1) resume();
  else media.addEventListener('loadedmetadata', resume, { once: true });
  media.addEventListener('play', onPlay);
  media.addEventListener('pause', onPause);
  media.addEventListener('ended', onEnded);
  return () => {
    stopTimer();
    media.removeEventListener('loadedmetadata', resume);
    media.removeEventListener('play', onPlay);
    media.removeEventListener('pause', onPause);
    media.removeEventListener('ended', onEnded);
    if (!media.ended && media.currentTime > 0) send();
  };
}
