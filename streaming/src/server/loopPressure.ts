import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Length of one measuring window. */
const WINDOW_MS = 1000;

/**
 * How late the engine's event loop runs now: the worse p99 of the last two one-second windows, in
 * ms. A viewer's DTLS handshake and its share of every forwarded packet run on this loop, beside
 * the publisher's ICE consent checks (RFC 7675: werift waits at least 500 ms for each reply and
 * ends the publish session after 30 s without one), so the engine takes no new WebRTC viewer
 * while the loop is this late: the learners play HLS meanwhile, and the publisher stays on air.
 */
export class LoopPressure {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private readonly windows: [number, number] = [0, 0];
  private readonly timer: ReturnType<typeof setInterval>;

  constructor() {
    this.histogram.enable();
    this.timer = setInterval(() => {
      this.windows[0] = this.windows[1];
      this.windows[1] = this.histogram.count > 0 ? this.histogram.percentile(99) / 1e6 : 0;
      this.histogram.reset();
    }, WINDOW_MS);
    this.timer.unref();
  }

  /** The loop's delay (ms): the worse p99 of the last two complete windows. */
  delayMs(): number {
    return Math.max(this.windows[0], this.windows[1]);
  }

  close(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
