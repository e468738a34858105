import { performance } from 'node:perf_hooks';

/** Length of one measuring window. */
const WINDOW_MS = 1000;
/** How often the loop is sampled: a timer this often, whose lateness is the loop's delay. */
const TICK_MS = 10;

/**
 * How late the engine's event loop runs now: its longest stall in the last two one-second
 * windows, in ms. A viewer's DTLS handshake and its share of every forwarded packet run on this
 * loop, beside the publisher's ICE consent checks (RFC 7675: werift waits 500 ms for each reply
 * and ends the publish session after 30 s without one), so the engine takes no new WebRTC viewer
 * while the loop stalls this long: the learners play HLS meanwhile, and the publisher stays on air.
 * The longest stall, not a percentile: one stall of a second is one sample among a hundred, and
 * it is the one that loses a reply.
 */
export class LoopPressure {
  private readonly windows: [number, number] = [0, 0];
  private current = 0;
  private readonly ticker: ReturnType<typeof setInterval>;
  private last = performance.now();
  private windowEnds = this.last + WINDOW_MS;

  constructor() {
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  private tick() {
    const now = performance.now();
    this.current = Math.max(this.current, now - this.last - TICK_MS);
    this.last = now;
    if (now < this.windowEnds) return;
    this.windows[0] = this.windows[1];
    this.windows[1] = this.current;
    this.current = 0;
    this.windowEnds = now + WINDOW_MS;
  }

  /** The loop's delay (ms): its longest stall in the last two complete windows. */
  delayMs(): number {
    return Math.max(this.windows[0], this.windows[1]);
  }

  close(): void {
    clearInterval(this.ticker);
  }
}
