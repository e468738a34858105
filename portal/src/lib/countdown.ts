import { parseApiDateTime } from '@lp/shared/rules';

/**
 * Timed tests (spec 2 §4.8): the deadline is the server's, and so is the clock it is measured on.
 * The device clock may be minutes off; only its elapsed time is trusted, corrected by the
 * difference between the server's `server_now` and the device's time when the answer arrived.
 */
export function clockOffset(serverNow: string, deviceNowMs: number = Date.now()): number {
  const server = parseApiDateTime(serverNow);
  return server ? server.getTime() - deviceNowMs : 0;
}

/** Milliseconds left until the deadline on the server's clock (never below 0). */
export function remainingMs(deadlineAt: string, offsetMs: number, deviceNowMs: number = Date.now()): number {
  const deadline = parseApiDateTime(deadlineAt);
  if (!deadline) return 0;
  return Math.max(0, deadline.getTime() - (deviceNowMs + offsetMs));
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'mm:ss', or 'h:mm:ss' from an hour up. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * When a screen reader hears the time left: every 5 minutes, each of the last 5 minutes, then
 * at 30 and 10 seconds — often enough to plan, rarely enough not to drown the questions.
 */
export function isAnnouncementMark(seconds: number): boolean {
  if (seconds <= 0) return false;
  if (seconds === 10 || seconds === 30) return true;
  if (seconds % 60 !== 0) return false;
  return seconds <= 300 || seconds % 300 === 0;
}

/** The mark crossed going from `previous` to `current` seconds left (ticks may skip seconds), if any. */
export function crossedMark(previous: number, current: number): number | null {
  for (let s = Math.max(current, 1); s < previous; s++) if (isAnnouncementMark(s)) return s;
  return null;
}
