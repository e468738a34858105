import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { fastifyOptions, loadConfig, loggerOptions, requestIdOf } from '../src/config.ts';
import { buildTestApp, type Dialect, type TestApp } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One sample of a Prometheus text exposition, by name and exact labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const set = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    const found = Object.fromEntries([...set.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(line.split(' ').pop());
  }
  return null;
}

/** docs/production.md "Observability" and "Health". */
const SETUPS: Array<{ label: string; dialect: Dialect; redis: boolean }> = [
  { label: 'table queue on sqlite', dialect: 'sqlite', redis: false },
  { label: 'BullMQ and Redis on postgres', dialect: 'postgres', redis: true },
];

describe.each(SETUPS)('health and metrics: $label', ({ dialect, redis }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      jobRetryBaseMs: 20,
      ...(redis ? { redisUrl: REDIS_URL, redisPrefix: `lp-test-${randomBytes(4).toString('hex')}` } : {}),
    });
    t.app.jobs.define<{ fail: boolean }>('metrics_probe', async ({ fail }) => {
      if (fail) throw new Error('probe failure');
    });
  });
  afterAll(async () => { await t?.close(); });

  it('answers liveness, and readiness with each dependency', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', db: 'ok', redis: redis ? 'ok' : 'off', storage: 'ok', dialect });
    }
  });

  it('is not ready while the file store is gone, and is again when it is back', async () => {
    const moved = `${t.config.dataDir}-moved`;
    fs.renameSync(t.config.dataDir, moved);
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', storage: 'error', db: dialect === 'postgres' ? 'ok' : expect.any(String) });
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      fs.renameSync(moved, t.config.dataDir);
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('counts requests per route pattern and status, and times jobs by outcome', async () => {
    await t.app.inject({ url: '/api/health/live' });
    await t.app.inject({ url: '/api/admin_tags/tags/12/' });
    await t.app.jobs.enqueue('metrics_probe', { fail: false });
    await t.app.jobs.enqueue('metrics_probe', { fail: true }, { maxAttempts: 1 });
    await t.app.jobs.idle(20_000);
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health/live', status_code: '200' })).toBeGreaterThanOrEqual(1);
    // the pattern, not the id: one series per route
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/admin_tags/tags/:id/', status_code: '401' })).toBe(1);
    expect(text).not.toContain('/api/admin_tags/tags/12/');
    expect(sample(text, 'job_duration_seconds_count', { job: 'metrics_probe', outcome: 'done' })).toBe(1);
    expect(sample(text, 'job_duration_seconds_count', { job: 'metrics_probe', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'job_queue_waiting')).toBe(0);
    expect(sample(text, 'realtime_connections')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).not.toBeNull();
  });

  it('names each answer\'s request id, keeping a well-formed one it was sent', async () => {
    const made = await t.app.inject({ url: '/api/health/live' });
    expect(String(made.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'proxy-7f3a9c21' } });
    expect(kept.headers['x-request-id']).toBe('proxy-7f3a9c21');
    const refused = await t.app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'evil\nline injected into the log' } });
    expect(refused.headers['x-request-id']).not.toContain('evil');
  });
});

describe('the queue\'s depth and age', () => {
  let t: TestApp;
  beforeAll(async () => {
    // nothing consumes: what is enqueued waits
    t = await buildTestApp('sqlite', { runJobs: false });
  });
  afterAll(async () => { await t?.close(); });

  it('counts what waits and how long the oldest has waited', async () => {
    await t.app.jobs.enqueue('metrics_probe', {});
    await t.app.jobs.enqueue('metrics_probe', {});
    await new Promise((r) => setTimeout(r, 1100));
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'job_queue_waiting')).toBe(2);
    expect(sample(text, 'job_queue_running')).toBe(0);
    expect(sample(text, 'job_queue_oldest_waiting_seconds')).toBeGreaterThanOrEqual(1);
  });
});

describe('who may scrape /metrics', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await buildTestApp('sqlite');
    guarded = await buildTestApp('sqlite', { metricsToken: 'scrape-secret-1' });
  });
  afterAll(async () => { await open?.close(); await guarded?.close(); });

  it('without METRICS_TOKEN: this machine only', async () => {
    expect((await open.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    expect((await open.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
  });

  it('with METRICS_TOKEN: whoever sends it, from anywhere, and no one else', async () => {
    expect((await guarded.app.inject({ url: '/metrics' })).statusCode).toBe(403);
    expect((await guarded.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(403);
    const res = await guarded.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: 'Bearer scrape-secret-1' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('log format and request ids', () => {
  it('is pretty outside production and JSON in it, unless LOG_FORMAT says', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example.com' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loggerOptions({ logLevel: 'info', logFormat: 'json' })).toEqual({ level: 'info' });
    expect(loggerOptions({ logLevel: 'warn', logFormat: 'pretty' })).toMatchObject({ level: 'warn', transport: { target: 'pino-pretty' } });
  });

  it('keeps a request id only when it is one', () => {
    expect(requestIdOf('abc-1234-def')).toBe('abc-1234-def');
    expect(requestIdOf(['first-id-0001', 'second'])).toBe('first-id-0001');
    expect(requestIdOf('short')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('starting', () => {
  it('waits for a slow first start (migrations and the demo seed) instead of failing after 10 s', async () => {
    // a fresh install migrates and seeds inside the db plugin; on a loaded machine that outlasts
    // Fastify's default plugin timeout, and the server then refused to start
    const options = fastifyOptions(loadConfig({}));
    expect(options.pluginTimeout).toBe(0);
    const app = Fastify({ ...options, logger: false });
    let started = false;
    await app.register(async () => { await new Promise((resolve) => { setTimeout(resolve, 50); }); started = true; });
    await app.ready();
    expect(started).toBe(true);
    await app.close();
  });
});
