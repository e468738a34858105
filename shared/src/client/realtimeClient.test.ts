import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, realtimeUrl, type RealtimeClient, type RealtimeSocketLike } from './realtimeClient.ts';
import type { RealtimeClientFrame, RealtimeServerFrame } from '../contract/realtime.ts';

class FakeSocket implements RealtimeSocketLike {
  readyState = 0;
  sent: RealtimeClientFrame[] = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: RealtimeSocketLike['onopen'] = null;
  onmessage: RealtimeSocketLike['onmessage'] = null;
  onclose: RealtimeSocketLike['onclose'] = null;
  onerror: RealtimeSocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as RealtimeClientFrame);
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  /** the server side */
  open(heartbeatMs = 1000) {
    this.readyState = 1;
    this.onopen?.({});
    this.frame({ type: 'ready', user_id: 7, heartbeat_ms: heartbeatMs });
  }
  frame(frame: RealtimeServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  types() {
    return this.sent.map((f) => (f.type === 'subscribe' || f.type === 'unsubscribe' ? `${f.type} ${f.channel}` : f.type === 'presence' ? `presence ${f.channel} ${f.st}` : f.type));
  }
}

describe('realtime client (DESIGN "Realtime")', () => {
  let sockets: FakeSocket[];
  let tickets: number;
  let client: RealtimeClient;

  const make = (getTicket?: () => Promise<string>) => createRealtimeClient({
    url: 'ws://host/api/realtime',
    getTicket: getTicket ?? (async () => `t${++tickets}`),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    minDelayMs: 100,
    maxDelayMs: 1000,
    lingerMs: 50,
    random: () => 1,
  });
  const last = () => sockets[sockets.length - 1]!;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    tickets = 0;
    client = make();
  });
  afterEach(() => {
    client.close();
    vi.useRealTimers();
  });

  it('connects on the first subscription with a fresh ticket and subscribes once ready', async () => {
    expect(sockets).toHaveLength(0);
    const snapshot = vi.fn();
    const message = vi.fn();
    client.subscribe('webcast_chat/5/public', { snapshot, message });
    await vi.advanceTimersByTimeAsync(0);
    expect(last().url).toBe('ws://host/api/realtime?ticket=t1');
    expect(client.status()).toBe('connecting');
    expect(last().sent).toEqual([]);
    last().open();
    expect(client.status()).toBe('open');
    expect(last().types()).toEqual(['subscribe webcast_chat/5/public']);
    last().frame({ type: 'subscribed', channel: 'webcast_chat/5/public', snapshot: { messages: [] } });
    last().frame({ type: 'message', channel: 'webcast_chat/5/public', data: { n: 1 } });
    last().frame({ type: 'message', channel: 'webcast_chat/5/moderation', data: { n: 2 } });
    expect(snapshot).toHaveBeenCalledWith({ messages: [] });
    expect(message.mock.calls).toEqual([[{ n: 1 }]]);
  });

  it('reads a batch (a JSON array of frames) as its frames in order', async () => {
    const message = vi.fn();
    client.subscribe('a/1', { message });
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().onmessage?.({ data: JSON.stringify([
      { type: 'message', channel: 'a/1', data: 1 },
      { type: 'message', channel: 'a/1', data: 2 },
    ]) });
    expect(message.mock.calls).toEqual([[1], [2]]);
  });

  it('pings at the interval the server gives', async () => {
    client.subscribe('a/1', {});
    await vi.advanceTimersByTimeAsync(0);
    last().open(1000);
    await vi.advanceTimersByTimeAsync(1000);
    last().frame({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(last().types().filter((t) => t === 'ping')).toHaveLength(2);
  });

  it('replaces a connection that stopped answering', async () => {
    client.subscribe('a/1', {});
    await vi.advanceTimersByTimeAsync(0);
    const first = last();
    first.open(1000);
    // no frame for longer than three intervals
    await vi.advanceTimersByTimeAsync(4000);
    expect(first.closed?.code).toBe(4000);
    await vi.advanceTimersByTimeAsync(200);
    expect(sockets).toHaveLength(2);
    expect(last().url).toContain('ticket=t2');
  });

  it('reconnects with backoff after a drop, with a new ticket, and subscribes and joins again', async () => {
    const snapshot = vi.fn();
    client.subscribe('webcast_chat/5/public', { snapshot });
    client.presence('webcast_user_online/5');
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    expect(last().types()).toEqual(['subscribe webcast_chat/5/public', 'presence webcast_user_online/5 on']);

    last().drop();
    expect(client.status()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(99);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(last().url).toContain('ticket=t2');
    // the second attempt fails before the server is ready: the delay doubles
    last().drop(4401);
    await vi.advanceTimersByTimeAsync(199);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(last().types()).toEqual(['subscribe webcast_chat/5/public', 'presence webcast_user_online/5 on']);
    last().frame({ type: 'subscribed', channel: 'webcast_chat/5/public', snapshot: { messages: [{ id: 1 }] } });
    expect(snapshot).toHaveBeenLastCalledWith({ messages: [{ id: 1 }] });
    // after a success the backoff starts over
    last().drop();
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(4);
  });

  it('keeps trying when the ticket call fails (e.g. offline), up to the longest delay', async () => {
    let fail = true;
    client.close();
    client = make(async () => {
      if (fail) throw new Error('offline');
      return 'ok';
    });
    client.subscribe('a/1', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(client.status()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 800 + 1000);
    expect(sockets).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(1);
    expect(last().url).toContain('ticket=ok');
  });

  it('a server going away (1001) is reconnected at the shortest delay', async () => {
    client.subscribe('a/1', {});
    await vi.advanceTimersByTimeAsync(0);
    last().drop();
    await vi.advanceTimersByTimeAsync(100);
    last().drop(4401);
    await vi.advanceTimersByTimeAsync(200);
    last().open();
    last().drop(1001);
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(4);
  });

  it('unsubscribes, leaves and closes the socket once nothing is wanted (after a short linger)', async () => {
    const stop = client.subscribe('a/1', {});
    const leave = client.presence('b/1');
    const leaveToo = client.presence('b/1');
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    leave();
    expect(last().types()).toEqual(['subscribe a/1', 'presence b/1 on']);
    leaveToo();
    stop();
    stop();
    expect(last().types()).toEqual(['subscribe a/1', 'presence b/1 on', 'presence b/1 off', 'unsubscribe a/1']);
    expect(last().closed).toBeNull();
    await vi.advanceTimersByTimeAsync(50);
    expect(last().closed?.code).toBe(1000);
    expect(client.status()).toBe('idle');
  });

  it('a view that re-mounts within the linger keeps the socket', async () => {
    const stop = client.subscribe('a/1', {});
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    stop();
    client.subscribe('a/1', {});
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(1);
    expect(last().closed).toBeNull();
  });

  it('a second handler of a channel asks again and both get the snapshot', async () => {
    const one = vi.fn();
    const two = vi.fn();
    client.subscribe('a/1', { snapshot: one });
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    client.subscribe('a/1', { snapshot: two });
    expect(last().types()).toEqual(['subscribe a/1', 'subscribe a/1']);
    last().frame({ type: 'subscribed', channel: 'a/1', snapshot: 3 });
    expect(one).toHaveBeenCalledWith(3);
    expect(two).toHaveBeenCalledWith(3);
  });

  it('reports a refused channel and does not ask for it again after a reconnection', async () => {
    const error = vi.fn();
    client.subscribe('webcast_chat/5/moderation', { error });
    client.subscribe('webcast_chat/5/public', {});
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().frame({ type: 'error', channel: 'webcast_chat/5/moderation', code: 'permission_denied' });
    expect(error).toHaveBeenCalledWith('permission_denied');
    last().drop();
    await vi.advanceTimersByTimeAsync(100);
    last().open();
    expect(last().types()).toEqual(['subscribe webcast_chat/5/public']);
  });

  it('reports its status to listeners', async () => {
    const seen: string[] = [];
    client.onStatus((s) => seen.push(s));
    const stop = client.subscribe('a/1', {});
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    last().drop();
    await vi.advanceTimersByTimeAsync(100);
    last().open();
    stop();
    await vi.advanceTimersByTimeAsync(50);
    expect(seen).toEqual(['connecting', 'open', 'reconnecting', 'open', 'idle']);
  });

  it('close() stops for good', async () => {
    client.subscribe('a/1', {});
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    client.close();
    expect(last().closed?.code).toBe(1000);
    last().drop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sockets).toHaveLength(1);
  });

  it('builds the socket URL from the page origin', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'lp.example.com' })).toBe('wss://lp.example.com/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: 'x' }, 'https://api.example.com/')).toBe('wss://api.example.com/api/realtime');
  });
});
