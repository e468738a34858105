import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTS_PATH, LEARNER_PATHS, LEARNER_WEBCAST_PATHS, REALTIME_CLOSE, WEBCAST_CHAT_PATHS, type Attempt, type LearnerChatMessage } from '@lp/shared/contract';
import { WEBCAST_STATUS, webcastChatChannel, webcastOnlineChannel } from '@lp/shared/rules';
import { writeAudience } from '../src/content/audience/index.ts';
import type { Database } from '../src/db/database.ts';
import { connect } from '../src/db/dialect.ts';
import { mediaKey } from '../src/storage/index.ts';
import { PROCESS_JOB } from '../src/imports/jobs.ts';
import { DEMO } from '../src/seed/demo.ts';
import { BASIC, POSTGRES_URL } from './helpers.ts';
import { sheetRowsOf, xlsxOf } from './importFixtures.ts';
import { openNetworkSocket, type TestSocket } from './realtimeFixtures.ts';
import { startSlowRequest } from './slowClient.ts';
import { createImportOver, retried, tokenFor } from './cluster/clients.ts';
import { startNode, stopNode, type ApiNode } from './cluster/nodes.ts';
import { startClusterProxy, type ClusterProxy } from './cluster/proxy.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HEARTBEAT_MS = 1000;
/** rows of the import killed mid-way: three batches (engine BATCH_SIZE 1000), the node killed after the first */
const IMPORT_ROWS = 3000;

/**
 * The reference topology (docs/production.md "Topology"): two API processes of the production
 * entry on one PostgreSQL schema, one Redis and one DATA_DIR, behind the reverse proxy of
 * cluster/proxy.ts. Every call and socket of the clients goes through the proxy; what one node
 * does must be seen, counted or finished by the other, and a node's death (SIGKILL) or shutdown
 * (SIGTERM) must lose nothing the clients were told was accepted.
 */
