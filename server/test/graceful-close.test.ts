import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { BASIC, buildTestApp, DIALECTS, type Dialect, type TestApp } from './helpers.ts';
import { openNetworkSocket } from './realtimeFixtures.ts';
import { connectionRefused, startSlowRequest } from './slowClient.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const SETUPS: Array<{ label: string; dialect: Dialect; redis: boolean }> = [
  ...DIALECTS.map((dialect) => ({ label: dialect, dialect, redis: false })),
  // the Redis bus, presence, limits, session-cache bus and BullMQ queue each have a connection to end
  { label: 'postgres + Redis', dialect: 'postgres', redis: true },
];

/** the next turns of the event loop until `check` holds (no clock involved) */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * SIGTERM's close of the whole app (server.ts calls app.close(); docs/production.md "Topology"):
 * the request in flight is answered, the sockets are told to go elsewhere (1001), new connections
 * are refused, and every close hook (database, Redis, queue, content origin) completes once the
 * answer is out — before, the answered connection stayed open for its keep-alive timeout and the
 * close waited for it.
 */
describe.each(SETUPS)('graceful close of the app ($label)', ({ dialect, redis }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers a login whose body is still arriving, closes the sockets with 1001, then closes every hook', async () => {
    const steps: string[] = [];
    t = await buildTestApp(dialect, redis ? { redisUrl: REDIS_URL, redisPrefix: `lp-test-${randomBytes(4).toString('hex')}` } : {}, (app) => {
      app.addHook('onResponse', async (request) => {
        if (request.url === '/api/o/token/') steps.push('answered');
      });
      // registered last, so it runs first of the app's onClose hooks: the server has closed by then
      app.addHook('onClose', async () => { steps.push('hooks'); });
    });
    const { app } = t;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const login = await (await fetch(`${origin}/api/o/token/`, {
      method: 'POST', headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password }),
    })).json() as { access_token: string };
    steps.length = 0;
    const socket = await openNetworkSocket(origin, login.access_token);

    const arrived = new Promise<void>((resolve) => app.server.once('request', () => resolve()));
    const form = new URLSearchParams({ grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password }).toString();
    const request = await startSlowRequest(origin, {
      method: 'POST', path: '/api/o/token/', headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' }, body: form, sentFirst: 10,
    });
    await arrived;

    const closed = t.app.close().then(() => { steps.push('closed'); });
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.goingAway);
    await until(() => !app.server.listening);
    expect(await connectionRefused(origin)).toBe(true);
    expect(steps).toEqual([]);

    request.finish();
    const answer = await request.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer' });
    expect(answer.headers.connection).toBe('close');
    await request.ended;
    await closed;
    expect(steps).toEqual(['answered', 'hooks', 'closed']);
  });
});
