// Two API nodes behind the reference proxy (server/test/cluster/proxy.ts) against one node behind
// the same proxy, in one run, on one PostgreSQL schema and one Redis (docs/production.md "Topology"):
//   1. chat fan-out: CLUSTER_SUBSCRIBERS (2,000) learners follow a webcast's public chat through the
//      proxy (round-robin spreads them over the nodes), an instructor sends CLUSTER_RATE (500)
//      messages a second; p50/p95/p99 delivery latency and the messages lost (goal p99 ≤ 200 ms, no loss);
//   2. API throughput: autocannon on an authenticated list (GET /api/admin_tags/tags/) through the
//      proxy; requests a second, the two-node/one-node ratio and the nodes' CPU time per request.
// Figures, not pass/fail. The proxy, the subscribers and autocannon share this process: on a
// 2-core machine they compete with the nodes, which is why a second node adds little here.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { REALTIME_TICKET_PATH, WEBCAST_CHAT_PATHS } from '@lp/shared/contract';
import { webcastChatChannel } from '@lp/shared/rules';
import { loadConfig } from '../server/src/index.ts';
import { seedChatAudience } from './lib/chatAudience.ts';
import { cpuSecondsOf, startNode, stopNode, type ApiNode } from '../server/test/cluster/nodes.ts';
import { startClusterProxy } from '../server/test/cluster/proxy.ts';

const SUBSCRIBERS = Number(process.env.CLUSTER_SUBSCRIBERS ?? 2000);
const RATE = Number(process.env.CLUSTER_RATE ?? 500);
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 8);
const API_SECONDS = Number(process.env.CLUSTER_API_SECONDS ?? 8);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DRAIN_MS = 5000;

const schema = `bench_${randomBytes(5).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-cluster-bench-'));
const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
await admin.query(`create schema ${schema}`);
const env = {
  DATABASE_URL, DATABASE_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: schema, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '0', STATIC_ROOT: '',
  // one instructor sends RATE messages a second and autocannon floods one user's list: past the per-user limits, on purpose
  RATE_LIMITS: 'off', TRUST_PROXY: '127.0.0.1',
};

// ---- the data, written directly (migrations and demo seed by an in-process app) ----
const config = loadConfig({ ...env, SEED_DEMO: '1' }, { dataDir, logLevel: 'silent', staticRoot: null, scryptLogN: 10 });
const { webcastId, tokens, instructorToken, superuserToken } = await seedChatAudience(config, { subscribers: SUBSCRIBERS, label: 'Cluster fan-out', emailPrefix: 'cluster' });

async function pool<T>(items: T[], width: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  }));
}

interface FanOut { p50: number; p95: number; p99: number; max: number; lost: number; expected: number; failedSends: number; cpuMsPerMessage: number | null }

/** One fan-out run through a proxy over `nodes`. */
async function fanOut(nodes: ApiNode[]): Promise<FanOut> {
  const proxy = await startClusterProxy({ upstreams: nodes.map((n) => n.origin) });
  const sockets: WebSocket[] = [];
  try {
    const channel = webcastChatChannel(webcastId, 'public');
    const total = SECONDS * RATE;
    const marker = `m${randomBytes(3).toString('hex')}#`;
    const sentAt = new Float64Array(total).fill(Number.NaN);
    const histogram = new Uint32Array(60_001);
    let delivered = 0;
    const seen = new Uint8Array(total * SUBSCRIBERS);
    const wsOrigin = proxy.origin.replace(/^http/, 'ws');
    await pool(tokens, 50, async (token, index) => {
      const res = await fetch(`${proxy.origin}/api${REALTIME_TICKET_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      const { ticket } = await res.json() as { ticket: string };
      const ws = new WebSocket(`${wsOrigin}/api/realtime?ticket=${ticket}`);
      sockets[index] = ws;
      await new Promise<void>((resolve, reject) => {
        ws.on('error', reject);
        ws.on('message', (data: Buffer) => {
          const text = data.toString();
          if (text.startsWith('{"type":"message"') || text.startsWith('[')) {
            const arrived = performance.now();
            for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + marker.length)) {
              const seq = Number.parseInt(text.slice(at + marker.length, text.indexOf('"', at)), 10);
              const cell = seq * SUBSCRIBERS + index;
              if (seen[cell]) continue;
              seen[cell] = 1;
              delivered += 1;
              histogram[Math.min(Math.max(Math.round(arrived - sentAt[seq]!), 0), histogram.length - 1)] += 1;
            }
            return;
          }
          const frame = JSON.parse(text) as { type: string };
          if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', channel }));
          else if (frame.type === 'subscribed') resolve();
          else if (frame.type === 'error') reject(new Error(text));
        });
      });
    });
    const heartbeat = setInterval(() => {
      for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
    }, 10_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const { port } = new URL(proxy.origin);
    const sendPath = `/api${WEBCAST_CHAT_PATHS.send(webcastId)}`;
    let failedSends = 0;
    const inFlight: Promise<void>[] = [];
    const sendOne = (n: number) => new Promise<void>((resolve) => {
      const body = `message=${encodeURIComponent(`${marker}${n}`)}`;
      const req = http.request({
        host: '127.0.0.1', port: Number(port), path: sendPath, method: 'POST', agent,
        headers: { authorization: `Bearer ${instructorToken}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 201) failedSends += 1;
          resolve();
        });
      });
      req.on('error', () => {
        failedSends += 1;
        resolve();
      });
      req.end(body);
    });
    const cpu = () => nodes.reduce((sum, n) => sum + (cpuSecondsOf(n.process.pid) ?? Number.NaN), 0);
    const cpuBefore = cpu();
    const began = performance.now();
    let seq = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * RATE));
        for (; seq < due; seq += 1) {
          sentAt[seq] = performance.now();
          inFlight.push(sendOne(seq));
        }
        if (seq >= total) resolve();
        else setTimeout(tick, 10);
      };
      tick();
    });
    await Promise.all(inFlight);
    const expected = total * SUBSCRIBERS;
    const drainUntil = performance.now() + DRAIN_MS;
    while (delivered < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
    clearInterval(heartbeat);
    agent.destroy();
    const used = cpu() - cpuBefore;
    const at = (p: number) => {
      const rank = Math.ceil((p / 100) * delivered);
      let sum = 0;
      for (let ms = 0; ms < histogram.length; ms += 1) {
        sum += histogram[ms]!;
        if (sum >= rank) return ms;
      }
      return histogram.length - 1;
    };
    return {
      p50: at(50), p95: at(95), p99: at(99), max: at(100), lost: expected - delivered, expected, failedSends,
      cpuMsPerMessage: Number.isFinite(used) ? (used * 1000) / total : null,
    };
  } finally {
    for (const ws of sockets) ws?.terminate();
    await proxy.close();
  }
}

