// GET /api/admin_tags/tags/ over 10 000 rows: throughput and latency with autocannon (SQLite).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { appPlugin, loadConfig } from '../server/src/index.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
// throughput of one user's token: the general per-user API limit (RATE_LIMITS) would cap it
const config = loadConfig({ RATE_LIMITS: 'api_user=0/60' }, { dataDir, logLevel: 'silent', staticRoot: null, scryptLogN: 14 });
const app = Fastify({ logger: false });
await app.register(appPlugin, { config, serveStatic: false });
await app.ready();

const client = await app.db.selectFrom('clients').select('id').where('name', '=', 'Demo Retail').executeTakeFirstOrThrow();
const rows = Array.from({ length: 10_000 }, (_, i) => ({ client_id: client.id, name: `Bench tag ${String(i).padStart(5, '0')}`, created_at: new Date() }));
for (let i = 0; i < rows.length; i += 500) await app.db.insertInto('tags').values(rows.slice(i, i + 500)).execute();

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const token = await fetch(`${address}/api/o/token/`, {
  method: 'POST',
  headers: { Authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'grant_type=password&username=admin%40demo.local&password=Admin%232026!',
}).then((r) => r.json() as Promise<{ access_token: string }>);

const cases = [
  ['page 1 of 10, by name', '/api/admin_tags/tags/?page=1&page_size=10&ordering=name'],
  ['page 500 of 10', '/api/admin_tags/tags/?page=500&page_size=10'],
  ['search "99", simple-rest', `/api/admin_tags/tags/?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent('{"q":"99"}')}`],
] as const;

for (const [label, url] of cases) {
  const result = await autocannon({
    url: `${address}${url}`,
    connections: 10,
    duration: 8,
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  console.log(`tags list, ${label}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
