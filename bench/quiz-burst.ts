// Quiz-start burst: 10,000 learners start the same test within 10 s against one server, on
// SQLite and on Postgres (a fresh schema). Prints, per database, the error rate, the latency
// percentiles and the server's CPU time per start; the goal is ≤ 1 % errors and p95 ≤ 1 s.
// A figure, not pass/fail: compare runs on the same machine (the CPU time per start is the
// figure that other load on the machine disturbs least).
//
// The learners, their tokens and the test are written straight into the database; then the
// real server runs as its own process on it and this script fires
// `POST /api/group_trainings/{id}/tests/{t}/attempts/` at random moments of a 10 s window, one
// request per learner, as a crowd would. Setting up 10,000 learners takes about half a minute
// per database. BURST_LEARNERS=1000 for a quick run; BURST_DIALECTS=sqlite for one database;
// BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local test database) for Postgres;
// BURST_PROFILE=folder for a CPU profile of the server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { LEARNER_PATHS } from '@lp/shared/contract';
import { appPlugin, loadConfig, type Config } from '../server/src/index.ts';
import { fastifyOptions } from '../server/src/config.ts';
import { writeAudience } from '../server/src/content/audience/index.ts';
import { hashPassword } from '../server/src/lib/passwords.ts';
import { startFamily } from '../server/src/repositories/tokens.ts';

const LEARNERS = Number(process.env.BURST_LEARNERS ?? 10_000);
const WINDOW_MS = Number(process.env.BURST_WINDOW_MS ?? 10_000);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUESTIONS = 20;
const DRAWN = 10;
type Dialect = 'sqlite' | 'postgres';

const root = path.resolve(import.meta.dirname, '..');

/** The database's settings as the server's environment (the bench's set-up reads the same). */
function environment(dialect: Dialect, dataDir: string, schema: string): Record<string, string> {
  return dialect === 'postgres' ? { DATA_DIR: dataDir, DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir };
}

