// Chat fan-out: chat delivery to 1,000 WebSocket subscribers at 500
// messages a second against one server. Prints p50/p95/p99 of the delivery latency and the
// messages lost; the goal is p99 ≤ 200 ms. A figure, not pass/fail: compare runs on the same machine.
//
// The learners, their tokens and an unmoderated webcast are written straight into a temporary
// SQLite database; the real server then runs as its own process. Every learner opens
// /api/realtime with a ticket and follows webcast_chat/{id}/public; the instructor sends
// through `POST /api/admin_webcasts/webcasts/{id}/send_chat_message/` at the rate, and a
// message's latency, per subscriber, is from the moment its call is made to the moment the
// subscriber's socket delivers it (all clients share this process's clock).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { REALTIME_TICKET_PATH, WEBCAST_CHAT_PATHS } from '@lp/shared/contract';
import { webcastChatChannel } from '@lp/shared/rules';
import { loadConfig } from '../server/src/index.ts';
import { seedChatAudience } from './lib/chatAudience.ts';

const SUBSCRIBERS = Number(process.env.CHAT_SUBSCRIBERS ?? 1000);
const RATE = Number(process.env.CHAT_RATE ?? 500);
const SECONDS = Number(process.env.CHAT_SECONDS ?? 10);
/** after the last send, how long to wait for stragglers before counting the rest as lost */
const DRAIN_MS = 5000;

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-chat-'));
const env = { DATA_DIR: dataDir };

// ---- the data, written directly ----
const config = loadConfig(env, { dataDir, logLevel: 'silent', staticRoot: null, scryptLogN: 10 });
const { webcastId, tokens, instructorToken } = await seedChatAudience(config, { subscribers: SUBSCRIBERS, label: 'Chat fan-out', emailPrefix: 'chat' });

// ---- one server, its own process ----
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(free));
  });
});
// CHAT_CPU_PROF=<dir>: a V8 CPU profile of the server, to see where its time goes
const profile = process.env.CHAT_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CHAT_CPU_PROF}`] : [];
const server = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'server/src/server.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  // one instructor sends RATE messages a second: past the general per-user API limit (RATE_LIMITS), on purpose
  env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '0', STATIC_ROOT: '', RATE_LIMITS: process.env.RATE_LIMITS ?? 'api_user=0/60', CONTENT_PORT: '0' },
});
const origin = `http://127.0.0.1:${port}`;
const stopServer = () => new Promise<void>((resolve) => {
  if (server.exitCode !== null) return resolve();
  const hard = setTimeout(() => server.kill('SIGKILL'), 10_000);
  server.once('exit', () => {
    clearTimeout(hard);
    resolve();
  });
  server.kill('SIGTERM');
});

/** CPU seconds the server process has used so far (Linux /proc; null elsewhere). */
function serverCpuSeconds(): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Runs `task` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  }));
}

