/**
 * When a live viewer that fell back to HLS tries WebRTC again (streaming/README "Low-latency
 * playback"): the node refuses offers while its seats or its joining slots are taken (503), and
 * a dropped session may be the network's passing trouble, so the player asks again — later each
 * time, never sooner than the server's Retry-After, and spread so a crowd refused together does
 * not come back together.
 */

/** The WHEP endpoint did not take the offer (RFC 9725 §4.2): its status and the wait it asked for. */
export class WhepRefused extends Error {
  constructor(readonly status: number, readonly retryAfterMs: number | null) {
    super(`WHEP answered ${status}`);
    this.name = 'WhepRefused';
  }
}

/** Retry-After (RFC 9110 §10.2.3): whole seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

export const RETRY_FIRST_MS = 3000;
export const RETRY_CAP_MS = 30_000;

/**
 * The wait before attempt `attempt` (0 = the first retry): 3 s, 6 s, 12 s … capped at 30 s, at
 * least what the server asked for, plus up to half as much again at random.
 */
export function retryDelay(attempt: number, retryAfterMs: number | null, random: () => number = Math.random): number {
  const floor = Math.max(Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** attempt), retryAfterMs ?? 0);
  return Math.round(floor * (1 + random() / 2));
}

/** 406: this browser's offer cannot receive the publisher's codec, and never will. */
const worthRetrying = (error: unknown): boolean => !(error instanceof WhepRefused && error.status === 406);

/**
 * Calls `attempt` after a backoff until one resolves (it plays) or the returned function is
 * called (the player goes). `cause` is why WebRTC is not playing now (its Retry-After counts).
 */
export function retryWebrtc(attempt: () => Promise<void>, cause: unknown, random: () => number = Math.random): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (n: number, error: unknown) => {
    if (stopped || !worthRetrying(error)) return;
    const asked = error instanceof WhepRefused ? error.retryAfterMs : null;
    timer = setTimeout(() => {
      attempt().catch((next: unknown) => schedule(n + 1, next));
    }, retryDelay(n, asked, random));
  };
  schedule(0, cause);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