/** A published training whose audience holds LEARNERS learners, its test, and one access token per learner. */
async function writeData(config: Config): Promise<{ trainingId: number; testId: number; tokens: string[] }> {
  const setup = Fastify({ ...fastifyOptions(config), logger: false });
  await setup.register(appPlugin, { config: { ...config, runJobs: false }, serveStatic: false });
  await setup.ready();
  try {
    const db = setup.db;
    const now = new Date();
    const client = await db.selectFrom('clients').select('id').where('name', '=', 'Demo Retail').executeTakeFirstOrThrow();
    const application = await db.selectFrom('oauth_applications').select('id').executeTakeFirstOrThrow();
    const group = await db.insertInto('user_groups').values({ client_id: client.id, name: 'Quiz burst', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const training = await db.insertInto('group_trainings').values({
      client_id: client.id, title: 'Quiz burst', status: 1, published_at: now, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await writeAudience(db, 'training', training.id, { user_groups: [group.id] });
    // conventional test, 10 of 20 questions drawn per attempt, questions and answers shuffled
    const test = await db.insertInto('group_training_tests').values({
      owner_id: training.id, title: 'Burst test', test_type_id: 1, status: 1, avaliable_in: null,
      qty_total_questions: DRAWN, minimum_score: 6, maximum_attempts: 0, time_to_answer: null,
      randomize_questions: true, randomize_answers: true, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    for (let i = 0; i < QUESTIONS; i += 1) {
      const q = await db.insertInto('group_training_test_questions').values({
        test_id: test.id, title: `<p>Question ${i + 1}</p>`, is_mandatory: i < 2, position: i, status: 1, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('group_training_test_question_answers').values([0, 1, 2, 3].map((position) => ({
        question_id: q.id, title: `<p>Answer ${position + 1}</p>`, is_correct: position === 0, position,
      }))).execute();
    }

    // learners never log in with a password here: their tokens are issued as a login would
    const passwordHash = await hashPassword('Burst#2026!', 10);
    const tokens: string[] = [];
    for (let i = 0; i < LEARNERS; i += 500) {
      const batch = Array.from({ length: Math.min(500, LEARNERS - i) }, (_, j) => i + j);
      await db.transaction().execute(async (trx) => {
        const users = await trx.insertInto('users').values(batch.map((n) => ({
          email: `burst${n}@bench.local`, document: null, register: null, gmin_number: null, sap_code: null, full_name: `Burst Learner ${n}`,
          nick_name: null, password_hash: passwordHash, is_superuser: false, status: 'active' as const, language_id: 1,
          selected_client_id: client.id, must_change_password: false, created_at: now, updated_at: now,
        }))).returning('id').execute();
        await trx.insertInto('user_clients').values(users.map((u) => ({ user_id: u.id, client_id: client.id, profile_id: null }))).execute();
        await trx.insertInto('user_group_members').values(users.map((u) => ({ group_id: group.id, user_id: u.id }))).execute();
        for (const u of users) tokens.push((await startFamily(trx, u.id, application.id, config)).access_token);
      });
    }
    return { trainingId: training.id, testId: test.id, tokens };
  } finally {
    await setup.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** CPU time the process has used so far, in ms (Linux /proc; null elsewhere). */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, the 14th and 15th fields of the line (11th and 12th after the name)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function burst(dialect: Dialect): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-burst-'));
  const schema = `burst_${randomBytes(5).toString('hex')}`;
  const env = environment(dialect, dataDir, schema);
  try {
    const config = loadConfig(env, { dataDir, logLevel: 'silent', staticRoot: null, scryptLogN: 10 });
    const setupStarted = performance.now();
    const { trainingId, testId, tokens } = await writeData(config);
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    // ---- one server, its own process ----
    const port = await freePort();
    // BURST_PROFILE=folder: the server writes a V8 CPU profile there when it stops
    const profile = process.env.BURST_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BURST_PROFILE)] : [];
    const server = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'server/src/server.ts')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env, PORT: String(port), CONTENT_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '0' },
    });
    const origin = `http://127.0.0.1:${port}`;
    // a server that does not close within 10 s is stopped hard, so no stray process keeps the port
    const stopServer = () => new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      const hard = setTimeout(() => server.kill('SIGKILL'), 10_000);
      server.once('exit', () => {
        clearTimeout(hard);
        resolve();
      });
      server.kill('SIGTERM');
    });
    try {
      for (let i = 0; ; i += 1) {
        if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) break;
        if (i > 1200 || server.exitCode !== null) throw new Error('the server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }

      // ---- the burst: each learner starts once, at a random moment of the window ----
      let seed = 2026;
      const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
      const url = `${origin}/api${LEARNER_PATHS.attempts(trainingId, testId)}`;
      const latencies: number[] = [];
      const failures = new Map<string, number>();
      const fail = (why: string) => failures.set(why, (failures.get(why) ?? 0) + 1);
      const cpuBefore = cpuMsOf(server.pid);
      const began = performance.now();
      await Promise.all(tokens.map((token) => new Promise<void>((resolve) => {
        setTimeout(async () => {
          const sent = performance.now();
          try {
            const res = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
            const body = await res.json() as { questions?: unknown[] };
            latencies.push(performance.now() - sent);
            if (res.status !== 201) fail(`HTTP ${res.status}`);
            else if (body.questions?.length !== DRAWN) fail('wrong draw');
          } catch (error) {
            latencies.push(performance.now() - sent);
            // fetch says only 'fetch failed'; the socket's error (a refused or timed-out connect) is its cause
            const cause = error instanceof Error ? (error.cause as { code?: string } | undefined)?.code : undefined;
            fail(cause ?? (error instanceof Error ? error.message : 'network'));
          }
          resolve();
        }, random() * WINDOW_MS);
      })));
      const took = performance.now() - began;
      const cpuAfter = cpuMsOf(server.pid);

      latencies.sort((a, b) => a - b);
      const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
      const errors = [...failures.values()].reduce((a, b) => a + b, 0);
      const errorRate = (errors * 100) / LEARNERS;
      const cpu = cpuBefore !== null && cpuAfter !== null ? `, server CPU ${((cpuAfter - cpuBefore) / LEARNERS).toFixed(2)} ms per start` : '';
      console.log(`quiz-start burst (${dialect}): ${LEARNERS} learners in ${(took / 1000).toFixed(1)} s — `
        + `errors ${errors} (${errorRate.toFixed(2)} %; goal ≤ 1 %), latency p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms `
        + `(goal ≤ 1000), p99 ${at(99).toFixed(0)} ms, max ${at(100).toFixed(0)} ms${cpu} (set-up ${setupSeconds.toFixed(0)} s)`);
      if (failures.size) console.log(`  failures: ${[...failures].map(([why, n]) => `${why} × ${n}`).join(', ')}`);
      const alive = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
      if (!alive) console.log('  the server no longer answers /api/health after the burst');
    } finally {
      await stopServer();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }
}

for (const dialect of (process.env.BURST_DIALECTS ?? 'sqlite,postgres').split(',') as Dialect[]) await burst(dialect);
