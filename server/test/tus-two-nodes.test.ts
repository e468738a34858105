import http from 'node:http';
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { UPLOAD_KINDS } from '@lp/shared/contract';
import appPlugin from '../src/app.ts';
import { fastifyOptions } from '../src/config.ts';
import { eventually } from './eventually.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { tusCreate } from './mediaFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TUS_HEADERS = { 'tus-resumable': '1.0.0' };
const KiB = 1024;

interface StalledPatch {
  /** sends the rest of the body the request announced (a client that was only slow) */
  finish(rest: Buffer): void;
  /** the node's answer (status and Upload-Offset), or null when the connection closed without one */
  answered: Promise<{ status: number; offset: string | undefined } | null>;
  /** drops the connection (a failed test must not leave it open: the nodes' close would wait for it) */
  abort(): void;
}

/** A PATCH over a real connection announcing `length` bytes, of which only `first` are sent for now (a stalled client). */
function stalledPatch(origin: string, url: string, tokens: Tokens, length: number, first: Buffer): StalledPatch {
  const request = http.request(`${origin}${url}`, {
    method: 'PATCH',
    headers: { ...TUS_HEADERS, ...bearer(tokens), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(length) },
  });
  const answered = new Promise<{ status: number; offset: string | undefined } | null>((resolve) => {
    request.on('error', () => resolve(null));
    request.on('close', () => resolve(null));
    request.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, offset: res.headers['upload-offset'] as string | undefined });
    });
  });
  request.write(first);
  return {
    finish(rest) {
      if (!request.destroyed) request.end(rest);
    },
    answered,
    abort: () => request.destroy(),
  };
}

/**
 * Issue #23, docs/production.md "Topology": two API nodes on one database, one Redis and one
 * DATA_DIR. A client whose PATCH stalls on node A retries through the proxy on node B: B waits for
 * the upload's lock, asks A over Redis to let go (tus ends A's request), and writes once A has.
 */
describe.each(DIALECTS)('tus upload lock across two nodes on %s', (dialect) => {
  const redisPrefix = `lp-test-${randomBytes(4).toString('hex')}`;
  let a: TestApp;
  let b: FastifyInstance;
  let origin: string;
  let manager: Tokens;
  let redis: Redis;
  const connections: StalledPatch[] = [];

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    a = await buildTestApp(dialect, { redisUrl: REDIS_URL, redisPrefix, runJobs: false });
    // node B: the same database, Redis prefix and DATA_DIR (the shared volume of the topology)
    b = Fastify({ ...fastifyOptions(a.config), logger: false, pluginTimeout: 60_000 });
    await b.register(appPlugin, { config: a.config, serveStatic: false });
    await b.ready();
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const su = await loginSuperuser(a.app);
    manager = (await adminWith(a.app, su, (await clientIds(a.app)).demo, ['trainings', 'trainings_manage'])).tokens;
  }, 120_000);
  afterAll(async () => {
    for (const connection of connections) connection.abort();
    await b?.close();
    await a?.close();
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('serves a PATCH on node B once node A, asked over Redis, let go of the upload', async () => {
    const length = 256 * KiB;
    const sent = 64 * KiB;
    // the stalled client's bytes and the retry's differ, so that bytes of both in one place would show
    const stalledBody = Buffer.alloc(length, 1);
    const retryBody = Buffer.alloc(length, 2);
    const created = await tusCreate(a.app, manager, length, 'manual.pdf', UPLOAD_KINDS.trainingModule);
    expect(created.statusCode, created.body).toBe(201);
    const url = created.headers.location as string;
    const id = url.split('/').pop()!;

    // node A: the client's PATCH sends 64 KiB, reaching the store, then stalls holding the lock
    const stalled = stalledPatch(origin, url, manager, length, stalledBody.subarray(0, sent));
    connections.push(stalled);
    await eventually('the stalled bytes on disk', async () => (await a.app.tus.progress(id))?.offset === sent);
    expect(await redis.exists(`${redisPrefix}:tus:lock:${id}`)).toBe(1);

    // node B: the client's retry from where it knows the upload stands
    const retry = await b.inject({
      method: 'PATCH', url, payload: retryBody.subarray(sent),
      headers: { ...TUS_HEADERS, ...bearer(manager), 'upload-offset': String(sent), 'content-type': 'application/offset+octet-stream' },
    });
    expect(retry.statusCode, retry.body).toBe(204);
    expect(retry.headers['upload-offset']).toBe(String(length));
    // A's request was ended by the release request (with an in-process lock it would still be open)
    expect(await stalled.answered).toEqual({ status: 204, offset: String(sent) });

    // the stalled client wakes up and sends the rest: nothing of it reaches the upload
    stalled.finish(stalledBody.subarray(sent));
    const head = await a.app.inject({ method: 'HEAD', url, headers: { ...TUS_HEADERS, ...bearer(manager) } });
    expect(head.headers['upload-offset']).toBe(String(length));
    const stored = await a.app.tus.readWith(id, (file) => fs.readFile(file));
    expect(stored.equals(Buffer.concat([stalledBody.subarray(0, sent), retryBody.subarray(sent)]))).toBe(true);
    expect(await redis.exists(`${redisPrefix}:tus:lock:${id}`)).toBe(0);
  });
});