const sockets: WebSocket[] = [];
try {
  for (let i = 0; ; i += 1) {
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 600 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

  // ---- the audience connects: a ticket each, a socket each, subscribed to the public chat ----
  const channel = webcastChatChannel(webcastId, 'public');
  const total = SECONDS * RATE;
  const sentAt = new Float64Array(total).fill(Number.NaN);
  /** latency histogram in 1 ms buckets (the last one holds everything slower) */
  const histogram = new Uint32Array(60_001);
  let delivered = 0;
  let duplicates = 0;
  const seen = new Uint8Array(total * SUBSCRIBERS);
  const wsOrigin = origin.replace(/^http/, 'ws');
  const connectStarted = performance.now();
  await pool(tokens, 50, async (token, index) => {
    const res = await fetch(`${origin}/api${REALTIME_TICKET_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const { ticket } = await res.json() as { ticket: string };
    const ws = new WebSocket(`${wsOrigin}/api/realtime?ticket=${ticket}`);
    sockets[index] = ws;
    await new Promise<void>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        // a message, or a batch of them (a JSON array): read the sequence numbers without parsing
        if (text.startsWith('{"type":"message"') || text.startsWith('[')) {
          const arrived = performance.now();
          for (let at = text.indexOf('bench#'); at >= 0; at = text.indexOf('bench#', at + 6)) {
            const seq = Number.parseInt(text.slice(at + 6, text.indexOf('"', at)), 10);
            const cell = seq * SUBSCRIBERS + index;
            if (seen[cell]) {
              duplicates += 1;
              continue;
            }
            seen[cell] = 1;
            delivered += 1;
            const ms = Math.round(arrived - sentAt[seq]!);
            histogram[Math.min(Math.max(ms, 0), histogram.length - 1)] += 1;
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
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  // heartbeats, as the browser client sends them (the server drops silent sockets)
  const heartbeat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
  }, 10_000);

  // ---- the sender: RATE messages a second for SECONDS, paced every 10 ms ----
  // over a pool of keep-alive connections, as a load balancer keeps them to an API node; a
  // message waiting for a free connection is late from the moment it was due
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const sendPath = `/api${WEBCAST_CHAT_PATHS.send(webcastId)}`;
  let sendErrors = 0;
  const failures = new Map<string, number>();
  const fail = (why: string) => {
    sendErrors += 1;
    failures.set(why, (failures.get(why) ?? 0) + 1);
  };
  const inFlight: Promise<void>[] = [];
  /** how long each send call took to answer */
  const answered: number[] = [];
  const sendOne = (n: number) => new Promise<void>((resolve) => {
    const body = `message=bench%23${n}`;
    const req = http.request({
      host: '127.0.0.1', port, path: sendPath, method: 'POST', agent,
      headers: { authorization: `Bearer ${instructorToken}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
    }, (res) => {
      res.resume();
      res.on('end', () => {
        answered.push(performance.now() - sentAt[n]!);
        if (res.statusCode !== 201) fail(`HTTP ${res.statusCode}`);
        resolve();
      });
    });
    req.on('error', (error) => {
      fail(error.message);
      resolve();
    });
    req.end(body);
  });
  const cpuBefore = serverCpuSeconds();
  const clientCpuBefore = process.cpuUsage();
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
  const sendSeconds = (performance.now() - began) / 1000;
  await Promise.all(inFlight);
  const expected = total * SUBSCRIBERS;
  const drainUntil = performance.now() + DRAIN_MS;
  while (delivered < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  clearInterval(heartbeat);
  agent.destroy();
  const cpuAfter = serverCpuSeconds();
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const elapsed = (performance.now() - began) / 1000;
  const cpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;

  const at = (p: number) => {
    const rank = Math.ceil((p / 100) * delivered);
    let sum = 0;
    for (let ms = 0; ms < histogram.length; ms += 1) {
      sum += histogram[ms]!;
      if (sum >= rank) return ms;
    }
    return histogram.length - 1;
  };
  const lost = expected - delivered;
  answered.sort((x, y) => x - y);
  const call = (p: number) => (answered[Math.min(answered.length - 1, Math.ceil((p / 100) * answered.length) - 1)] ?? 0).toFixed(0);
  console.log(`chat fan-out: ${SUBSCRIBERS} subscribers, ${total} messages at ${RATE}/s over ${sendSeconds.toFixed(1)} s `
    + `(${(delivered / sendSeconds / 1000).toFixed(0)}k deliveries/s) — delivery p50 ${at(50)} ms, p95 ${at(95)} ms, `
    + `p99 ${at(99)} ms (goal ≤ 200), max ${at(100)} ms; lost ${lost} of ${expected} (${((lost * 100) / expected).toFixed(3)} %)`
    + `${duplicates ? `, ${duplicates} duplicates` : ''}${sendErrors ? `, ${sendErrors} failed sends` : ''}; `
    + `${SUBSCRIBERS} sockets connected in ${connectSeconds.toFixed(1)} s; the send call answered in p50 ${call(50)} ms, p99 ${call(99)} ms`);
  if (cpu !== null) {
    console.log(`  server CPU while sending and delivering: ${cpu.toFixed(1)} s (${((cpu * 1000) / total).toFixed(2)} ms a message: the send call and its fan-out); `
      + `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
    // the subscribers and the sender share one process: when it is near a whole core, it reads late and the latencies are partly its own
    console.log(`  this process (the 1,000 subscribers and the sender): ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s CPU over ${elapsed.toFixed(1)} s`);
  }
  if (failures.size) console.log(`  failed sends: ${[...failures].map(([why, n]) => `${why} × ${n}`).join(', ')}`);
} finally {
  for (const ws of sockets) ws?.terminate();
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
