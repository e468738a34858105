import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { STREAMING_PATHS } from '@lp/shared/contract';
import { ingestWebcastOf, startClusterProxy, type ClusterProxy } from './proxy.ts';

/** A stand-in node: says who it is, echoes bodies, answers readiness as told, and a socket that greets. */
async function fakeNode(name: string): Promise<{ app: FastifyInstance; origin: string; ready: { ok: boolean } }> {
  const ready = { ok: true };
  const app = Fastify();
  await app.register(websocket);
  app.get('/api/health/ready', async (_request, reply) => reply.status(ready.ok ? 200 : 503).send({ status: ready.ok ? 'ok' : 'error' }));
  app.get('/api/who', async () => ({ name }));
  app.get(`/api${STREAMING_PATHS.streamingState(':id')}`, async () => ({ name }));
  app.addContentTypeParser('application/sdp', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post(`/api${STREAMING_PATHS.whep(':id', ':grant')}`, async () => ({ name }));
  app.delete(`/api${STREAMING_PATHS.whepSession(':id', ':grant', ':viewer')}`, async () => ({ name }));
  app.post('/api/echo', async (request) => ({ name, body: request.body }));
  app.get('/api/realtime', { websocket: true }, (socket) => socket.send(name));
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin, ready };
}

describe('the reference proxy (server/test/cluster/proxy.ts)', () => {
  const apps: FastifyInstance[] = [];
  let proxy: ClusterProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    for (const app of apps.splice(0)) await app.close();
  });
  async function two() {
    const a = await fakeNode('a');
    const b = await fakeNode('b');
    apps.push(a.app, b.app);
    proxy = await startClusterProxy({ upstreams: [a.origin, b.origin], healthIntervalMs: 100 });
    return { a, b, proxy };
  }
  const who = async (origin: string, path = '/api/who') => ((await (await fetch(`${origin}${path}`)).json()) as { name: string }).name;

  it('takes turns, and passes bodies and websockets', async () => {
    const { proxy: p } = await two();
    const names = [];
    for (let i = 0; i < 4; i += 1) names.push(await who(p.origin));
    expect(names.sort()).toEqual(['a', 'a', 'b', 'b']);
    const echoed = await fetch(`${p.origin}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ x: 1 }) });
    expect((await echoed.json() as { body: unknown }).body).toEqual({ x: 1 });
    const greetings = await Promise.all([0, 1].map(() => new Promise<string>((resolve, reject) => {
      const ws = new WebSocket(`${p.origin.replace('http', 'ws')}/api/realtime`);
      ws.once('message', (data) => {
        resolve(String(data));
        ws.close();
      });
      ws.once('error', reject);
    })));
    expect(greetings.sort()).toEqual(['a', 'b']);
  });

  it('leaves out a node that is not ready, and sends a call refused by a dead node to the other', async () => {
    const { a, b, proxy: p } = await two();
    b.ready.ok = false;
    await p.until(b.origin, false);
    for (let i = 0; i < 3; i += 1) expect(await who(p.origin)).toBe('a');
    b.ready.ok = true;
    await p.until(b.origin, true);
    // a dies between two health checks: its broken or refused connections send reads to b, and
    // the proxy stops choosing a at once, so a POST goes to b too
    await a.app.close();
    for (let i = 0; i < 3; i += 1) expect(await who(p.origin)).toBe('b');
    expect(p.upstreams[0]!.healthy).toBe(false);
    const res = await fetch(`${p.origin}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
    expect(await res.json()).toEqual({ name: 'b', body: { n: 1 } });
  });

  it('answers 503 when no node is ready', async () => {
    const { a, b, proxy: p } = await two();
    a.ready.ok = false;
    b.ready.ok = false;
    await p.until(a.origin, false);
    await p.until(b.origin, false);
    expect((await fetch(`${p.origin}/api/who`)).status).toBe(503);
  });

  it('routes the ingest of one webcast, calls and signalling socket, to one node', () => {
    expect(ingestWebcastOf(`/api${STREAMING_PATHS.startStreaming(12)}`)).toBe('12');
    expect(ingestWebcastOf(`/api${STREAMING_PATHS.streamingState(12)}?x=1`)).toBe('12');
    expect(ingestWebcastOf(`/api${STREAMING_PATHS.stopStreaming(7)}`)).toBe('7');
    expect(ingestWebcastOf(`/api${STREAMING_PATHS.signalling}?webcast=12`)).toBe('12');
    expect(ingestWebcastOf('/api/admin_webcasts/webcasts/12/')).toBeNull();
    expect(ingestWebcastOf(`/api${STREAMING_PATHS.signalling}`)).toBeNull();
  });

  it('routes a viewer\'s WebRTC playback (WHEP offer and session) by the webcast id in its path, as the ingest', () => {
    const grant = 'eyJ3IjoxMiwiZSI6MX0.c2lnbmF0dXJl-_';
    expect(ingestWebcastOf(`/api${STREAMING_PATHS.whep(12, grant)}`)).toBe('12');
    expect(ingestWebcastOf(`/api${STREAMING_PATHS.whepSession(12, grant, 'ab'.repeat(12))}`)).toBe('12');
    // the grant alone (no id beside it) names nothing the proxy can read, digits or not
    expect(ingestWebcastOf(`/api/streaming/whep/${grant}`)).toBeNull();
    expect(ingestWebcastOf('/api/streaming/whep/1234.abcd')).toBeNull();
  });

  it('sends every ingest call of a webcast to the same node while it lives, and to the other once it is gone', async () => {
    const { b, proxy: p } = await two();
    const owners = new Map<number, Set<string>>();
    for (let id = 1; id <= 8; id += 1) {
      for (let i = 0; i < 3; i += 1) {
        const name = await who(p.origin, `/api${STREAMING_PATHS.streamingState(id)}`);
        owners.set(id, (owners.get(id) ?? new Set()).add(name));
      }
      // its viewers' WHEP offers and hang-ups reach the node of its ingest
      const whep = `${p.origin}/api${STREAMING_PATHS.whep(id, 'grant.mac')}`;
      const offered = await fetch(whep, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: 'v=0\r\n' });
      const hungUp = await fetch(`${p.origin}/api${STREAMING_PATHS.whepSession(id, 'grant.mac', 'ab'.repeat(12))}`, { method: 'DELETE' });
      for (const res of [offered, hungUp]) owners.get(id)!.add(((await res.json()) as { name: string }).name);
    }
    // one node per webcast, and the webcasts spread over both
    expect([...owners.values()].every((s) => s.size === 1)).toBe(true);
    expect(new Set([...owners.values()].map((s) => [...s][0])).size).toBe(2);
    b.ready.ok = false;
    await p.until(b.origin, false);
    for (let id = 1; id <= 8; id += 1) expect(await who(p.origin, `/api${STREAMING_PATHS.streamingState(id)}`)).toBe('a');
  });
});
