import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { HttpError } from '../../lib/httpError.ts';

export const METRICS_PATH = '/metrics';

export interface Metrics {
  readonly registry: Registry;
  /** a background job's run, by job name and outcome (imports' validate and process passes, reports, mail …) */
  readonly jobDuration: Histogram<'job' | 'outcome'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may scrape: with METRICS_TOKEN, whoever sends it as a bearer token; without, only this
 * machine (a Prometheus beside the node, or a proxy that does not forward /metrics). The figures
 * name every route and its traffic, so they are not for anyone who asks.
 */
function checkScraper(request: FastifyRequest, token: string | null): void {
  if (token) {
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (timingSafeEqual(digest(sent), digest(token))) return;
  } else if (LOOPBACK.has(request.ip)) {
    return;
  }
  throw new HttpError(403, 'permission_denied', 'Metrics are for the configured scraper');
}

/**
 * Prometheus metrics of this node at /metrics (docs/production.md "Observability"), with
 * prom-client: request rate and latency per route, the job queue's depth and age, open sockets,
 * job durations, and the process's own (CPU, memory, event-loop lag, GC). One registry per app,
 * so that apps built side by side (tests) count apart.
 */
export default fp(async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const unrouted = new Counter({ name: 'http_unrouted_requests_total', help: 'Requests that matched no route (404s of unknown paths)', registers: [registry] });
  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Time a background job ran, by job name and outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.05, 0.25, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  });
  const queueWaiting = new Gauge({ name: 'job_queue_waiting', help: 'Runnable jobs not yet taken, cluster-wide', registers: [registry] });
  const queueRunning = new Gauge({ name: 'job_queue_running', help: 'Jobs running now, cluster-wide', registers: [registry] });
  const queueAge = new Gauge({ name: 'job_queue_oldest_waiting_seconds', help: 'How long the longest-waiting runnable job has waited', registers: [registry] });
  const sockets = new Gauge({ name: 'realtime_connections', help: 'Realtime sockets this node holds', registers: [registry] });
  const ingestLoop = new Gauge({
    name: 'streaming_ingest_event_loop_delay_seconds', labelNames: ['stat'] as const, registers: [registry],
    help: 'The ingest process\'s event-loop delay over its last report (p99, max): the publisher\'s and the viewers\' peers share that loop',
  });

  app.decorate('metrics', { registry, jobDuration });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route) {
      unrouted.inc();
      return;
    }
    if (route === METRICS_PATH) return;
    requests.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    checkScraper(request, app.config.metricsToken);
    // the gauges that ask other parts are read at scrape time
    if (app.hasDecorator('jobs')) {
      const stats = await app.jobs.stats();
      queueWaiting.set(stats.waiting);
      queueRunning.set(stats.running);
      queueAge.set(stats.oldestWaitingSeconds);
    }
    if (app.hasDecorator('realtime')) sockets.set(app.realtime.hub.connectionCount);
    const loop = app.hasDecorator('streaming') ? app.streaming.ingestLoopDelay?.() : null;
    if (loop) {
      ingestLoop.set({ stat: 'p99' }, loop.p99Ms / 1000);
      ingestLoop.set({ stat: 'max' }, loop.maxMs / 1000);
    } else {
      ingestLoop.reset();
    }
    return reply.type(registry.contentType).header('Cache-Control', 'no-store').send(await registry.metrics());
  });
}, { name: 'metrics' });
