import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { WEBCAST_CHAT_PATHS, type ChatMessage } from '@lp/shared/contract';
import { webcastChatChannel, webcastOnlineChannel } from '@lp/shared/rules';
import { writeAudience } from '../src/content/audience/index.ts';
import type { Database } from '../src/db/database.ts';
import { connect } from '../src/db/dialect.ts';
import { DEMO } from '../src/seed/demo.ts';
import { BASIC, POSTGRES_URL } from './helpers.ts';
import WebSocket from 'ws';
import { openNetworkSocket, TestSocket } from './realtimeFixtures.ts';
import { startNode, stopNode, type ApiNode as Node } from './cluster/nodes.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HEARTBEAT_MS = 300;

async function passwordLogin(origin: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/o/token/`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * DESIGN "Realtime": "Redis pub/sub with REDIS_URL — tested with two server processes on one
 * Postgres + Redis". Two real server processes (the production entry point), one schema, one
 * Redis prefix; sockets and calls spread over both, as a load balancer would.
 */
// a node is the real entry point under tsx: starting one can take most of a minute while the
// other suites keep both cores busy, and a test that timed out would drop the schema under it
describe('realtime across two API nodes (Postgres + Redis)', { timeout: 120_000 }, () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let a: Node | undefined;
  let b: Node | undefined;
  let db: Kysely<Database>;
  let closeDb: () => Promise<void>;
  let webcast: number;
  let env: Record<string, string>;
  let learnerToken: string;
  let instructorToken: string;
  const sockets: TestSocket[] = [];
  const track = (s: TestSocket) => {
    sockets.push(s);
    s.keepAlive(HEARTBEAT_MS);
    return s;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    env = {
      DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: `lp-nodes-${randomBytes(4).toString('hex')}`,
      REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS), SCRYPT_LOG_N: '10', LOG_LEVEL: 'warn', STATIC_ROOT: '', RUN_JOBS: '0',
    };
    // the first node migrates and seeds; the second starts on the ready schema, as a scale-out node does
    a = await startNode(env);
    b = await startNode({ ...env, SEED_DEMO: '0' });

    const handle = connect({ databaseUrl: POSTGRES_URL, databaseSchema: schema, dataDir: os.tmpdir() });
    db = handle.db;
    closeDb = handle.close;
    const client = await db.selectFrom('clients').select('id').where('name', '=', 'Demo Retail').executeTakeFirstOrThrow();
    const learner = await db.selectFrom('users').select('id').where('email', '=', DEMO.learner.email).executeTakeFirstOrThrow();
    const group = await db.insertInto('user_groups').values({ client_id: client.id, name: 'Two nodes', created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('user_group_members').values({ group_id: group.id, user_id: learner.id }).execute();
    const now = new Date();
    webcast = (await db.insertInto('webcasts').values({
      client_id: client.id, title: 'Two nodes', transmission_date: now, created_at: now, updated_at: now, use_chat: true, chat_moderated: true,
    }).returning('id').executeTakeFirstOrThrow()).id;
    await writeAudience(db, 'webcast', webcast, { user_groups: [group.id] });

    learnerToken = await passwordLogin(a.origin, DEMO.learner.email, DEMO.learner.password);
    instructorToken = await passwordLogin(b.origin, DEMO.instructor.email, DEMO.instructor.password);
    // two nodes' start-up, the first migrating a fresh schema: past 120 s on a machine the whole unit run loads
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await stopNode(a);
    await stopNode(b);
    await closeDb?.();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }, 60_000);

  it('a ticket asked for on one node opens a socket on the other', async () => {
    const res = await fetch(`${a!.origin}/api/realtime/ticket/`, { method: 'POST', headers: { authorization: `Bearer ${learnerToken}` } });
    const { ticket } = await res.json() as { ticket: string };
    const socket = track(new TestSocket(new WebSocket(`${b!.origin.replace('http', 'ws')}/api/realtime?ticket=${ticket}`)));
    expect(await socket.next()).toMatchObject({ type: 'ready' });
  });

  it('a chat change made through one node reaches the subscribers of the other, both ways', async () => {
    const moderatorOnB = track(await openNetworkSocket(b!.origin, instructorToken));
    const learnerOnA = track(await openNetworkSocket(a!.origin, learnerToken));
    await moderatorOnB.subscribe(webcastChatChannel(webcast, 'moderation'));
    await learnerOnA.subscribe(webcastChatChannel(webcast, 'public'));

    // the learner's call lands on node A; the moderator watches node B
    const sent = await fetch(`${a!.origin}/api${WEBCAST_CHAT_PATHS.learner(webcast)}`, {
      method: 'POST', headers: { authorization: `Bearer ${learnerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Olá de A' }),
    });
    expect(sent.status).toBe(201);
    const message = await sent.json() as ChatMessage;
    expect(await moderatorOnB.message(webcastChatChannel(webcast, 'moderation'))).toMatchObject({ message: { id: message.id, state: 'pending', m: 'Olá de A' } });

    // the approval lands on node B; the learner watches node A
    const approved = await fetch(`${b!.origin}/api${WEBCAST_CHAT_PATHS.approve(webcast)}`, {
      method: 'POST', headers: { authorization: `Bearer ${instructorToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ message_id: String(message.id) }).toString(),
    });
    expect(approved.status).toBe(200);
    expect(await learnerOnA.message(webcastChatChannel(webcast, 'public'))).toMatchObject({ message: { id: message.id, state: 'public' } });
    expect(await moderatorOnB.message(webcastChatChannel(webcast, 'moderation'))).toMatchObject({ message: { id: message.id, state: 'public' } });
  });

  it('counts online users across nodes, and a node that dies stops counting after the stale window', async () => {
    const channel = webcastOnlineChannel(webcast);
    const watcherOnA = track(await openNetworkSocket(a!.origin, instructorToken));
    expect(await watcherOnA.subscribe(channel)).toMatchObject({ online: 0 });

    const viewerOnB = track(await openNetworkSocket(b!.origin, learnerToken));
    viewerOnB.send({ type: 'presence', channel, st: 'on' });
    expect(await watcherOnA.message(channel)).toMatchObject({ online: 1 });

    // a second tab of the same learner, on the other node: still one user
    const secondTabOnA = track(await openNetworkSocket(a!.origin, learnerToken));
    secondTabOnA.send({ type: 'presence', channel, st: 'on' });
    expect(await watcherOnA.message(channel)).toMatchObject({ online: 1 });
    secondTabOnA.close();
    expect(await watcherOnA.message(channel)).toMatchObject({ online: 1 });

    // node B is killed without a chance to say goodbye: its member expires in Redis, node A notices
    const killedAt = Date.now();
    await stopNode(b, 'SIGKILL');
    b = undefined;
    expect(await watcherOnA.message(channel, 10_000)).toMatchObject({ online: 0 });
    expect(Date.now() - killedAt).toBeLessThan(3 * HEARTBEAT_MS + 3000);
  });

  describe('on a node whose heartbeats take a minute (only the event under test can close its sockets within seconds)', () => {
    // one node for both tests: a start costs tens of seconds on a loaded machine; the graceful stop goes last
    let c: Node | undefined;
    beforeAll(async () => {
      c = await startNode({ ...env, REALTIME_HEARTBEAT_MS: '60000', SEED_DEMO: '0' });
    }, 240_000);
    afterAll(async () => {
      await stopNode(c, 'SIGKILL');
    }, 60_000);

    it('a logout through one node closes the session\'s socket on another at once (docs/security.md "Realtime")', async () => {
      // a login of its own: the suite's learner token stays valid
      const token = await passwordLogin(a!.origin, DEMO.learner.email, DEMO.learner.password);
      const socketOnC = track(await openNetworkSocket(c!.origin, token));
      const revoked = await fetch(`${a!.origin}/api/o/revoke_token/`, {
        method: 'POST', headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      });
      expect(revoked.status).toBe(200);
      const closedAt = Date.now();
      expect(await socketOnC.closed).toEqual({ code: 4401, reason: 'session_ended' });
      expect(Date.now() - closedAt).toBeLessThan(5000);
    });

    it('a node that shuts down gracefully leaves its presences at once and tells its sockets to go elsewhere (1001)', async () => {
      const channel = webcastOnlineChannel(webcast);
      const watcherOnA = track(await openNetworkSocket(a!.origin, instructorToken));
      expect(await watcherOnA.subscribe(channel)).toMatchObject({ online: 0 });
      const viewerOnC = track(await openNetworkSocket(c!.origin, learnerToken));
      viewerOnC.send({ type: 'presence', channel, st: 'on' });
      expect(await watcherOnA.message(channel)).toMatchObject({ online: 1 });

      const stoppedAt = Date.now();
      const exitCode = await stopNode(c, 'SIGTERM');
      c = undefined;
      expect(exitCode).toBe(0);
      expect((await viewerOnC.closed).code).toBe(1001);
      expect(await watcherOnA.message(channel)).toMatchObject({ online: 0 });
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    });
  });
});
