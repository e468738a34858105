/**
 * The batch windows of the hub's channels (DESIGN "Realtime"). A channel's messages are written
 * at most once per window: the first at once, those that follow within the window together, as
 * one JSON array frame. The window is what the channel's last writes cost divided by
 * FANOUT_SHARE, at most `maxBatchMs`: a socket write is a system call, tens of microseconds where
 * the kernel also delivers it (loopback, virtual machines), so a thousand subscribers at 500
 * messages a second would otherwise take the whole event loop (bench/chat-fanout.ts); a small
 * chat, cheap to write to, is not held back at all.
 */

/** The share of the event loop one channel's fan-out may take. */
export const FANOUT_SHARE = 0.25;

interface Outbox {
  frames: string[];
  timer: ReturnType<typeof setTimeout> | null;
  lastFlush: number;
  /** how long writing a batch to every subscriber takes here (ms, moving average) */
  cost: number;
}

export class ChannelBatcher {
  private readonly outboxes = new Map<string, Outbox>();

  /** `write` sends one payload (a frame, or an array of frames) to the channel's subscribers. */
  constructor(
    private readonly write: (channel: string, payload: Buffer) => void,
    private readonly maxBatchMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** One serialised `message` frame for the channel's subscribers. */
  push(channel: string, frame: string): void {
    let box = this.outboxes.get(channel);
    if (!box) {
      box = { frames: [], timer: null, lastFlush: 0, cost: 0 };
      this.outboxes.set(channel, box);
    }
    box.frames.push(frame);
    if (box.timer) return;
    const outbox = box;
    const window = Math.min(this.maxBatchMs, outbox.cost / FANOUT_SHARE);
    outbox.timer = setTimeout(() => this.flush(channel, outbox), Math.max(0, outbox.lastFlush + window - this.now()));
  }

  /** The channel has no subscribers left here: what waits is dropped. */
  drop(channel: string): void {
    const box = this.outboxes.get(channel);
    if (box?.timer) clearTimeout(box.timer);
    this.outboxes.delete(channel);
  }

  close(): void {
    for (const box of this.outboxes.values()) if (box.timer) clearTimeout(box.timer);
    this.outboxes.clear();
  }

  private flush(channel: string, box: Outbox) {
    box.timer = null;
    box.lastFlush = this.now();
    const frames = box.frames;
    box.frames = [];
    if (frames.length === 0) return;
    const started = performance.now();
    this.write(channel, Buffer.from(frames.length === 1 ? frames[0]! : `[${frames.join(',')}]`));
    const took = performance.now() - started;
    box.cost = box.cost === 0 ? took : box.cost * 0.7 + took * 0.3;
  }
}
