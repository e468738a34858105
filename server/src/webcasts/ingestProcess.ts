/**
 * The ingest in a child process of its own (STREAMING_ENGINE=process, the default; streaming/README
 * "Settings"). The publisher's peer connection (ICE, DTLS, SRTP), the RTP to ffmpeg and every WebRTC
 * viewer's peer are media work on one event loop: on the API's, a crowd of viewers negotiating at
 * once starved the publisher beside them (the 200-viewer bench made the studio republish three
 * times) and held up every request. Here the API keeps only this proxy: the engine's surface,
 * its reads answered from a mirror the ingest pushes on every change, its calls and the signalling
 * sockets relayed over IPC, its hooks (database writes) run here and answered.
 *
 * A child that dies is started again; the channels it ran are gone, as when the API restarts
 * (the studio publishes again), and `lost` closes the sessions it left open.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { LiveStreamState } from '@lp/shared/contract';
import { StreamingUnavailableError, type EndReason, type Logger, type SignallingPeer, type Transcoder } from '@lp/streaming/server';
import type { Ingest, IngestSettings } from './ingestEngine.ts';
import {
  fromWire, toWire, type ChannelMirror, type FromIngest, type IngestCall, type IngestCalls, type IngestHooks, type ToIngest,
} from './ingestProtocol.ts';

export interface IngestProcessOptions {
  settings: IngestSettings;
  hooks: IngestHooks;
  log: Logger & { debug(obj: object, message: string): void };
  /** the child died: close what it left open (its sessions in the database); awaited before it is started again */
  lost(): Promise<void>;
}

const ENTRY = path.join(import.meta.dirname, 'ingestProcessEntry.ts');
const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');
/** How long a closing ingest may take to end its sessions (ffmpeg's last segment, the bucket) before it is killed. */
const CLOSE_TIMEOUT_MS = 30_000;
/** A child that lived less than this is started again only after as long. */
const RESTART_PAUSE_MS = 2000;
/** An ingest loop this late (p99 over a report) is logged: the publisher's ICE consent waits on it too. */
const LOOP_LAG_WARN_MS = 250;

interface Running {
  child: ChildProcess;
  ready: Promise<void>;
  /** hooks of this child being run here: its sessions are closed only once they have landed */
  hooks: Set<Promise<void>>;
  startedAt: number;
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

export class IngestProcess implements Ingest {
  private running: Running | null = null;
  /** a dead child's sessions being closed; nothing starts before */
  private recovering: Promise<void> | null = null;
  private closed = false;
  private readonly channels = new Map<number, ChannelMirror>();
  private readonly calls = new Map<number, Pending>();
  private readonly peers = new Map<number, SignallingPeer>();
  private nextId = 1;
  private loopDelay: { p99Ms: number; maxMs: number } | null = null;

  constructor(private readonly options: IngestProcessOptions) {}

  /** The ingest's process id (null before its first use): tests and the bench look at it. */
  get pid(): number | null {
    return this.running?.child.pid ?? null;
  }

  // ---- reads, from the mirror ----

  ingestLoopDelay(): { p99Ms: number; maxMs: number } | null {
    return this.loopDelay;
  }

  state(webcastId: number): LiveStreamState {
    return this.channels.has(webcastId) ? 'started' : 'stopped';
  }

  isPublishing(webcastId: number): boolean {
    return this.channels.get(webcastId)?.publishing ?? false;
  }

  streamName(webcastId: number): string | null {
    return this.channels.get(webcastId)?.streamName ?? null;
  }

  viewerCount(webcastId: number): number {
    return this.channels.get(webcastId)?.viewers ?? 0;
  }

  canWatch(webcastId: number): boolean {
    const channel = this.channels.get(webcastId);
    return !!channel?.publishing && channel.viewers < this.options.settings.streaming.webrtcViewers;
  }

  liveResource(webcastId: number): string | null {
    return this.channels.get(webcastId)?.liveResource ?? null;
  }

  // ---- calls ----

  start(webcastId: number, channel: { applicationName: string; transcoder: Transcoder }): Promise<{ started: boolean; streamName: string }> {
    return this.call('start', webcastId, channel);
  }

