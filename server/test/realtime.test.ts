import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsChannel, REALTIME_CLOSE, REALTIME_TICKET_PATH } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { BASIC, bearer, buildTestApp, DIALECTS, login, type Dialect, type TestApp, type Tokens } from './helpers.ts';
import { openSocket, rawSocket, sleep, ticketFor } from './realtimeFixtures.ts';
import { userId } from './userFixtures.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** short heartbeats: a presence or a silent socket is stale after 3 × 200 ms */
const HEARTBEAT_MS = 200;

const SETUPS: Array<{ label: string; dialect: Dialect; redis: boolean }> = [
  ...DIALECTS.map((dialect) => ({ label: `${dialect}, in-process bus`, dialect, redis: false })),
  { label: 'postgres, Redis bus and presence', dialect: 'postgres', redis: true },
];

/** DESIGN "Realtime": the socket at /api/realtime, its tickets, channels, fan-out and liveness. */
describe.each(SETUPS)('realtime ($label)', ({ dialect, redis }) => {
  let t: TestApp;
  let learner: Tokens;
  let learnerId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      realtimeHeartbeatMs: HEARTBEAT_MS,
      ...(redis ? { redisUrl: REDIS_URL, redisPrefix: `lp-test-${randomBytes(4).toString('hex')}`, runJobs: false } : {}),
    });
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    learnerId = await userId(t.app, DEMO.learner.email);
  });
  afterAll(async () => t?.close());

  it('runs on the bus the configuration asks for', () => {
    expect(t.app.realtime.hub.busKind).toBe(redis ? 'redis' : 'memory');
  });

  describe('tickets', () => {
    it('needs a login', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api${REALTIME_TICKET_PATH}` });
      expect(res.statusCode).toBe(401);
    });

    it('answers a one-use ticket valid 30 s, never cached', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api${REALTIME_TICKET_PATH}`, headers: bearer(learner) });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ticket: expect.stringMatching(/^[\w-]{43}$/), expires_in: 30 });
      expect(res.headers['cache-control']).toBe('no-store');
      // only its hash is stored
      const stored = await t.app.db.selectFrom('realtime_tickets').select('ticket_hash').where('ticket_hash', '=', hashToken(res.json().ticket)).execute();
      expect(stored).toHaveLength(1);
    });
  });

  describe('authentication of the socket', () => {
    it('a ticket in the URL opens it: ready, with the user and the heartbeat interval', async () => {
      const socket = await rawSocket(t.app, `?ticket=${await ticketFor(t.app, learner)}`);
      expect(await socket.next()).toEqual({ type: 'ready', user_id: learnerId, heartbeat_ms: HEARTBEAT_MS });
      socket.close();
    });

    it('or the first frame brings it', async () => {
      const socket = await rawSocket(t.app);
      socket.send({ type: 'auth', ticket: await ticketFor(t.app, learner) });
      expect(await socket.next()).toMatchObject({ type: 'ready', user_id: learnerId });
      socket.close();
    });

    it('anything else first closes it with 4401', async () => {
      const socket = await rawSocket(t.app);
      socket.send({ type: 'subscribe', channel: notificationsChannel(learnerId) });
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.authFailed);
    });

    it('an unknown ticket closes it with 4401', async () => {
      const socket = await rawSocket(t.app, '?ticket=not-a-ticket');
      expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.authFailed, reason: 'realtime_ticket_invalid' });
    });

    it('a ticket works once', async () => {
      const ticket = await ticketFor(t.app, learner);
      const first = await rawSocket(t.app, `?ticket=${ticket}`);
      await first.next((f) => f.type === 'ready');
      const second = await rawSocket(t.app, `?ticket=${ticket}`);
      expect((await second.closed).code).toBe(REALTIME_CLOSE.authFailed);
      first.close();
    });

    it('an expired ticket is refused', async () => {
      const ticket = await ticketFor(t.app, learner);
      await t.app.db.updateTable('realtime_tickets').set({ expires_at: new Date(Date.now() - 1000) }).where('ticket_hash', '=', hashToken(ticket)).execute();
      const socket = await rawSocket(t.app, `?ticket=${ticket}`);
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.authFailed);
    });

    it('a ticket of a login that has since logged out is refused', async () => {
      const session = await login(t.app, DEMO.learner.email, DEMO.learner.password);
      const ticket = await ticketFor(t.app, session);
      const out = await t.app.inject({
        method: 'POST', url: '/api/o/revoke_token/', headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: session.access_token }).toString(),
      });
      expect(out.statusCode).toBe(200);
      const socket = await rawSocket(t.app, `?ticket=${ticket}`);
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.authFailed);
    });

    it('closes the socket when the access token behind it expires (the client comes back with a new ticket)', async () => {
      const ticket = await ticketFor(t.app, learner);
      await t.app.db.updateTable('realtime_tickets').set({ session_expires_at: new Date(Date.now() + 400) })
        .where('ticket_hash', '=', hashToken(ticket)).execute();
      const socket = await rawSocket(t.app, `?ticket=${ticket}`);
      await socket.next((f) => f.type === 'ready');
      const keepAlive = setInterval(() => socket.send({ type: 'ping' }), HEARTBEAT_MS / 2);
      const closed = await socket.closed;
      clearInterval(keepAlive);
      expect(closed).toEqual({ code: REALTIME_CLOSE.authFailed, reason: 'token_expired' });
    });
  });

  describe('channels', () => {
    it('notifications: one\'s own only', async () => {
      const socket = await openSocket(t.app, learner);
      expect(await socket.subscribe(notificationsChannel(learnerId))).toBeNull();
      expect(await socket.refused(notificationsChannel(learnerId + 1000))).toBe('permission_denied');
      socket.close();
    });

    it('refuses unknown kinds and malformed names', async () => {
      const socket = await openSocket(t.app, learner);
      expect(await socket.refused('secret_stuff/1')).toBe('invalid_channel');
      expect(await socket.refused('notifications/x')).toBe('invalid_channel');
      expect(await socket.refused(`notifications/${learnerId}/extra`)).toBe('invalid_channel');
      socket.send({ type: 'subscribe', channel: '../../etc' });
      expect(await socket.next((f) => f.type === 'error')).toEqual({ type: 'error', code: 'validation_error' });
      socket.send({ type: 'shout' });
      expect(await socket.next((f) => f.type === 'error')).toEqual({ type: 'error', code: 'validation_error' });
      socket.close();
    });

    it('fans a publish out to every subscriber, and to no one after they unsubscribe', async () => {
      const channel = notificationsChannel(learnerId);
      const [a, b] = [await openSocket(t.app, learner), await openSocket(t.app, learner)];
      await a.subscribe(channel);
      await b.subscribe(channel);
      await t.app.realtime.publish(channel, { kind: 'hello', n: 1 });
      expect(await a.message(channel)).toEqual({ kind: 'hello', n: 1 });
      expect(await b.message(channel)).toEqual({ kind: 'hello', n: 1 });

      a.send({ type: 'unsubscribe', channel });
      expect(await a.next((f) => f.type === 'unsubscribed')).toEqual({ type: 'unsubscribed', channel });
      await t.app.realtime.publish(channel, { n: 2 });
      expect(await b.message(channel)).toEqual({ n: 2 });
      await a.quiet((f) => f.type === 'message');
      a.close();
      b.close();
    });

    it('keeps publishes in order for each subscriber', async () => {
      const channel = notificationsChannel(learnerId);
      const socket = await openSocket(t.app, learner);
      await socket.subscribe(channel);
      for (let n = 0; n < 50; n += 1) void t.app.realtime.publish(channel, { n });
      const got: number[] = [];
      for (let n = 0; n < 50; n += 1) got.push((await socket.message(channel)).n as number);
      expect(got).toEqual([...Array(50).keys()]);
      socket.close();
    });

    it('sends a burst of one channel in a few frames (JSON arrays), nothing lost, in order', async () => {
      const channel = notificationsChannel(learnerId);
      const socket = await openSocket(t.app, learner);
      await socket.subscribe(channel);
      let frames = 0;
      socket.ws.on('message', () => { frames += 1; });
      for (let n = 0; n < 100; n += 1) void t.app.realtime.publish(channel, { n });
      const got: number[] = [];
      for (let n = 0; n < 100; n += 1) got.push((await socket.message(channel)).n as number);
      expect(got).toEqual([...Array(100).keys()]);
      expect(frames).toBeLessThan(100);
      socket.close();
    });

    it('limits the subscriptions of one socket to 100 channels', async () => {
      // a kind anyone may read, so that one user can ask for many channels
      t.app.realtime.define<string>('test_open', { parse: ([x]) => x ?? null, authorize: async () => null });
      const socket = await openSocket(t.app, learner);
      for (let i = 0; i < 100; i += 1) socket.send({ type: 'subscribe', channel: `test_open/${i}` });
      for (let i = 0; i < 100; i += 1) await socket.next((f) => f.type === 'subscribed');
      expect(await socket.refused('test_open/100')).toBe('too_many_subscriptions');
      // the same channel again is not one more
      expect(await socket.subscribe('test_open/7')).toBeNull();
      socket.send({ type: 'unsubscribe', channel: 'test_open/0' });
      expect(await socket.subscribe('test_open/100')).toBeNull();
      socket.close();
    });
  });

  describe('liveness', () => {
    it('answers ping with pong', async () => {
      const socket = await openSocket(t.app, learner);
      socket.send({ type: 'ping' });
      expect(await socket.next()).toEqual({ type: 'pong' });
      socket.close();
    });

    it('closes a socket that stopped sending heartbeats (4410)', async () => {
      const socket = await openSocket(t.app, learner);
      const started = Date.now();
      expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.heartbeatTimeout, reason: 'heartbeat timeout' });
      // stale after three intervals, checked every half interval
      expect(Date.now() - started).toBeGreaterThanOrEqual(3 * HEARTBEAT_MS);
      expect(Date.now() - started).toBeLessThan(3 * HEARTBEAT_MS + 1000);
    });

    it('keeps a socket that sends heartbeats', async () => {
      const socket = await openSocket(t.app, learner);
      const keepAlive = setInterval(() => socket.send({ type: 'ping' }), HEARTBEAT_MS);
      await sleep(6 * HEARTBEAT_MS);
      clearInterval(keepAlive);
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
      socket.close();
    });
  });

  it('a graceful close tells the sockets to go elsewhere (1001) and ends them', async () => {
    const other = await buildTestApp(dialect, {
      realtimeHeartbeatMs: HEARTBEAT_MS,
      ...(redis ? { redisUrl: REDIS_URL, redisPrefix: `lp-test-${randomBytes(4).toString('hex')}`, runJobs: false } : {}),
    });
    const tokens = await login(other.app, DEMO.learner.email, DEMO.learner.password);
    const socket = await openSocket(other.app, tokens);
    expect(other.app.realtime.hub.connectionCount).toBe(1);
    await other.close();
    expect((await socket.closed).code).toBe(1001);
  });
});
