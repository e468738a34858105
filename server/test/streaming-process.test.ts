import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LEARNER_WEBCAST_PATHS, STREAMING_PATHS, WEBCAST_SDP_FIELD, type WebcastSdp } from '@lp/shared/contract';
import { WEBCAST_STATUS, WEBCAST_TYPE } from '@lp/shared/rules';
import { NodePublisher, NodeViewer, SignallingError, parseMediaPlaylist, streamingSettings, type SignallingSocket } from '@lp/streaming/server';
import { writeAudience } from '../src/content/audience/index.ts';
import { DEMO } from '../src/seed/demo.ts';
import { IngestProcess } from '../src/webcasts/ingestProcess.ts';
import type { Config } from '../src/config.ts';
import { connect } from '../src/db/dialect.ts';
import { bearer, buildTestApp, INJECT_ORIGIN, login, processAlive, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';
import { eventually } from './eventually.ts';

// the ingest's ICE ports, below the ephemeral range the test's own publisher and viewers bind in
const firstPort = 24000 + 200 * Math.floor(Math.random() * 20);
const settings = (offset: number) => streamingSettings({
  STREAMING_SEGMENT_SECONDS: '1',
  STREAMING_INACTIVITY_SECONDS: '3',
  STREAMING_X264_PRESET: 'ultrafast',
  STREAMING_RTP_PORTS: `${firstPort + offset}-${firstPort + offset + 49}`,
  STREAMING_ICE_PORTS: `${firstPort + offset + 50}-${firstPort + offset + 99}`,
  // one seat: the first viewer fills the node
  STREAMING_WEBRTC_VIEWERS: '1',
  // the engine's lateness limit (engine.test.ts) off: a loaded test machine is no busy ingest
  STREAMING_WEBRTC_MAX_LOOP_DELAY_MS: '0',
});
const api = (path: string) => `/api${path}`;

/** The processes whose parent is `pid`, with their command lines. */
function childrenOf(pid: number): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push({ pid: Number(entry), cmdline: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // it ended meanwhile
    }
  }
  return found;
}

/** ffmpeg processes writing HLS (the ingest's, not the test publisher's test picture) under `pid`. */
const hlsWriters = (pid: number) => childrenOf(pid).filter((p) => p.cmdline.includes('ffmpeg') && p.cmdline.includes('-f hls'));

/** How many UDP sockets bound to a port of `range` the process `pid` holds (werift's ICE sockets). */
function udpSocketsIn(pid: number, range: [number, number]): number {
  const inodes = new Set<string>();
  for (const line of fs.readFileSync('/proc/net/udp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const port = parseInt(fields[1]!.split(':')[1]!, 16);
    if (port >= range[0] && port <= range[1]) inodes.add(fields[9]!);
  }
  let held = 0;
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match && inodes.has(match[1]!)) held += 1;
    } catch {
      // closed meanwhile
    }
  }
  return held;
}

/**
 * The ingest in its own process (STREAMING_ENGINE=process, webcasts/ingestProcess.ts): the API
 * drives it through the same routes with the same answers, while the publisher's and viewers'
 * werift peers and ffmpeg live in the child; a child killed mid-session is started again, its
 * session closed, and the studio's next start and publish work.
 */
