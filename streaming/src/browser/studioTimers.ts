import { STREAMING_TIMINGS } from '@lp/shared/contract';

/**
 * The stream studio's clocks (spec 2 §4.14, STREAMING_TIMINGS): the streaming_state poll while
 * the server starts, the poll while the recording converts, the live confirmation after the
 * offer, the next attempt to publish again after a dropped connection, and the delayed steps of
 * end_transmission. Closing the tab stops them all.
 */
export class StudioTimers {
  private statePoll: ReturnType<typeof setInterval> | null = null;
  private conversionPoll: ReturnType<typeof setInterval> | null = null;
  private timers: Array<ReturnType<typeof setTimeout>> = [];
  private liveTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  /** Runs `tick` every poll period until stopStatePoll; replaces a state poll already running. */
  pollState(tick: () => void): void {
    this.stopStatePoll();
    this.statePoll = setInterval(tick, STREAMING_TIMINGS.statePollMs);
  }

  /** the state poll runs (an answer that arrives after it stopped is ignored) */
  get pollingState(): boolean {
    return this.statePoll !== null;
  }

  stopStatePoll(): void {
    if (this.statePoll) clearInterval(this.statePoll);
    this.statePoll = null;
  }

  /** Runs `tick` every poll period until stopConversionPoll; nothing when the conversion poll already runs. */
  pollConversion(tick: () => void): void {
    if (this.conversionPoll) return;
    this.conversionPoll = setInterval(tick, STREAMING_TIMINGS.statePollMs);
  }

  stopConversionPoll(): void {
    if (this.conversionPoll) clearInterval(this.conversionPoll);
    this.conversionPoll = null;
  }

  /** Runs `run` once, 2.5 s (liveConfirmationMs) from now; replaces a confirmation still pending. */
  confirmLive(run: () => void): void {
    this.cancelLive();
    this.liveTimer = setTimeout(() => {
      this.liveTimer = null;
      run();
    }, STREAMING_TIMINGS.liveConfirmationMs);
  }

  cancelLive(): void {
    if (this.liveTimer) clearTimeout(this.liveTimer);
    this.liveTimer = null;
  }

  /** Runs `run` once, `ms` from now (the next attempt to publish again); replaces one still pending. */
  reconnect(ms: number, run: () => void): void {
    this.cancelReconnect();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      run();
    }, ms);
  }

  cancelReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** Runs `run` once after `ms`. */
  later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers = this.timers.filter((t) => t !== timer);
      run();
    }, ms);
    this.timers.push(timer);
  }

  /** The tab closes: the polls, the pending steps and the live confirmation stop. */
  stopAll(): void {
    this.stopStatePoll();
    this.stopConversionPoll();
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
    this.cancelLive();
    this.cancelReconnect();
  }
}