  configure(webcastId: number, transcoder: Transcoder): void {
    // nothing to configure in an ingest that runs no such channel; the next start sends it anyway
    if (!this.channels.has(webcastId)) return;
    this.call('configure', webcastId, transcoder).catch((error: unknown) => this.options.log.warn({ err: error, webcastId }, 'transcoder not sent to the ingest'));
  }

  async stop(webcastId: number, reason: EndReason = 'stopped'): Promise<void> {
    if (this.channels.has(webcastId)) await this.call('stop', webcastId, reason);
  }

  watch(webcastId: number, offer: string): Promise<{ viewerId: string; answer: string }> {
    return this.call('watch', webcastId, offer);
  }

  leave(webcastId: number, viewerId: string): Promise<boolean> {
    return this.call('leave', webcastId, viewerId);
  }

  acceptSignalling(peer: SignallingPeer): void {
    const id = this.nextId++;
    this.peers.set(id, peer);
    peer.onMessage((text) => {
      void this.post({ type: 'peerMessage', peer: id, text }).catch(() => peer.close());
    });
    peer.onClose(() => {
      if (!this.peers.delete(id)) return;
      void this.post({ type: 'peerClosed', peer: id }).catch(() => undefined);
    });
  }

  /** Every channel ends as 'shutdown' (ffmpeg writes its last segment), then the ingest exits. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.recovering;
    const running = this.running;
    if (!running) return;
    const exited = new Promise<void>((resolve) => {
      if (running.child.exitCode !== null || running.child.signalCode !== null) resolve();
      else running.child.once('exit', () => resolve());
    });
    const hard = setTimeout(() => running.child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
    try {
      await running.ready;
      await this.send(running, 'close', []);
    } catch (error) {
      this.options.log.error({ err: error }, 'the ingest process did not close its channels');
    }
    // its channel ends, and it exits once its work is done
    if (running.child.connected) running.child.disconnect();
    await exited;
    clearTimeout(hard);
  }

  // ---- the child ----

  private call<M extends IngestCall>(method: M, ...args: Parameters<IngestCalls[M]>): Promise<Awaited<ReturnType<IngestCalls[M]>>> {
    return this.ensure().then((running) => this.send(running, method, args) as Promise<Awaited<ReturnType<IngestCalls[M]>>>);
  }

  private send(running: Running, method: IngestCall, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.calls.set(id, { resolve, reject });
      if (!this.post(running, { type: 'call', id, method, args } as ToIngest)) {
        this.calls.delete(id);
        reject(new StreamingUnavailableError('the ingest process is not running'));
      }
    });
  }

  /** A message to the child: posted in order behind its start-up. */
  private post(message: ToIngest): Promise<void>;
  private post(running: Running, message: ToIngest): boolean;
  private post(first: Running | ToIngest, message?: ToIngest): Promise<void> | boolean {
    if (message === undefined) {
      const only = first as ToIngest;
      return this.ensure().then((running) => {
        if (!this.post(running, only)) throw new StreamingUnavailableError('the ingest process is not running');
      });
    }
    const { child } = first as Running;
    if (!child.connected) return false;
    try {
      // false from send() is backpressure only: the message is queued all the same
      child.send(message);
      return true;
    } catch {
      return false;
    }
  }

  private async ensure(): Promise<Running> {
    if (this.closed) throw new StreamingUnavailableError('the streaming server is shutting down');
    await this.recovering;
    if (this.closed) throw new StreamingUnavailableError('the streaming server is shutting down');
    this.running ??= this.spawn();
    await this.running.ready;
    return this.running;
  }

  private spawn(): Running {
    const { log } = this.options;
    const child = fork(ENTRY, [], {
      cwd: SERVER_ROOT,
      // the server's own loader (the sources are TypeScript); no inspector or test-runner flags
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // a process group of its own, its ffmpeg children in it: a child that dies leaves no ffmpeg
      // behind (it would wait for RTP on its ports forever), since the group is ended with it
      detached: true,
    });
    let ready!: () => void;
    let failed!: (error: Error) => void;
    const running: Running = { child, hooks: new Set(), startedAt: Date.now(), ready: new Promise<void>((resolve, reject) => { ready = resolve; failed = reject; }) };
    // a start that fails rejects the calls waiting for it, not the process
    running.ready.catch(() => undefined);
    child.on('message', (message: FromIngest) => this.receive(running, message, ready));
    child.on('error', (error) => log.error({ err: error }, 'ingest process error'));
    child.once('exit', (code, signal) => {
      failed(new StreamingUnavailableError(`the ingest process ended (code ${code}, signal ${signal})`));
      this.exited(running, code, signal);
    });
    child.send({ type: 'settings', settings: this.options.settings } satisfies ToIngest);
    log.info({ pid: child.pid }, 'ingest process started');
    return running;
  }

