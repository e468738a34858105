import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionRefused, startSlowRequest } from '../../../test/slowClient.ts';
import { drainConnections } from './drain.ts';

/** Steps of a close, in the order the server saw them. */
type Step = 'answered' | 'hooks' | 'closed';

async function serve(routes: (app: FastifyInstance) => void): Promise<{ app: FastifyInstance; origin: string; steps: Step[] }> {
  const app = Fastify();
  const steps: Step[] = [];
  drainConnections(app);
  routes(app);
  app.addHook('onResponse', async () => { steps.push('answered'); });
  // an app's own close work (database, queues): after the server has closed
  app.addHook('onClose', async () => { steps.push('hooks'); });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, steps };
}

/** the next turns of the event loop until `check` holds (no clock involved) */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

const arrival = (app: FastifyInstance) => new Promise<void>((resolve) => app.server.once('request', () => resolve()));

describe('drainConnections: a closing server answers what is in flight, then closes', () => {
  let open: FastifyInstance | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  it('a request whose body is still arriving is answered with Connection: close; its connection ends; then the close completes', async () => {
    const { app, origin, steps } = await serve((a) => a.post('/echo', async (request) => ({ got: request.body })));
    open = app;
    const arrived = arrival(app);
    const request = await startSlowRequest(origin, {
      method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answer: 42 }), sentFirst: 4,
    });
    await arrived;

    const closed = app.close().then(() => { steps.push('closed'); });
    // the server stops listening while the request waits for the rest of its body
    await until(() => !app.server.listening);
    expect(await connectionRefused(origin)).toBe(true);
    expect(steps).toEqual([]);

    request.finish();
    const answer = await request.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ got: { answer: 42 } });
    expect(answer.headers.connection).toBe('close');
    // the server ends the kept-alive connection instead of waiting out its keep-alive timeout
    await request.ended;
    await closed;
    expect(steps).toEqual(['answered', 'hooks', 'closed']);
  });

  it('a handler still running when the close starts finishes and is answered before the close completes', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let started!: () => void;
    const running = new Promise<void>((resolve) => { started = resolve; });
    const { app, origin, steps } = await serve((a) => a.get('/slow', async () => {
      started();
      await released;
      return { done: true };
    }));
    open = app;
    const request = await startSlowRequest(origin, { method: 'GET', path: '/slow', body: '', sentFirst: 0 });
    await running;

    const closed = app.close().then(() => { steps.push('closed'); });
    await until(() => !app.server.listening);
    expect(steps).toEqual([]);
    release();
    const answer = await request.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ done: true });
    expect(answer.headers.connection).toBe('close');
    await request.ended;
    await closed;
    expect(steps).toEqual(['answered', 'hooks', 'closed']);
  });

  it('an idle kept-alive connection does not hold the close', async () => {
    const { app, origin, steps } = await serve((a) => a.get('/hello', async () => ({ hello: 'world' })));
    open = app;
    const agent = new http.Agent({ keepAlive: true });
    const socketEnded = new Promise<void>((resolve, reject) => {
      http.get(`${origin}/hello`, { agent }, (res) => {
        res.socket.once('close', () => resolve());
        res.resume();
      }).once('error', reject);
    });
    await until(() => steps.length === 1);
    await app.close();
    steps.push('closed');
    await socketEnded;
    agent.destroy();
    expect(steps).toEqual(['answered', 'hooks', 'closed']);
  });
});
