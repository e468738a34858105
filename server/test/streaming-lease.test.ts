import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { STREAMING_PATHS, WEBCAST_SDP_FIELD, type WebcastSdp } from '@lp/shared/contract';
import { WEBCAST_STATUS, WEBCAST_TYPE } from '@lp/shared/rules';
import { NodePublisher, parseMediaPlaylist, streamingSettings, type SignallingSocket } from '@lp/streaming/server';
import appPlugin from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { LEASE_SWEEP_JOB } from '../src/webcasts/ingestLease.ts';
import { saveWebcastRecording } from '../src/webcasts/recordingSave.ts';
import { bearer, buildTestApp, DIALECTS, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';
import { eventually } from './eventually.ts';

// a short segment and lease, and the cheapest encoder, keep the real ingest quick here
const firstPort = 30000 + 200 * Math.floor(Math.random() * 40);
const settings = (from: number) => streamingSettings({
  STREAMING_SEGMENT_SECONDS: '1',
  STREAMING_INACTIVITY_SECONDS: '20',
  STREAMING_X264_PRESET: 'ultrafast',
  STREAMING_RTP_PORTS: `${from}-${from + 49}`,
  // no WebRTC viewer here: no viewer relay process (streamingWhep.test.ts runs them)
  STREAMING_VIEWER_PROCESSES: '0',
});
// long enough for a node starting in this same process on a busy machine: SQLite's synchronous start-up holds the
// one event loop, A's renewals included, for a few seconds (15 s ran out once in a full unit run)
const LEASE_MS = 25_000;

/**
 * Two API nodes on one database (docs/production.md "Topology"): node A runs a webcast's real
 * ingest (werift publisher, ffmpeg); other nodes start beside it and sweep. A starting node or the
 * sweep must leave A's running session alone while A renews its lease, and close it — keeping its
 * recording — once the lease runs out.
 */
describe.each(DIALECTS)('ingest session leases across nodes (%s)', { timeout: 120_000 }, (dialect) => {
  let a: TestApp;
  let b: FastifyInstance;
  let manager: Tokens;
  let origin: string;
  const publishers: NodePublisher[] = [];

  /** another process of the cluster on A's database and DATA_DIR */
  async function startNode(overrides: Partial<Config>): Promise<FastifyInstance> {
    // a start-up on a loaded machine may outlast Fastify's 10 s plugin timeout (helpers.ts gives test apps 60 s)
    const node = Fastify({ logger: false, pluginTimeout: 60_000 });
    await node.register(appPlugin, { config: { ...a.config, streaming: settings(firstPort + 100), ...overrides }, serveStatic: false });
    await node.ready();
    return node;
  }

  const get = (path: string) => a.app.inject({ method: 'GET', url: `/api${path}`, headers: bearer(manager) });
  const webcastRow = (id: number) => a.app.db.selectFrom('webcasts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sessionOf = (id: number) => a.app.db.selectFrom('webcast_stream_sessions').selectAll().where('webcast_id', '=', id).executeTakeFirstOrThrow();

  async function insertWebcast(): Promise<number> {
    const clients = await clientIds(a.app);
    const row = await a.app.db.insertInto('webcasts').values({
      client_id: clients.demo, title: 'Ao vivo', description: '', webcast_type_id: WEBCAST_TYPE.browserStreaming,
      embed: 'none', status: WEBCAST_STATUS.published, transmission_date: new Date(), timezone: 'America/Sao_Paulo',
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** A webcast live on node A: started, published to, its first segment in the live playlist. */
  async function liveOnA(): Promise<{ id: number; livePath: string }> {
    const id = await insertWebcast();
    expect((await get(STREAMING_PATHS.startStreaming(id))).statusCode).toBe(200);
    const sdp = (await get(STREAMING_PATHS.streamingSdp(id))).json<Record<string, WebcastSdp>>()[WEBCAST_SDP_FIELD]!;
    publishers.push(await NodePublisher.start({
      sdpUrl: `${origin.replace('http', 'ws')}/api${STREAMING_PATHS.signalling}`,
      applicationName: sdp.application_name,
      streamName: sdp.stream_name,
      openSocket: (url: string) => new WebSocket(url) as unknown as SignallingSocket,
      munge: { videoBitrate: 800, audioBitrate: 64, videoFrameRate: 30 },
    }));
    const livePath = await eventually('live', async () => (await webcastRow(id)).hls_path);
    return { id, livePath };
  }

  /** Runs the sweep job through the queue of node B, the one node here that consumes jobs. */
  async function sweepOnB() {
    await b.jobs.enqueue(LEASE_SWEEP_JOB, { slot: 'test' }, { dedupeKey: `${LEASE_SWEEP_JOB}@test-${Date.now()}` });
    await b.jobs.idle(20_000);
  }

  /**
   * The lease of a session whose node renews nothing any more (ingestLease.stop()) runs out: its
   * end is moved to the past rather than waited for (a renewal already under way when the
   * renewals stopped may still write its own, so until it stays past).
   */
  const expireLease = (id: number) => eventually('the lease to run out', async () => {
    await a.app.db.updateTable('webcast_stream_sessions').set({ lease_until: new Date(Date.now() - 1000) }).where('webcast_id', '=', id).execute();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return Date.parse((await sessionOf(id)).lease_until!) < Date.now();
  }, 10_000);

  /** The test's publisher goes: A's ingest stops transcoding once it notices the silence. */
  const stopPublishing = () => publishers.pop()?.close();

  beforeAll(async () => {
    // A runs the ingest and no jobs: the sweeps below are B's
    a = await buildTestApp(dialect, { streaming: settings(firstPort), streamingLeaseMs: LEASE_MS, runJobs: false });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const superuser = await loginSuperuser(a.app);
    manager = (await adminWith(a.app, superuser, (await clientIds(a.app)).demo, ['webcasts', 'webcasts_manage'])).tokens;
  });
  afterAll(async () => {
    for (const publisher of publishers) await publisher.close();
    await b?.close();
    await a?.close();
  });

  it('a node starting and the sweep leave the session a living node runs open and live; its node renews the lease', async () => {
    const { id, livePath } = await liveOnA();
    const started = await sessionOf(id);
    expect(started).toMatchObject({ node_id: a.app.ingestLease.nodeId, ended_at: null });
    expect(Date.parse(started.lease_until!)).toBeGreaterThan(Date.now());

    // B starts (its start-up pass, then its first sweep through its queue)
    b = await startNode({ runJobs: true, nodeId: 'node-b' });
    await b.jobs.idle(20_000);
    expect(await sessionOf(id)).toMatchObject({ ended_at: null, node_id: a.app.ingestLease.nodeId });
    expect((await webcastRow(id)).hls_path).toBe(livePath);
    expect(a.app.streaming.isPublishing(id)).toBe(true);

    // A renews the lease (every third of it), and another sweep still finds nothing to close
    await eventually('a renewal', async () => Date.parse((await sessionOf(id)).lease_until!) > Date.parse(started.lease_until!), LEASE_MS);
    await sweepOnB();
    expect(await sessionOf(id)).toMatchObject({ ended_at: null, end_reason: null });
    expect((await webcastRow(id)).hls_path).toBe(livePath);
    const playlist = await a.app.inject({ url: `/media/${livePath}` });
    expect(parseMediaPlaylist(playlist.body).segments.length).toBeGreaterThan(0);

    await get(STREAMING_PATHS.stopStreaming(id));
    expect(await sessionOf(id)).toMatchObject({ end_reason: 'stopped' });
  });

  it('closes a session whose lease ran out (its node stopped renewing) on the sweep, keeping its recording', async () => {
    const { id } = await liveOnA();
    // A hangs for good as far as the cluster can tell: no more renewals
    a.app.ingestLease.stop();
    await expireLease(id);
    await sweepOnB();

    const session = await sessionOf(id);
    expect(session).toMatchObject({ end_reason: 'shutdown', node_id: b.ingestLease.closingId });
    expect(session.ended_at).not.toBeNull();
    expect(session.segments).toBeGreaterThan(0);
    expect(session.duration).toBeGreaterThan(0);
    expect((await webcastRow(id)).hls_path).toBeNull();

    // the recording kept is the video saved
    await a.app.db.updateTable('webcasts').set({ status: WEBCAST_STATUS.converting }).where('id', '=', id).execute();
    await saveWebcastRecording(b, id, { log: b.log });
    const saved = await webcastRow(id);
    expect({ status: saved.status, downloaded: Boolean(saved.transmission_downloaded) }).toEqual({ status: WEBCAST_STATUS.finished, downloaded: true });
    expect(saved.hls_path).toMatch(new RegExp(`^webcasts/${id}/vod/[0-9a-f]+/index\\.m3u8$`));
    const vod = await b.inject({ url: `/media/${saved.hls_path!}` });
    expect(parseMediaPlaylist(vod.body).segments.length).toBeGreaterThanOrEqual(session.segments);
    await stopPublishing();
  });

  it('closes a session whose lease ran out when a node starts', async () => {
    // A renews nothing any more (above): this session's first lease is its last
    const { id } = await liveOnA();
    await expireLease(id);
    const c = await startNode({ runJobs: false, nodeId: null });
    await c.close();
    const session = await sessionOf(id);
    expect(session).toMatchObject({ end_reason: 'shutdown' });
    expect(session.segments).toBeGreaterThan(0);
    expect((await webcastRow(id)).hls_path).toBeNull();
    await stopPublishing();
  });

  it('a node restarting under its NODE_ID closes its previous process\'s sessions at once, no other node\'s; a live link another open session serves stays', async () => {
    const id = await insertWebcast();
    const live = `webcasts/${id}/live/${'cd'.repeat(16)}.m3u8`;
    await a.app.db.updateTable('webcasts').set({ hls_path: live }).where('id', '=', id).execute();
    const hourAhead = new Date(Date.now() + 3600_000);
    const rows = [
      { session_id: 'aaaa000000000001', node_id: 'node-x', lease_until: hourAhead },
      { session_id: 'aaaa000000000002', node_id: 'node-y', lease_until: hourAhead },
    ];
    for (const row of rows) {
      await a.app.db.insertInto('webcast_stream_sessions').values({
        webcast_id: id, playlist: `webcasts/${id}/live/${row.session_id}/stream.m3u8`, started_at: new Date(), ...row,
      }).execute();
    }
    const ended = async (sessionId: string) => (await a.app.db.selectFrom('webcast_stream_sessions').select(['ended_at', 'end_reason'])
      .where('session_id', '=', sessionId).executeTakeFirstOrThrow());

    // a node of another name leaves both (their leases run an hour yet)
    await (await startNode({ runJobs: false, nodeId: 'node-z' })).close();
    expect(await ended('aaaa000000000001')).toEqual({ ended_at: null, end_reason: null });

    // node-x again: its previous process's session closes, node-y's stays, and so does the live link node-y serves
    await (await startNode({ runJobs: false, nodeId: 'node-x' })).close();
    expect((await ended('aaaa000000000001')).end_reason).toBe('shutdown');
    expect(await ended('aaaa000000000002')).toEqual({ ended_at: null, end_reason: null });
    expect((await webcastRow(id)).hls_path).toBe(live);
    await a.app.db.deleteFrom('webcast_stream_sessions').where('session_id', '=', 'aaaa000000000002').execute();
  });
});