// a node is the real entry under tsx: on an idle machine it starts in seconds, but with other
// suites on both cores its start was seen to take four minutes, hence the long timeouts
describe('two API nodes behind a proxy (Postgres + Redis)', { timeout: 900_000 }, () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const prefix = `lp-cluster-${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-cluster-'));
  let env: Record<string, string>;
  const nodes: ApiNode[] = [];
  let proxy: ClusterProxy;
  let db: Kysely<Database>;
  let closeDb: () => Promise<void>;
  let webcast: number;
  let groupId: number;
  const sockets: TestSocket[] = [];
  const tokens: Record<'learner' | 'instructor' | 'superuser', string> = { learner: '', instructor: '', superuser: '' };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const json = (token: string) => ({ ...auth(token), 'content-type': 'application/json' });
  const socket = async (token: string) => {
    const s = await openNetworkSocket(proxy.origin, token);
    s.keepAlive(HEARTBEAT_MS);
    sockets.push(s);
    return s;
  };
  const served = () => proxy.upstreams.map((u) => u.requests);

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    env = {
      DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: prefix,
      REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS), SCRYPT_LOG_N: '10', LOG_LEVEL: 'warn', STATIC_ROOT: '',
      // a job held by a killed node is taken up within about twice this
      JOB_LOCK_SECONDS: '2', JOB_RETRY_BASE_MS: '200',
      // the proxy is the client's address for the limits unless it is trusted to forward it
      TRUST_PROXY: '127.0.0.1',
    };
    // both start at once, as a deployment's nodes do: the migrations take a lock, one node seeds
    nodes.push(...await Promise.all([startNode(env, { dataDir }), startNode({ ...env, SEED_DEMO: '0' }, { dataDir })]));
    proxy = await startClusterProxy({ upstreams: nodes.map((n) => n.origin), healthIntervalMs: 250 });

    const handle = connect({ databaseUrl: POSTGRES_URL, databaseSchema: schema, dataDir });
    db = handle.db;
    closeDb = handle.close;
    const client = await db.selectFrom('clients').select('id').where('name', '=', 'Demo Retail').executeTakeFirstOrThrow();
    const learner = await db.selectFrom('users').select('id').where('email', '=', DEMO.learner.email).executeTakeFirstOrThrow();
    groupId = (await db.insertInto('user_groups').values({ client_id: client.id, name: 'Cluster', created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('user_group_members').values({ group_id: groupId, user_id: learner.id }).execute();
    const now = new Date();
    webcast = (await db.insertInto('webcasts').values({
      client_id: client.id, title: 'Cluster', transmission_date: now, created_at: now, updated_at: now, use_chat: true, chat_moderated: false,
    }).returning('id').executeTakeFirstOrThrow()).id;
    await writeAudience(db, 'webcast', webcast, { user_groups: [groupId] });
    tokens.learner = await tokenFor(proxy.origin, DEMO.learner.email, DEMO.learner.password);
    tokens.instructor = await tokenFor(proxy.origin, DEMO.instructor.email, DEMO.instructor.password);
    tokens.superuser = await tokenFor(proxy.origin, DEMO.superuser.email, DEMO.superuser.password);
  }, 900_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await proxy?.close();
    for (const node of nodes) await stopNode(node, 'SIGKILL');
    await closeDb?.();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('spreads calls and sockets over both nodes; chat and presence reach the sockets of the other node', async () => {
    const before = served();
    for (let i = 0; i < 6; i += 1) expect((await fetch(`${proxy.origin}/api/health/live`)).status).toBe(200);
    const after = served();
    expect(after.map((n, i) => n - before[i]!)).toEqual([3, 3]);

    // two sockets, one on each node (round-robin), the sender's call lands on either
    const watcher = await socket(tokens.instructor);
    const viewer = await socket(tokens.learner);
    expect(proxy.upstreams.map((u) => u.sockets)).toEqual([1, 1]);
    const chat = webcastChatChannel(webcast, 'public');
    const online = webcastOnlineChannel(webcast);
    await watcher.subscribe(chat);
    await viewer.subscribe(chat);
    expect(await watcher.subscribe(online)).toMatchObject({ online: 0 });
    viewer.send({ type: 'presence', channel: online, st: 'on' });
    expect(await watcher.message(online)).toMatchObject({ online: 1 });
    for (const text of ['um', 'dois']) {
      const sent = await fetch(`${proxy.origin}/api${WEBCAST_CHAT_PATHS.learner(webcast)}`, {
        method: 'POST', headers: json(tokens.learner), body: JSON.stringify({ message: text, client_message_id: randomUUID() }),
      });
      expect(sent.status).toBe(201);
      const { id } = await sent.json() as LearnerChatMessage;
      expect(await watcher.message(chat)).toMatchObject({ message: { id, m: text } });
      expect(await viewer.message(chat)).toMatchObject({ message: { id, m: text } });
    }
  });

  it('rate limits and the login lock count the calls of every node', async () => {
    // recovery_email: 5 a mailbox per 15 minutes, whichever node each call reaches
    const before = served();
    const recover = () => fetch(`${proxy.origin}/api/users/recover_password/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@cluster.local' }),
    });
    // no such mailbox (404), or the captcha the demo settings may ask for (400): counted all the same
    for (let i = 0; i < 5; i += 1) expect((await recover()).status).not.toBe(429);
    expect((await recover()).status).toBe(429);
    // LOGIN_MAX_FAILURES (5) wrong passwords, spread over the nodes, lock the account on both
    for (let i = 0; i < 5; i += 1) {
      await expect(tokenFor(proxy.origin, DEMO.storeManager.email, 'wrong-password')).rejects.toThrow(/login/);
    }
    for (let i = 0; i < 2; i += 1) {
      await expect(tokenFor(proxy.origin, DEMO.storeManager.email, DEMO.storeManager.password)).rejects.toThrow(/login/);
    }
    const spread = served().map((n, i) => n - before[i]!);
    expect(Math.min(...spread)).toBeGreaterThanOrEqual(6);
  });

  it('plays a webcast\'s HLS from either node (one DATA_DIR)', async () => {
    const resource = `webcasts/${webcast}/vod/00ff/index.m3u8`;
    const playlist = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nsegment0.ts\n#EXT-X-ENDLIST\n';
    const file = path.join(dataDir, mediaKey(resource));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, playlist);
    await db.updateTable('webcasts').set({ status: WEBCAST_STATUS.finished, transmission_completed: true, transmission_downloaded: true, hls_path: resource })
      .where('id', '=', webcast).execute();
    const watched = await (await fetch(`${proxy.origin}/api${LEARNER_WEBCAST_PATHS.webcast(webcast)}`, { headers: auth(tokens.learner) })).json() as { webcast_player_hls_playback_url: string };
    const url = new URL(watched.webcast_player_hls_playback_url);
    expect(url.origin).toBe(proxy.origin);
    for (const node of nodes) {
      const res = await fetch(`${node.origin}${url.pathname}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(playlist);
    }
  });

  it('routes a webcast\'s ingest (streaming calls and signalling socket) to one node, and other calls round-robin', async () => {
    // the signalling address the studio is given names the webcast, for the proxy
    const sdp = await fetch(`${proxy.origin}/api/admin_webcasts/webcasts/${webcast}/streaming_sdp/`, { headers: auth(tokens.superuser) });
    // not a browser-streaming webcast: refused, but by the webcast's own node all the same
    expect(sdp.status).toBe(400);
    const before = served();
    for (let i = 0; i < 4; i += 1) {
      await (await fetch(`${proxy.origin}/api/admin_webcasts/webcasts/${webcast}/streaming_state/`, { headers: auth(tokens.superuser) })).body?.cancel();
    }
    const spread = served().map((n, i) => n - before[i]!);
    expect(spread.sort()).toEqual([0, 4]);
    const owner = proxy.upstreams[served().findIndex((n, i) => n - before[i]! === 4)]!;
    const socketsBefore = owner.sockets;
    const ws = new WebSocket(`${proxy.origin.replace('http', 'ws')}/api/streaming/webrtc-session.json?webcast=${webcast}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.close();
    expect(owner.sockets).toBe(socketsBefore + 1);
  });

  it('SIGKILL of a node: no accepted chat message lost or doubled, the import finishes once with every row, saved answers stay; the node rejoins', async () => {
    // ---- a test attempt with answers saved before the kill ----
    const now = new Date();
    const client = await db.selectFrom('clients').select('id').where('name', '=', 'Demo Retail').executeTakeFirstOrThrow();
    const training = (await db.insertInto('group_trainings').values({ client_id: client.id, title: 'Cluster', status: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await writeAudience(db, 'training', training, { user_groups: [groupId] });
    const test = (await db.insertInto('group_training_tests').values({
      owner_id: training, title: 'Prova', test_type_id: 1, status: 1, avaliable_in: null, qty_total_questions: null, minimum_score: 1,
      maximum_attempts: 0, time_to_answer: null, randomize_questions: false, randomize_answers: false, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const correct = new Map<number, number>();
    for (let i = 0; i < 4; i += 1) {
      const q = await db.insertInto('group_training_test_questions').values({
        test_id: test, title: `<p>Pergunta ${i + 1}</p>`, is_mandatory: false, position: i, status: 1, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const [right] = await db.insertInto('group_training_test_question_answers').values([
        { question_id: q.id, title: '<p>Certa</p>', is_correct: true, position: 0 },
        { question_id: q.id, title: '<p>Errada</p>', is_correct: false, position: 1 },
      ]).returning('id').execute();
      correct.set(q.id, right!.id);
    }
    const started = await fetch(`${proxy.origin}/api${LEARNER_PATHS.attempts(training, test)}`, { method: 'POST', headers: auth(tokens.learner) });
    expect(started.status).toBe(201);
    const attempt = await started.json() as Attempt;
    for (const q of attempt.questions) {
      const saved = await fetch(`${proxy.origin}/api${LEARNER_PATHS.answer(training, test, attempt.id, q.id)}`, {
        method: 'PUT', headers: json(tokens.learner), body: JSON.stringify({ answer_id: correct.get(q.id) }),
      });
      expect(saved.status).toBe(200);
    }

    // ---- an import of IMPORT_ROWS users, validated, then processing ----
    const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => ({ full_name: `Cluster ${i}`, email: `cluster.${i}@example.com`, register: `cl-${i}` }));
    const importId = await createImportOver(proxy.origin, tokens.superuser, 'users', await xlsxOf(sheetRowsOf('users', rows)));
    const importRow = () => db.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirstOrThrow();
    for (const until = Date.now() + 90_000; (await importRow()).status !== 'validated';) {
      if (Date.now() > until) throw new Error(`import not validated: ${JSON.stringify(await importRow())}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    // ---- learners chatting through the proxy, every send with its own id, retried until answered ----
    const chatters = [tokens.learner, await tokenFor(proxy.origin, DEMO.learner.email, DEMO.learner.password)];
    const accepted: Array<{ id: number; clientId: string }> = [];
    let chatting = true;
    const chat = async (token: string, who: number) => {
      for (let n = 0; chatting; n += 1) {
        const clientId = `kill${who}-${n}-${randomBytes(4).toString('hex')}`;
        let res: Response;
        // the flood guard: wait and send the same message again, with its id, as the portal's
        // chat does (a send stored by the killed node and refused here is found by its id)
        for (;;) {
          res = await retried(`${proxy.origin}/api${WEBCAST_CHAT_PATHS.learner(webcast)}`, {
            method: 'POST', headers: json(token), body: JSON.stringify({ message: `msg ${who}.${n}`, client_message_id: clientId }),
          }, 60_000);
          if (res.status !== 429) break;
          await res.body?.cancel();
          await new Promise((r) => setTimeout(r, 1000));
        }
        expect([200, 201]).toContain(res.status);
        accepted.push({ id: ((await res.json()) as LearnerChatMessage).id, clientId });
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const chatting$ = Promise.all(chatters.map((token, who) => chat(token, who)));

    const processing = await fetch(`${proxy.origin}/api${IMPORTS_PATH}${importId}/process/`, { method: 'POST', headers: auth(tokens.superuser) });
    expect(processing.status, await processing.clone().text()).toBeLessThan(300);
    // the node whose worker holds the process job dies once its first batch is committed
    const queue = new Queue('jobs', { connection: { url: REDIS_URL }, prefix });
    let holder: ApiNode | undefined;
    try {
      for (const until = Date.now() + 240_000; !holder;) {
        if (Date.now() > until) throw new Error(`no node took the import: ${JSON.stringify(await importRow())}`);
        const [job] = (await queue.getJobs(['active'])).filter((j) => j.name === PROCESS_JOB);
        const row = await importRow();
        if (job?.processedBy && row.phase === 'process' && row.created_count >= 1000) {
          holder = nodes.find((n) => job.processedBy === `${os.hostname()}:${n.process.pid}`);
        } else {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    } finally {
      await queue.close();
    }
    const atKill = await importRow();
    expect(atKill).toMatchObject({ status: 'processing' });
    expect(atKill.processed_rows).toBeLessThan(IMPORT_ROWS);
    const killedIndex = nodes.indexOf(holder);
    await stopNode(holder, 'SIGKILL');

    // the survivor takes the stalled job up and finishes it
    for (const until = Date.now() + 90_000; (await importRow()).status === 'processing';) {
      if (Date.now() > until) throw new Error(`import not finished: ${JSON.stringify(await importRow())}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await importRow()).toMatchObject({ status: 'finalized', processed_rows: IMPORT_ROWS, created_count: IMPORT_ROWS, error_count: 0 });
    const imported = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('email', 'like', 'cluster.%@example.com').executeTakeFirstOrThrow();
    expect(Number(imported.n)).toBe(IMPORT_ROWS);
    // payload is jsonb on Postgres: read it and pick this import's
    const notices = await db.selectFrom('notifications').select('payload').where('kind', '=', 'import_finished').execute();
    const finished = notices.filter(({ payload }) => (typeof payload === 'string' ? JSON.parse(payload) as { id?: number } : payload as { id?: number }).id === importId);
    expect(finished).toHaveLength(1);

    // ---- chat: every accepted message stored once; none stored that was not answered ----
    chatting = false;
    await chatting$;
    expect(accepted.length).toBeGreaterThan(4);
    const stored = await db.selectFrom('webcast_chat_messages').select(['id', 'client_message_id'])
      .where('webcast_id', '=', webcast).where('client_message_id', 'like', 'kill%').execute();
    expect(new Set(stored.map((m) => m.client_message_id)).size).toBe(stored.length);
    expect(stored.map((m) => m.id).sort((x, y) => x - y)).toEqual(accepted.map((m) => m.id).sort((x, y) => x - y));

    // ---- the answers saved before the kill, read through the survivor ----
    const read = await retried(`${proxy.origin}/api${LEARNER_PATHS.attempt(training, test, attempt.id)}`, { headers: auth(tokens.learner) });
    const after = await read.json() as Attempt;
    expect(after.questions.map((q) => q.answer_id)).toEqual(attempt.questions.map((q) => correct.get(q.id)));

    // ---- the killed node restarts on its address and takes traffic again ----
    const restarted = await startNode({ ...env, SEED_DEMO: '0' }, { dataDir, port: holder!.port });
    nodes[killedIndex] = restarted;
    await proxy.until(restarted.origin, true);
    const before = served();
    for (let i = 0; i < 4; i += 1) expect((await fetch(`${proxy.origin}/api/health/live`)).status).toBe(200);
    expect(served()[killedIndex]! - before[killedIndex]!).toBe(2);
  });

  it('SIGTERM: a login whose body is still arriving is answered, sockets are told to reconnect (1001), the node exits 0, the proxy moves on', async () => {
    const leaving = nodes[1]!;
    const ticket = await (await fetch(`${leaving.origin}/api/realtime/ticket/`, { method: 'POST', headers: auth(tokens.learner) })).json() as { ticket: string };
    const direct = new WebSocket(`${leaving.origin.replace('http', 'ws')}/api/realtime?ticket=${ticket.ticket}`);
    await new Promise((resolve) => direct.once('message', resolve));
    const closed = new Promise<number>((resolve) => direct.once('close', (code) => resolve(code)));
    // an upload in flight on the node: its headers and a part of its body, the rest after the signal
    const form = new URLSearchParams({ grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password }).toString();
    const upload = await startSlowRequest(leaving.origin, {
      method: 'POST', path: '/api/o/token/', headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' }, body: form, sentFirst: 10,
    });
    await new Promise((r) => setTimeout(r, 300));

    const exit = stopNode(leaving, 'SIGTERM');
    // the close has begun (its first step tells the sockets), and the upload is still waiting
    expect(await closed).toBe(REALTIME_CLOSE.goingAway);
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ access_token: expect.any(String) });
    expect(answer.headers.connection).toBe('close');
    await upload.ended;
    expect(await exit, leaving.stderr.join('')).toBe(0);
    await proxy.until(leaving.origin, false);
    for (let i = 0; i < 4; i += 1) expect((await fetch(`${proxy.origin}/api/health/live`)).status).toBe(200);
  });
});
