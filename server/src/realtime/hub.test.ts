import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createMemoryBus } from './bus.ts';
import { RealtimeHub } from './hub.ts';
import { createMemoryPresence } from './presence.ts';

/** A socket that records what the hub writes, and takes `writeCostMs` of the event loop per write (a system call). */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: Array<{ at: number; text: string }> = [];
  constructor(private readonly writeCostMs = 0) {
    super();
  }
  send(data: Buffer | string) {
    const until = performance.now() + this.writeCostMs;
    while (performance.now() < until) { /* the cost of a write */ }
    this.frames.push({ at: performance.now(), text: data.toString() });
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.close();
  }
  /** the chat messages received (a batch is a JSON array of them) */
  messages(): unknown[] {
    return this.frames.flatMap(({ text }) => {
      const parsed = JSON.parse(text) as unknown;
      return (Array.isArray(parsed) ? parsed : [parsed]).filter((f: { type?: string }) => f.type === 'message').map((f: { data?: unknown }) => f.data);
    });
  }
  messageFrames() {
    return this.frames.filter(({ text }) => text.startsWith('[') || text.startsWith('{"type":"message"'));
  }
}

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const until = async (check: () => boolean, timeoutMs = 5000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
};

describe('realtime hub fan-out batching', () => {
  let hub: RealtimeHub;
  afterEach(async () => hub?.close());

  async function audience(size: number, writeCostMs: number): Promise<FakeSocket[]> {
    hub = new RealtimeHub({
      bus: createMemoryBus(), presence: createMemoryPresence(), log: silent, maxBatchMs: 100,
      resolveTicket: async () => ({ userId: 1, familyId: 'f1', clientId: 1, subject: { is_superuser: false, id_user_client_selected: 1, user_client_module_items: [] }, expiresAt: Date.now() + 60_000 }),
    });
    hub.define<string>('room', { parse: ([x]) => x ?? null, authorize: async () => null });
    const sockets = Array.from({ length: size }, () => new FakeSocket(writeCostMs));
    for (const socket of sockets) {
      hub.accept(socket as unknown as WebSocket, 'ticket');
      await until(() => socket.frames.some((f) => f.text.includes('"ready"')));
      socket.emit('message', Buffer.from(JSON.stringify({ type: 'subscribe', channel: 'room/1' })), false);
    }
    await until(() => sockets.every((s) => s.frames.some((f) => f.text.includes('"subscribed"'))));
    return sockets;
  }

  it('writes a small, cheap audience each message at once', async () => {
    const [socket] = await audience(1, 0);
    await hub.publish('room/1', { n: 1 });
    await until(() => socket!.messages().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await hub.publish('room/1', { n: 2 });
    await until(() => socket!.messages().length === 2);
    expect(socket!.messageFrames()).toHaveLength(2);
  });

  it('stretches the window of an audience whose writes are costly, so its writes stay about a quarter of the event loop', async () => {
    // 200 sockets at 0.05 ms a write: a batch costs ~10 ms, so the next one waits ~40 ms
    const sockets = await audience(200, 0.05);
    const first = sockets[0]!;
    await hub.publish('room/1', { n: 0 });
    await until(() => sockets.every((s) => s.messages().length === 1));
    const firstAt = first.messageFrames()[0]!.at;
    for (let n = 1; n <= 5; n += 1) await hub.publish('room/1', { n });
    await until(() => sockets.every((s) => s.messages().length === 6));
    // the five later messages come together, in order, one write per socket
    for (const socket of sockets) {
      expect(socket.messageFrames()).toHaveLength(2);
      expect(socket.messages()).toEqual([0, 1, 2, 3, 4, 5].map((n) => ({ n })));
    }
    const gap = first.messageFrames()[1]!.at - firstAt;
    expect(gap).toBeGreaterThanOrEqual(25);
    expect(gap).toBeLessThanOrEqual(100 + 50);
  });
});
