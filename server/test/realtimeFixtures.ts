import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { REALTIME_TICKET_PATH, type RealtimeClientFrame } from '@lp/shared/contract';
import { bearer, type Tokens } from './helpers.ts';

/** A server frame as the tests read it. */
export type Frame = { type: string; channel?: string; code?: string; data?: unknown; snapshot?: unknown; [key: string]: unknown };

/**
 * A realtime client for tests: keeps every frame, lets a test wait for the next one that
 * matches, and tells how the socket closed.
 */
export class TestSocket {
  private readonly frames: Frame[] = [];
  private readonly waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const parsed = JSON.parse(data.toString()) as Frame | Frame[];
      // a batch of one channel's messages comes as an array (shared/src/contract/realtime.ts)
      for (const frame of Array.isArray(parsed) ? parsed : [parsed]) {
        const at = this.waiters.findIndex((w) => w.match(frame));
        if (at >= 0) this.waiters.splice(at, 1)[0]!.resolve(frame);
        else this.frames.push(frame);
      }
    });
    this.closed = new Promise((resolve) => ws.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })));
  }

  send(frame: RealtimeClientFrame | Record<string, unknown>) {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame (already received or still to come) that matches. */
  next(match: (f: Frame) => boolean = () => true, ms = 5000): Promise<Frame> {
    const at = this.frames.findIndex(match);
    if (at >= 0) return Promise.resolve(this.frames.splice(at, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve: (f: Frame) => { clearTimeout(timer); resolve(f); } };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames)}`));
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** A `message` published on the channel. */
  message(channel: string, ms?: number) {
    return this.next((f) => f.type === 'message' && f.channel === channel, ms).then((f) => f.data as Record<string, unknown>);
  }

  /** Subscribes and answers the snapshot (throws with the error code when refused). */
  async subscribe(channel: string): Promise<unknown> {
    this.send({ type: 'subscribe', channel });
    const answer = await this.next((f) => (f.type === 'subscribed' || f.type === 'error') && f.channel === channel);
    if (answer.type === 'error') throw new Error(String(answer.code));
    return answer.snapshot;
  }

  /** The error code a subscription is refused with. */
  async refused(channel: string): Promise<string> {
    this.send({ type: 'subscribe', channel });
    const answer = await this.next((f) => (f.type === 'subscribed' || f.type === 'error') && f.channel === channel);
    if (answer.type !== 'error') throw new Error(`${channel} was not refused`);
    return String(answer.code);
  }

  /** Frames received and not yet read that match. */
  pending(match: (f: Frame) => boolean = () => true): Frame[] {
    return this.frames.filter(match);
  }

  /** Waits `ms` and checks that nothing matching arrived meanwhile. */
  async quiet(match: (f: Frame) => boolean, ms = 150): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    const got = this.pending(match);
    if (got.length) throw new Error(`unexpected frames: ${JSON.stringify(got)}`);
  }

  /** Pings every `ms` (as the client library does) until the socket closes or `stop` is called. */
  keepAlive(ms: number): () => void {
    const timer = setInterval(() => {
      if (this.ws.readyState === this.ws.OPEN) this.send({ type: 'ping' });
    }, ms);
    const stop = () => clearInterval(timer);
    this.ws.once('close', stop);
    return stop;
  }

  close() {
    this.ws.close();
  }
}

export async function ticketFor(app: FastifyInstance, tokens: Tokens): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `/api${REALTIME_TICKET_PATH}`, headers: bearer(tokens) });
  if (res.statusCode !== 201) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json().ticket as string;
}

/** A socket over app.injectWS (no port), without waiting for `ready`. */
export async function rawSocket(app: FastifyInstance, query = ''): Promise<TestSocket> {
  let socket: TestSocket | undefined;
  await app.injectWS(`/api/realtime${query}`, {}, { onInit: (ws) => { socket = new TestSocket(ws); } });
  return socket!;
}

/** An authenticated socket, `ready` read. */
export async function openSocket(app: FastifyInstance, tokens: Tokens): Promise<TestSocket> {
  const socket = await rawSocket(app, `?ticket=${encodeURIComponent(await ticketFor(app, tokens))}`);
  await socket.next((f) => f.type === 'ready');
  return socket;
}

/** A socket over the network (servers of their own). */
export async function openNetworkSocket(origin: string, accessToken: string): Promise<TestSocket> {
  const res = await fetch(`${origin}/api${REALTIME_TICKET_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
  if (res.status !== 201) throw new Error(`ticket: ${res.status} ${await res.text()}`);
  const { ticket } = await res.json() as { ticket: string };
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/realtime?ticket=${encodeURIComponent(ticket)}`);
  const socket = new TestSocket(ws);
  await socket.next((f) => f.type === 'ready');
  return socket;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds (or fails with its last value). */
export async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms; last ${JSON.stringify(value)}`);
    await sleep(50);
  }
}