  private receive(running: Running, message: FromIngest, ready: () => void) {
    switch (message.type) {
      case 'ready':
        ready();
        break;
      case 'callSettled': {
        const pending = this.calls.get(message.id);
        this.calls.delete(message.id);
        if (message.ok) pending?.resolve(message.value);
        else pending?.reject(fromWire(message.error));
        break;
      }
      case 'hook': {
        const hook = this.options.hooks[message.hook] as (...args: unknown[]) => Promise<void> | void;
        const landed = Promise.resolve().then(() => hook(...message.args)).then(
          () => this.post(running, { type: 'hookSettled', id: message.id, ok: true, value: null }),
          (error: unknown) => this.post(running, { type: 'hookSettled', id: message.id, ok: false, error: toWire(error) }),
        ).then(() => undefined);
        running.hooks.add(landed);
        void landed.finally(() => running.hooks.delete(landed));
        break;
      }
      case 'channel':
        if (running !== this.running) break;
        if (message.channel) this.channels.set(message.webcastId, message.channel);
        else this.channels.delete(message.webcastId);
        break;
      case 'peerSend':
        try {
          this.peers.get(message.peer)?.send(message.text);
        } catch {
          // the socket went away: nothing to tell
        }
        break;
      case 'peerClose':
        this.peers.get(message.peer)?.close();
        break;
      case 'loopDelay':
        if (running !== this.running) break;
        this.loopDelay = { p99Ms: message.p99Ms, maxMs: message.maxMs };
        if (message.p99Ms >= LOOP_LAG_WARN_MS) {
          this.options.log.warn({ p99Ms: Math.round(message.p99Ms), maxMs: Math.round(message.maxMs), ingestPid: running.child.pid }, 'ingest event loop lagging');
        }
        break;
      case 'log':
        this.options.log[message.level]({ ...message.data, area: 'streaming', ingestPid: running.child.pid }, message.msg);
        break;
    }
  }

  /**
   * The child is gone. Its channels and viewers went with it: the mirror empties, the calls
   * waiting for it fail, the signalling sockets close (the studio publishes again, to a new
   * channel). Unless the API is closing, what it left open is closed and a new child starts.
   */
  private exited(running: Running, code: number | null, signal: NodeJS.Signals | null) {
    // what it started and left (its ffmpeg, when it died without closing its sessions)
    try {
      process.kill(-running.child.pid!, 'SIGKILL');
    } catch {
      // nothing left in its group
    }
    if (this.running !== running) return;
    this.running = null;
    this.channels.clear();
    // a dead child's last figure is no one's now; the next child reports within LOOP_REPORT_MS
    this.loopDelay = null;
    for (const pending of this.calls.values()) pending.reject(new StreamingUnavailableError('the ingest process ended'));
    this.calls.clear();
    const peers = [...this.peers.values()];
    this.peers.clear();
    for (const peer of peers) peer.close();
    if (this.closed) return;
    // exit code 0: it closed its channels itself (a signal to the whole group, as at a shutdown whose
    // close has not reached this proxy yet) — started again only if the API goes on using it
    const deliberate = code === 0;
    if (deliberate) this.options.log.warn({ pid: running.child.pid }, 'the ingest process closed itself');
    else this.options.log.error({ code, signal, pid: running.child.pid }, 'the ingest process ended by itself: starting it again');
    // one that dies as it starts is not started again in a tight loop
    const pause = Date.now() - running.startedAt < RESTART_PAUSE_MS ? RESTART_PAUSE_MS : 0;
    this.recovering = Promise.allSettled([...running.hooks])
      .then(() => this.options.lost())
      .catch((error: unknown) => this.options.log.error({ err: error }, 'the sessions of the ingest process that ended not closed'))
      .then(() => new Promise((resolve) => setTimeout(resolve, pause)))
      .then(() => {
        this.recovering = null;
        if (!this.closed && !deliberate) this.running ??= this.spawn();
      });
  }
}
