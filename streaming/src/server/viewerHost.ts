import type { RtpPacket } from 'werift';
import { LoopPressure } from './loopPressure.ts';
import { ViewerSession, type ViewerOptions } from './viewer.ts';

/** A WebRTC viewer as the engine holds it, wherever its peer connection lives. */
export interface ViewerHandle {
  readonly id: string;
  /** its connection is up (until then it counts as joining) */
  readonly isConnected: boolean;
  /** hangs up; idempotent */
  close(): Promise<void>;
}

/** What a host needs to answer one viewer; `onClosed` is called when it ends by itself. */
export type HostedViewerOptions = Omit<ViewerOptions, 'onClosed'> & { onClosed(viewer: ViewerHandle): void };

/**
 * Where WebRTC viewers' peer connections run: on the engine's own event loop (LocalViewers) or
 * in a relay process of their own (ViewerRelay, viewerRelay.ts). The engine forwards each
 * publisher packet to every host once; a host fans it out to its viewers of that webcast.
 */
export interface ViewerHost {
  /** viewers it holds, connected or joining */
  readonly size: number;
  /** how late the event loop the viewers' peers run on is now (ms, loopPressure.ts) */
  delayMs(): number;
  /** answers a viewer's offer; throws UnplayableOfferError */
  watch(offer: string, options: HostedViewerOptions): Promise<{ viewer: ViewerHandle; answer: string }>;
  /** one packet of the webcast's publisher, for its viewers here */
  forward(webcastId: number, kind: 'audio' | 'video', packet: RtpPacket): void;
  close(): Promise<void>;
}

/**
 * Viewers on this process's event loop: the engine's, beside the publisher
 * (STREAMING_VIEWER_PROCESSES=0), or a relay process's (viewerRelayEntry.ts).
 */
export class LocalViewers implements ViewerHost {
  private readonly byWebcast = new Map<number, Set<ViewerSession>>();
  private readonly pressure: LoopPressure | null;

  /** `measureLoop`: keep the loop's delay (delayMs), else it reads 0 */
  constructor(measureLoop: boolean) {
    this.pressure = measureLoop ? new LoopPressure() : null;
  }

  get size(): number {
    let size = 0;
    for (const viewers of this.byWebcast.values()) size += viewers.size;
    return size;
  }

  delayMs(): number {
    return this.pressure?.delayMs() ?? 0;
  }

  async watch(offer: string, options: HostedViewerOptions): Promise<{ viewer: ViewerHandle; answer: string }> {
    const { webcastId } = options;
    let session: ViewerSession | null = null;
    const handle: ViewerHandle = {
      get id() {
        return session?.id ?? '';
      },
      get isConnected() {
        return session?.isConnected ?? false;
      },
      // a viewer hung up by the engine leaves the fan-out too
      close: () => {
        if (session) this.remove(webcastId, session);
        return session?.close() ?? Promise.resolve();
      },
    };
    const { viewer, answer } = await ViewerSession.create(offer, {
      ...options,
      onClosed: (closed) => {
        this.remove(webcastId, closed);
        options.onClosed(handle);
      },
    });
    session = viewer;
    let viewers = this.byWebcast.get(webcastId);
    if (!viewers) this.byWebcast.set(webcastId, viewers = new Set());
    viewers.add(viewer);
    return { viewer: handle, answer };
  }

  private remove(webcastId: number, viewer: ViewerSession) {
    const viewers = this.byWebcast.get(webcastId);
    if (!viewers) return;
    viewers.delete(viewer);
    if (!viewers.size) this.byWebcast.delete(webcastId);
  }

  forward(webcastId: number, kind: 'audio' | 'video', packet: RtpPacket): void {
    const viewers = this.byWebcast.get(webcastId);
    if (viewers) for (const viewer of viewers) viewer.write(kind, packet);
  }

  async close(): Promise<void> {
    this.pressure?.close();
    const all = [...this.byWebcast.values()].flatMap((viewers) => [...viewers]);
    this.byWebcast.clear();
    await Promise.all(all.map((viewer) => viewer.close()));
  }
}
