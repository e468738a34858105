import { fork, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import path from 'node:path';
import type { RtpPacket } from 'werift';
import type { Logger } from './session.ts';
import { UnplayableOfferError } from './viewer.ts';
import type { HostedViewerOptions, ViewerHandle, ViewerHost } from './viewerHost.ts';
import { relayDatagram, RELAY_REPORT_MS, type FromRelay, type ToRelay } from './viewerRelayProtocol.ts';

const ENTRY = path.join(import.meta.dirname, 'viewerRelayEntry.ts');
const PACKAGE_ROOT = path.resolve(import.meta.dirname, '../..');
/** How long a closing relay may take to hang its viewers up before it is killed. */
const CLOSE_TIMEOUT_MS = 5000;

interface RelayedViewer extends ViewerHandle {
  webcastId: number;
  options: HostedViewerOptions;
  connected: boolean;
  closed: boolean;
}

interface Running {
  child: ChildProcess;
  /** the relay's datagram port, once it is listening */
  ready: Promise<number>;
  port: number;
  /** the relay's last report of its loop's delay, and when it came */
  delayMs: number;
  reportedAt: number;
}

/**
 * The SFU tier of one node (streaming/README "Many viewers"): WebRTC viewers' peer connections
 * in a child process of their own. On the engine's loop, every viewer's share of every packet
 * (SRTP, sender bookkeeping, a UDP send) and every joining viewer's DTLS handshake ran beside the
 * publisher's peer, whose ICE consent replies werift gives 500 ms: a 200-viewer crowd stalled
 * that loop for 1–2 s and the studio had to publish again. Here the engine sends each packet to
 * the relay once, as a loopback datagram, and the relay fans it out; the publisher's loop keeps
 * only its own work. The relay is started by the first viewer's offer (about a second, once:
 * started with the channel it took that second from the publisher's going live) and again after
 * it dies (its viewers' players offer again, as after any failed connection).
 */
export class ViewerRelay implements ViewerHost {
  private running: Running | null = null;
  private socket: dgram.Socket | null = null;
  /** the engine's sending socket bound, its port */
  private socketReady: Promise<number> | null = null;
  private readonly viewers = new Map<string, RelayedViewer>();
  /** viewers per webcast here: a packet is sent only where someone watches */
  private readonly watching = new Map<number, number>();
  private readonly calls = new Map<number, { resolve(value: { viewerId: string; answer: string }): void; reject(error: Error): void }>();
  private nextId = 1;
  private closing: Promise<void> | null = null;

  constructor(private readonly log: Logger) {}

  get size(): number {
    return this.viewers.size;
  }

  /** The relay's process id (null before its first viewer): tests and the bench look at it. */
  get pid(): number | null {
    return this.running?.child.pid ?? null;
  }

  delayMs(): number {
    const running = this.running;
    if (!running) return 0;
    // a relay whose loop is stuck cannot say so: its silence counts
    return Math.max(running.delayMs, Date.now() - running.reportedAt - RELAY_REPORT_MS);
  }

  async watch(offer: string, options: HostedViewerOptions): Promise<{ viewer: ViewerHandle; answer: string }> {
    const running = await this.ensure();
    const id = this.nextId++;
    const answered = new Promise<{ viewerId: string; answer: string }>((resolve, reject) => this.calls.set(id, { resolve, reject }));
    this.post(running, {
      type: 'watch', id, webcastId: options.webcastId, media: options.media, offer,
      ...(options.icePortRange ? { icePortRange: options.icePortRange } : {}),
      ...(options.iceAddresses ? { iceAddresses: options.iceAddresses } : {}),
    });
    const { viewerId, answer } = await answered;
    const viewer: RelayedViewer = {
      id: viewerId,
      webcastId: options.webcastId,
      options,
      connected: false,
      closed: false,
      get isConnected() {
        return this.connected && !this.closed;
      },
      close: () => this.hangUp(viewer, true),
    };
    this.viewers.set(viewerId, viewer);
    this.watching.set(options.webcastId, (this.watching.get(options.webcastId) ?? 0) + 1);
    return { viewer, answer };
  }

  /** The viewer is gone from here; `tell` when the relay is to close its peer (the engine hung up). */
  private async hangUp(viewer: RelayedViewer, tell: boolean): Promise<void> {
    if (viewer.closed) return;
    viewer.closed = true;
    this.viewers.delete(viewer.id);
    const left = (this.watching.get(viewer.webcastId) ?? 1) - 1;
    if (left > 0) this.watching.set(viewer.webcastId, left);
    else this.watching.delete(viewer.webcastId);
    if (tell && this.running) this.post(this.running, { type: 'leave', viewerId: viewer.id });
  }

  forward(webcastId: number, kind: 'audio' | 'video', packet: RtpPacket): void {
    const running = this.running;
    if (!running?.port || !this.socket || !this.watching.has(webcastId)) return;
    this.socket.send(relayDatagram(webcastId, kind, packet.serialize()), running.port, '127.0.0.1');
  }

  private post(running: Running, message: ToRelay) {
    if (!running.child.connected) return;
    try {
      running.child.send(message);
    } catch (error) {
      this.log.warn({ err: String(error), type: message.type }, 'viewer relay message not sent');
    }
  }

  private async ensure(): Promise<Running> {
    if (this.closing) throw new Error('the viewer relay is closing');
    this.socketReady ??= new Promise<number>((resolve) => {
      const socket = dgram.createSocket('udp4');
      this.socket = socket;
      socket.bind(0, '127.0.0.1', () => {
        socket.unref();
        resolve(socket.address().port);
      });
    });
    const senderPort = await this.socketReady;
    if (this.closing) throw new Error('the viewer relay is closing');
    const running = this.running ??= this.spawn(senderPort);
    await running.ready;
    return running;
  }

  private spawn(senderPort: number): Running {
    const child = fork(ENTRY, [], {
      cwd: PACKAGE_ROOT,
      // the sources are TypeScript; no inspector or test-runner flags of the parent
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let ready!: (port: number) => void;
    let failed!: (error: Error) => void;
    const running: Running = {
      child, port: 0, delayMs: 0, reportedAt: Date.now(),
      ready: new Promise<number>((resolve, reject) => { ready = resolve; failed = reject; }),
    };
    running.ready.catch(() => undefined);
    child.on('message', (message: FromRelay) => this.receive(running, message, ready));
    child.on('error', (error) => this.log.error({ err: String(error) }, 'viewer relay error'));
    child.once('exit', (code, signal) => {
      failed(new Error(`the viewer relay ended (code ${code}, signal ${signal})`));
      this.exited(running, code, signal);
    });
    child.send({ type: 'init', senderPort } satisfies ToRelay);
    this.log.info({ pid: child.pid }, 'viewer relay started');
    return running;
  }

  private receive(running: Running, message: FromRelay, ready: (port: number) => void) {
    switch (message.type) {
      case 'ready':
        running.port = message.port;
        running.reportedAt = Date.now();
        ready(message.port);
        break;
      case 'watched': {
        const call = this.calls.get(message.id);
        this.calls.delete(message.id);
        if (message.ok) call?.resolve({ viewerId: message.viewerId, answer: message.answer });
        else call?.reject(message.unplayable ? new UnplayableOfferError(message.message) : new Error(message.message));
        break;
      }
      case 'connected': {
        const viewer = this.viewers.get(message.viewerId);
        if (viewer) viewer.connected = true;
        break;
      }
      case 'closed': {
        const viewer = this.viewers.get(message.viewerId);
        if (viewer) void this.hangUp(viewer, false).then(() => viewer.options.onClosed(viewer));
        break;
      }
      case 'keyframe':
        this.viewers.get(message.viewerId)?.options.requestKeyframe();
        break;
      case 'pressure':
        running.delayMs = message.delayMs;
        running.reportedAt = Date.now();
        break;
      case 'log':
        this.log[message.level]({ ...message.data, relayPid: running.child.pid }, message.msg);
        break;
    }
  }

  /** The relay is gone, and its viewers with it: their seats are given back (their players offer again). */
  private exited(running: Running, code: number | null, signal: NodeJS.Signals | null) {
    if (this.running !== running) return;
    this.running = null;
    for (const call of this.calls.values()) call.reject(new Error('the viewer relay ended'));
    this.calls.clear();
    const viewers = [...this.viewers.values()];
    if (!this.closing) this.log.warn({ code, signal, viewers: viewers.length }, 'viewer relay ended');
    for (const viewer of viewers) void this.hangUp(viewer, false).then(() => viewer.options.onClosed(viewer));
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const running = this.running;
      if (running) {
        const exited = new Promise<void>((resolve) => {
          if (running.child.exitCode !== null || running.child.signalCode !== null) resolve();
          else running.child.once('exit', () => resolve());
        });
        this.post(running, { type: 'close' });
        const timer = setTimeout(() => running.child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      this.socket?.close();
      this.socket = null;
    })();
    return this.closing;
  }
}