describe('the streaming ingest in its own process (sqlite)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let manager: Tokens;
  let learner: Tokens;
  let learnerGroup: number;
  let demoClient: number;
  let origin: string;
  const publishers: NodePublisher[] = [];

  const ingest = () => t.app.streaming as IngestProcess;
  const get = (path: string, tokens: Tokens) => t.app.inject({ method: 'GET', url: api(path), headers: bearer(tokens) });
  const offerTo = (url: string, sdp: string) =>
    t.app.inject({ method: 'POST', url: url.replace(INJECT_ORIGIN, ''), headers: { 'content-type': 'application/sdp' }, payload: sdp });
  const sessionsOf = (id: number) => t.app.db.selectFrom('webcast_stream_sessions').selectAll().where('webcast_id', '=', id).orderBy('id').execute();

  async function insertWebcast(): Promise<number> {
    const row = await t.app.db.insertInto('webcasts').values({
      client_id: demoClient, title: 'Ao vivo', description: '', webcast_type_id: WEBCAST_TYPE.browserStreaming,
      embed: 'none', status: WEBCAST_STATUS.published, transmission_date: new Date(), timezone: 'America/Sao_Paulo',
    }).returning('id').executeTakeFirstOrThrow();
    await writeAudience(t.app.db, 'webcast', row.id, { user_groups: [learnerGroup] });
    return row.id;
  }

  async function publish(id: number, streamName?: string): Promise<NodePublisher> {
    const sdp = (await get(STREAMING_PATHS.streamingSdp(id), manager)).json<Record<string, WebcastSdp>>()[WEBCAST_SDP_FIELD]!;
    const publisher = await NodePublisher.start({
      sdpUrl: `${origin.replace('http', 'ws')}/api${STREAMING_PATHS.signalling}`,
      applicationName: sdp.application_name,
      streamName: streamName ?? sdp.stream_name,
      openSocket: (url: string) => new WebSocket(url) as unknown as SignallingSocket,
      munge: { videoBitrate: 800, audioBitrate: 64, videoFrameRate: 30 },
    });
    publishers.push(publisher);
    return publisher;
  }

  const watchPage = (id: number) => eventually('the watch page live', async () => {
    const body = (await get(LEARNER_WEBCAST_PATHS.webcast(id), learner)).json();
    return body.state === 'live' && body.webcast_player_webrtc_playback_url && body as { webcast_player_hls_playback_url: string; webcast_player_webrtc_playback_url: string };
  }, 40_000);

  async function build(overrides: Partial<Config>): Promise<TestApp> {
    const app = await buildTestApp('sqlite', overrides);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  /** The callers of `t` (each app has its own database). */
  async function signIn() {
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    demoClient = (await clientIds(t.app)).demo;
    const superuser = await loginSuperuser(t.app);
    manager = (await adminWith(t.app, superuser, demoClient, ['webcasts', 'webcasts_manage'])).tokens;
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    learnerGroup = (await t.app.db.selectFrom('user_group_members').innerJoin('users', 'users.id', 'user_group_members.user_id')
      .select('user_group_members.group_id').where('users.email', '=', DEMO.learner.email).executeTakeFirstOrThrow()).group_id;
  }

  beforeAll(async () => {
    t = await build({ streaming: settings(0), streamingEngine: 'process' });
    await signIn();
  });
  afterAll(async () => {
    for (const publisher of publishers) await publisher.close();
    await t?.close();
  });

  it('publishes, serves live HLS, plays over WHEP and stops through the same routes, with the media work in the child', async () => {
    expect(t.app.streaming).toBeInstanceOf(IngestProcess);
    const id = await insertWebcast();
    expect((await get(STREAMING_PATHS.startStreaming(id), manager)).json()).toMatchObject({ live_stream: { state: 'started', publishing: false } });
    const pid = ingest().pid!;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);

    // a wrong stream name is refused by the child's engine as it was in process (spec 2 §7.3 status 404)
    const refused = await publish(id, 'webcast_0_nope').then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(SignallingError);
    expect((refused as SignallingError).status).toBe(404);

    await publish(id);
    const page = await watchPage(id);
    const playlist = await t.app.inject({ url: page.webcast_player_hls_playback_url.replace(INJECT_ORIGIN, '') });
    expect(playlist.statusCode).toBe(200);
    expect(parseMediaPlaylist(playlist.body).segments.length).toBeGreaterThan(0);
    expect((await get(STREAMING_PATHS.streamingState(id), manager)).json().live_stream).toEqual({ state: 'started', publishing: true });

    // the HLS ffmpeg and the werift ICE sockets are the child's, none the API's
    const icePorts = settings(0).icePorts!;
    expect(hlsWriters(pid)).toHaveLength(1);
    expect(hlsWriters(process.pid)).toHaveLength(0);
    expect(udpSocketsIn(pid, icePorts)).toBeGreaterThan(0);
    expect(udpSocketsIn(process.pid, icePorts)).toBe(0);

    let location = '';
    const viewer = await NodeViewer.start({
      exchange: async (offer) => {
        const res = await offerTo(page.webcast_player_webrtc_playback_url, offer);
        expect(res.statusCode).toBe(201);
        location = String(res.headers.location);
        return res.body;
      },
    });
    try {
      await eventually('media at the viewer', async () => viewer.hasKeyframe && viewer.packets.audio > 5, 20_000);
      expect(t.app.streaming.viewerCount(id)).toBe(1);
      // the child's own event-loop delay (its peers share one loop), in the metrics: the API's is not it
      const ingestLoop = await eventually('the ingest\'s event-loop delay reported', async () => {
        const text = (await t.app.inject({ url: '/metrics' })).body;
        const figure = (stat: string) => Number(new RegExp(`^streaming_ingest_event_loop_delay_seconds\\{stat="${stat}"\\} (\\S+)$`, 'm').exec(text)?.[1]);
        return Number.isFinite(figure('p99')) && { p99: figure('p99'), max: figure('max') };
      }, 10_000);
      expect(ingestLoop.p99).toBeGreaterThan(0);
      expect(ingestLoop.max).toBeGreaterThanOrEqual(ingestLoop.p99);
      expect(udpSocketsIn(process.pid, icePorts)).toBe(0);
      // the one seat is taken: 503 with Retry-After, as in process (ViewerLimitError crossed with its reason)
      const full = await offerTo(page.webcast_player_webrtc_playback_url, 'v=0\r\n');
      expect(full.statusCode).toBe(503);
      expect(full.json().code).toBe('webrtc_viewers_full');
      expect(full.headers['retry-after']).toBe('30');
      expect((await t.app.inject({ method: 'DELETE', url: location })).statusCode).toBe(200);
      expect(t.app.streaming.viewerCount(id)).toBe(0);
      expect((await t.app.inject({ method: 'DELETE', url: location })).statusCode).toBe(404);
    } finally {
      await viewer.close();
    }

    const stopped = await get(STREAMING_PATHS.stopStreaming(id), manager);
    expect(stopped.json()).toMatchObject({ live_stream: { state: 'stopped', publishing: false }, transmission_completed: true });
    expect(await sessionsOf(id)).toMatchObject([{ end_reason: 'stopped' }]);
    expect((await sessionsOf(id))[0]!.segments).toBeGreaterThan(0);
    // off air: NotLiveError crossed as such (404)
    const late = await offerTo(page.webcast_player_webrtc_playback_url, 'v=0\r\n');
    expect(late.statusCode).toBe(404);
    expect(late.json().code).toBe('webcast_not_live');
    expect(hlsWriters(pid)).toHaveLength(0);
  });

  it('starts a child killed mid-session again, closes the session it left open, and takes a new start and publish', async () => {
    const id = await insertWebcast();
    await get(STREAMING_PATHS.startStreaming(id), manager);
    await publish(id);
    await watchPage(id);
    const killed = ingest().pid!;
    expect((await sessionsOf(id))[0]).toMatchObject({ ended_at: null });

    const orphans = hlsWriters(killed).map((p) => p.pid);
    expect(orphans).toHaveLength(1);
    process.kill(killed, 'SIGKILL');
    // the session is closed as at a restart of the API, and nothing is live
    await eventually('the session closed', async () => (await sessionsOf(id))[0]!.ended_at !== null, 20_000);
    expect((await sessionsOf(id))[0]).toMatchObject({ end_reason: 'shutdown' });
    expect((await t.app.db.selectFrom('webcasts').select('hls_path').where('id', '=', id).executeTakeFirstOrThrow()).hls_path).toBeNull();
    expect((await get(STREAMING_PATHS.streamingState(id), manager)).json().live_stream).toEqual({ state: 'stopped', publishing: false });
    await eventually('a new ingest process', async () => ingest().pid !== null && ingest().pid !== killed);
    // its ffmpeg, orphaned, ends by itself (its stderr pipe is gone), and so frees its RTP ports
    await eventually('the killed ingest\'s ffmpeg gone', async () => orphans.every((p) => !processAlive(p)), 15_000);

    // the studio starts again (a new channel, a new stream name) and publishes
    expect((await get(STREAMING_PATHS.startStreaming(id), manager)).json()).toMatchObject({ live_stream: { state: 'started' } });
    await publish(id);
    await watchPage(id);
    expect(t.app.streaming.isPublishing(id)).toBe(true);
    expect(hlsWriters(ingest().pid!)).toHaveLength(1);
    await get(STREAMING_PATHS.stopStreaming(id), manager);
    expect((await sessionsOf(id)).map((s) => s.end_reason)).toEqual(['shutdown', 'stopped']);
  });

  it('closes with the app: the channel ends as \'shutdown\', then ffmpeg and the ingest process exit', async () => {
    const closing = await build({ streaming: settings(300), streamingEngine: 'process' });
    const previous = { t, manager, learner, learnerGroup, demoClient, origin };
    t = closing;
    try {
      await signIn();
      const id = await insertWebcast();
      await get(STREAMING_PATHS.startStreaming(id), manager);
      await publish(id);
      await watchPage(id);
      const pid = ingest().pid!;
      const ffmpeg = hlsWriters(pid).map((p) => p.pid);
      expect(ffmpeg).toHaveLength(1);
      await t.app.close();
      // the app's database connection is closed: the row is read through a new one
      const handle = connect(t.config);
      const closedRows = await handle.db.selectFrom('webcast_stream_sessions').selectAll().where('webcast_id', '=', id).execute().finally(() => handle.close());
      expect(closedRows).toMatchObject([{ end_reason: 'shutdown' }]);
      expect(closedRows[0]!.segments).toBeGreaterThan(0);
      await eventually('the ingest and its ffmpeg gone', async () => !processAlive(pid) && ffmpeg.every((p) => !processAlive(p)), 5000);
    } finally {
      ({ t, manager, learner, learnerGroup, demoClient, origin } = previous);
      await closing.close().catch(() => undefined);
    }
  });
});
