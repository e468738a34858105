// GET /api/admin_tags/tags/ over 10 000 rows: throughput and latency with autocannon (SQLite), and
// the product list beside its bare floor (issue #23: goal ≥ 0.8 of it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import type { CompiledQuery, QueryId } from 'kysely';
import { appPlugin, loadConfig } from '../server/src/index.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
// throughput of one user's token: the general per-user API limit (RATE_LIMITS) would cap it
const config = loadConfig({ RATE_LIMITS: 'api_user=0/60' }, { dataDir, logLevel: 'silent', staticRoot: null, scryptLogN: 14 });
// migrating and seeding a fresh file outlasts Fastify's 10 s plugin timeout on a loaded machine
const app = Fastify({ logger: false, pluginTimeout: 300_000 });
await app.register(appPlugin, { config, serveStatic: false });

/**
 * The bare floor: the same Fastify, the same SQLite file and connection, the very statements the
 * product's list ran for the same page (captured below), answered as plain JSON — no
 * authentication, access check, query parsing, envelope or response schema.
 */
let floorStatements: CompiledQuery[] = [];
app.get('/bare/tags/', async () => {
  const [count, page, ...rest] = floorStatements;
  const total = (await app.db.executeQuery(count!)).rows;
  const rows = (await app.db.executeQuery(page!)).rows;
  for (const q of rest) await app.db.executeQuery(q);
  return { count: (total[0] as { count: number }).count, results: rows };
});
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
const headers = { authorization: `Bearer ${token.access_token}` };

const sideBySide = '/api/admin_tags/tags/?page=1&page_size=10&ordering=name';
{
  // what the list itself runs: every statement of one request that reads tags or their areas
  const executor = app.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  const seen: CompiledQuery[] = [];
  executor.executeQuery = (<R>(query: CompiledQuery<R>, id: QueryId) => {
    seen.push(query);
    return execute(query, id);
  }) as typeof executor.executeQuery;
  const res = await fetch(`${address}${sideBySide}`, { headers });
  if (res.status !== 200) throw new Error(`list answered ${res.status}`);
  executor.executeQuery = execute;
  floorStatements = seen.filter((q) => /"tags"|"tag_areas"/.test(q.sql));
  console.log(`bare floor runs the list's ${floorStatements.length} statements (of ${seen.length} in the product request)`);
}

const cases = [
  ['page 1 of 10, by name', sideBySide],
  ['page 500 of 10', '/api/admin_tags/tags/?page=500&page_size=10'],
  ['search "99", simple-rest', `/api/admin_tags/tags/?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent('{"q":"99"}')}`],
] as const;

for (const [label, url] of cases) {
  const result = await autocannon({ url: `${address}${url}`, connections: 10, duration: 8, headers });
  console.log(`tags list, ${label}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
}

// short interleaved rounds, alternating which side goes first, so a loaded machine weighs on both
// alike; the median of the rounds' ratios is what a burst of other load on one round cannot move
const ROUNDS = 12;
const SECONDS = 2;
const totals = { product: 0, floor: 0 };
const ratios: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const sides = [['product', sideBySide, headers], ['floor', '/bare/tags/', {}]] as const;
  const got = { product: 0, floor: 0 };
  for (const [side, url, h] of round % 2 === 0 ? sides : [...sides].reverse()) {
    const result = await autocannon({ url: `${address}${url}`, connections: 10, duration: SECONDS, headers: h });
    if (result.non2xx) throw new Error(`${side} answered ${result.non2xx} non-2xx`);
    got[side] = result.requests.total;
    totals[side] += result.requests.total;
  }
  ratios.push(got.product / got.floor);
}
ratios.sort((a, b) => a - b);
const median = (ratios[ROUNDS / 2 - 1]! + ratios[ROUNDS / 2]!) / 2;
const rate = (n: number) => (n / (ROUNDS * SECONDS)).toFixed(0);
console.log(`tags list vs bare floor (${ROUNDS} interleaved rounds of ${SECONDS} s): product ${rate(totals.product)} req/s, floor ${rate(totals.floor)} req/s, `
  + `ratio ${(totals.product / totals.floor).toFixed(2)} overall, median of rounds ${median.toFixed(2)} (range ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}; goal ≥ 0.8)`);

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