interface Throughput { rps: number; p99: number; errors: number; cpuMsPerRequest: number | null }

async function throughput(nodes: ApiNode[]): Promise<Throughput> {
  const proxy = await startClusterProxy({ upstreams: nodes.map((n) => n.origin) });
  try {
    const cpu = () => nodes.reduce((sum, n) => sum + (cpuSecondsOf(n.process.pid) ?? Number.NaN), 0);
    const headers = { authorization: `Bearer ${superuserToken}` };
    // warm-up: each node's caches and JIT
    await autocannon({ url: `${proxy.origin}/api/admin_tags/tags/`, connections: 10, duration: 2, headers });
    const before = cpu();
    const result = await autocannon({ url: `${proxy.origin}/api/admin_tags/tags/`, connections: 20, duration: API_SECONDS, headers });
    const used = cpu() - before;
    const requests = result.requests.total;
    return {
      rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx,
      cpuMsPerRequest: Number.isFinite(used) && requests > 0 ? (used * 1000) / requests : null,
    };
  } finally {
    await proxy.close();
  }
}

const nodes: ApiNode[] = [];
try {
  nodes.push(...await Promise.all([startNode(env, { dataDir }), startNode(env, { dataDir })]));
  const line = (label: string, r: FanOut) => `  ${label}: delivery p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms (goal ≤ 200), max ${r.max} ms; `
    + `lost ${r.lost} of ${r.expected}${r.failedSends ? `, ${r.failedSends} failed sends` : ''}`
    + `${r.cpuMsPerMessage !== null ? `; nodes' CPU ${r.cpuMsPerMessage.toFixed(2)} ms a message` : ''}`;
  console.log(`cluster chat fan-out: ${SUBSCRIBERS} subscribers through the proxy, ${RATE} msg/s for ${SECONDS} s (Postgres + Redis)`);
  console.log(line('one node ', await fanOut(nodes.slice(0, 1))));
  console.log(line('two nodes', await fanOut(nodes)));

  const one = await throughput(nodes.slice(0, 1));
  const two = await throughput(nodes);
  const row = (label: string, r: Throughput) => `  ${label}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${r.errors} errors`
    + `${r.cpuMsPerRequest !== null ? `, nodes' CPU ${r.cpuMsPerRequest.toFixed(2)} ms a request` : ''}`;
  console.log(`cluster API throughput: GET /api/admin_tags/tags/ through the proxy, 20 connections, ${API_SECONDS} s; ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(row('one node ', one));
  console.log(row('two nodes', two));
  console.log(`  two nodes / one node: ${(two.rps / one.rps).toFixed(2)}× (bounded by the cores: the proxy and autocannon share them with the nodes)`);
} finally {
  for (const node of nodes) await stopNode(node);
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
