import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  LEARNER_WEBCAST_PATHS, STREAMING_PATHS, WEBCAST_PATHS, WEBCAST_SDP_FIELD, type StreamingStateAnswer, type WebcastSdp,
} from '@lp/shared/contract';
import { WEBCAST_STATUS, WEBCAST_TYPE } from '@lp/shared/rules';
import { NodePublisher, SignallingSession, parseMediaPlaylist, streamingSettings, type SignallingSocket } from '@lp/streaming/server';
import { writeAudience } from '../src/content/audience/index.ts';
import appPlugin from '../src/app.ts';
import { markLive } from '../src/repositories/streaming.ts';
import { DEMO } from '../src/seed/demo.ts';
import { bearer, buildTestApp, DIALECTS, login, type TestApp, type Tokens, INJECT_ORIGIN } from './helpers.ts';
import { postForm } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';
import { multipartForm } from './webcastFixtures.ts';
import { eventually } from './eventually.ts';

// a short segment, a quick "publisher gone" and the cheapest encoder keep the real ingest fast here
const firstPort = 30000 + 200 * Math.floor(Math.random() * 40);
const streaming = streamingSettings({
  STREAMING_SEGMENT_SECONDS: '1',
  STREAMING_INACTIVITY_SECONDS: '3',
  STREAMING_X264_PRESET: 'ultrafast',
  STREAMING_RTP_PORTS: `${firstPort}-${firstPort + 99}`,
  // no WebRTC viewer here: no viewer relay process (streamingWhep.test.ts runs them)
  STREAMING_VIEWER_PROCESSES: '0',
});

const api = (path: string) => `/api${path}`;

/**
 * Browser streaming (spec 2 §2.6, §4.14, §5.10, §7.3 "Streaming"): the calls,
 * the signalling socket at sdp_url, and a real publisher (werift, ffmpeg test picture) whose
 * WebRTC becomes live HLS under /media/ and, once saved, a video on demand.
 */
describe.each(DIALECTS)('webcast streaming (%s)', (dialect) => {
  let t: TestApp;
  let clients: Clients;
  let manager: Tokens;
  let viewer: Tokens;
  let learner: Tokens;
  let otherAdmin: Tokens;
  let origin: string;

  async function insertWebcast(extra: { clientId?: number; type?: number } = {}): Promise<number> {
    const row = await t.app.db.insertInto('webcasts').values({
      client_id: extra.clientId ?? clients.demo, title: 'Ao vivo', description: '', webcast_type_id: extra.type ?? WEBCAST_TYPE.browserStreaming,
      embed: 'none', status: WEBCAST_STATUS.published, transmission_date: new Date(), timezone: 'America/Sao_Paulo',
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  const get = (path: string, tokens: Tokens | null = manager) => t.app.inject({ method: 'GET', url: api(path), headers: tokens ? bearer(tokens) : {} });
  const state = async (id: number) => (await get(STREAMING_PATHS.streamingState(id))).json<StreamingStateAnswer>();
  const webcastRow = (id: number) => t.app.db.selectFrom('webcasts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const markLiveDirectly = (id: number) => markLive(t.app.db, id, `webcasts/${id}/live/${'ab'.repeat(16)}.m3u8`);
  const openSocket = (url: string) => new WebSocket(url) as unknown as SignallingSocket;

  async function publish(id: number): Promise<NodePublisher> {
    const sdp = (await get(STREAMING_PATHS.streamingSdp(id))).json<Record<string, WebcastSdp>>()[WEBCAST_SDP_FIELD]!;
    return NodePublisher.start({
      sdpUrl: `${origin.replace('http', 'ws')}/api${STREAMING_PATHS.signalling}`,
      applicationName: sdp.application_name,
      streamName: sdp.stream_name,
      openSocket,
      munge: { videoBitrate: 800, audioBitrate: 64, videoFrameRate: 30 },
    });
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { streaming });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    clients = await clientIds(t.app);
    const superuser = await loginSuperuser(t.app);
    manager = (await adminWith(t.app, superuser, clients.demo, ['webcasts', 'webcasts_manage'])).tokens;
    viewer = (await adminWith(t.app, superuser, clients.demo, ['webcasts'])).tokens;
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => t?.close());

  it('needs webcasts_manage for every streaming call (spec 2 §6), and the webcast of the selected client', async () => {
    const id = await insertWebcast();
    const paths = [
      STREAMING_PATHS.startStreaming(id), STREAMING_PATHS.streamingState(id), STREAMING_PATHS.streamingIsLive(id), STREAMING_PATHS.stopStreaming(id),
      STREAMING_PATHS.downloadStreaming(id), STREAMING_PATHS.streamingSdp(id),
    ];
    for (const path of paths) {
      expect((await get(path, null)).statusCode, path).toBe(401);
      expect((await get(path, learner)).statusCode, path).toBe(403);
      const res = await get(path, viewer);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('permission_denied');
      expect((await get(path, otherAdmin)).statusCode, path).toBe(404);
    }
    expect((await postForm(t.app, api(STREAMING_PATHS.configStreaming(id)), viewer, {})).statusCode).toBe(403);
    expect(await state(id)).toEqual({ live_stream: { state: 'stopped', publishing: false }, status: 1, transmission_completed: false, transmission_downloaded: false });
  });

  it('streams only webcasts of type 2 (browser streaming)', async () => {
    const youtube = await insertWebcast({ type: WEBCAST_TYPE.youtube });
    const res = await get(STREAMING_PATHS.startStreaming(youtube));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('webcast_not_browser_streaming');
  });

  it('stores the transcoder configuration sent as a form (spec 2 §3.13, config_streaming)', async () => {
    const id = await insertWebcast();
    const fields = { bitrate_video: '3500', aspect_ratio_width: '854', aspect_ratio_height: '480', aspect_h264_profile: 'main' };
    const res = await postForm(t.app, api(STREAMING_PATHS.configStreaming(id)), manager, fields);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bitrate_video: 3500, aspect_ratio_width: 854, aspect_ratio_height: 480, aspect_h264_profile: 'main' });
    const multipart = multipartForm({ bitrate_video: 6500, aspect_ratio_width: 1920, aspect_ratio_height: 1080, aspect_h264_profile: 'high' });
    const again = await t.app.inject({ method: 'POST', url: api(STREAMING_PATHS.configStreaming(id)), headers: { ...bearer(manager), ...multipart.headers }, payload: multipart.payload });
    expect(again.statusCode).toBe(200);
    const row = await t.app.db.selectFrom('webcast_streams').selectAll().where('webcast_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ bitrate_video: 6500, aspect_ratio_width: 1920, aspect_ratio_height: 1080, aspect_h264_profile: 'high' });
    // bad input changes nothing
    for (const bad of [{ ...fields, aspect_h264_profile: 'extended' }, { ...fields, bitrate_video: 'fast' }, { aspect_ratio_width: '854' }]) {
      expect((await postForm(t.app, api(STREAMING_PATHS.configStreaming(id)), manager, bad)).statusCode).toBe(400);
    }
    expect(await t.app.db.selectFrom('webcast_streams').select('bitrate_video').where('webcast_id', '=', id).executeTakeFirstOrThrow()).toEqual({ bitrate_video: 6500 });
  });

  it('answers the signalling coordinates, with a fresh stream name for every transmission', async () => {
    const id = await insertWebcast();
    const before = (await get(STREAMING_PATHS.streamingSdp(id))).json()[WEBCAST_SDP_FIELD];
    expect(before).toEqual({ sdp_url: `ws://localhost/api/streaming/webrtc-session.json?webcast=${id}`, application_name: 'webcasts', stream_name: '' });
    const started = await get(STREAMING_PATHS.startStreaming(id));
    expect(started.json()).toMatchObject({ live_stream: { state: 'started', publishing: false } });
    expect(started.json().meta).toBeUndefined();
    const first = (await get(STREAMING_PATHS.streamingSdp(id))).json()[WEBCAST_SDP_FIELD].stream_name;
    expect(first).toMatch(/^webcast_\d+_[0-9a-f]{32}$/);
    // spec 2 §4.14 step 2: starting a running server answers meta (online)
    expect((await get(STREAMING_PATHS.startStreaming(id))).json().meta).toMatchObject({ status: 422 });
    await get(STREAMING_PATHS.stopStreaming(id));
    await get(STREAMING_PATHS.startStreaming(id));
    expect((await get(STREAMING_PATHS.streamingSdp(id))).json()[WEBCAST_SDP_FIELD].stream_name).not.toBe(first);
    await get(STREAMING_PATHS.stopStreaming(id));
  });

  it('answers a publish offer for an unknown stream with its status and description over the socket', async () => {
    const offer = SignallingSession.sendOffer(openSocket, {
      url: `${origin.replace('http', 'ws')}/api${STREAMING_PATHS.signalling}`,
      streamInfo: { applicationName: 'webcasts', streamName: 'webcast_1_guess', sessionId: '[empty]' },
      sdp: 'v=0\r\n',
    });
    await expect(offer).rejects.toMatchObject({ kind: 'status', status: 404 });
  });

  it('takes WebRTC in, serves live HLS under /media/, ends, and saves the recording as a video on demand', async () => {
    const id = await insertWebcast();
    expect((await get(STREAMING_PATHS.startStreaming(id))).statusCode).toBe(200);
    const publisher = await publish(id);
    try {
      // the webcast's playback URL appears with the first segment
      const url = await eventually('the live playback URL', async () => (await get(WEBCAST_PATHS.item(id))).json().webcast_player_hls_playback_url as string | null);
      // a random key in the address, as every media path has
      expect(url).toMatch(new RegExp(`^${INJECT_ORIGIN}/media/webcasts/${id}/live/[0-9a-f]{32}\\.m3u8$`));
      const livePath = url.replace(INJECT_ORIGIN, '');
      const playlist = await eventually('segments', async () => {
        const res = await t.app.inject({ url: livePath });
        return res.statusCode === 200 && parseMediaPlaylist(res.body).segments.length >= 2 && res;
      });
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(playlist.headers['cache-control']).toBe('no-cache');
      const segment = await t.app.inject({ url: `/media/webcasts/${id}/live/${parseMediaPlaylist(playlist.body).segments[0]!.uri}` });
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.rawPayload[0]).toBe(0x47);

      expect((await get(STREAMING_PATHS.streamingIsLive(id))).json()).toEqual({ is_live: true, webcast_player_hls_playback_url: url });
      expect((await state(id)).live_stream).toEqual({ state: 'started', publishing: true });
      // saving needs the transmission ended (spec 2 §4.14 step 7)
      const early = await get(STREAMING_PATHS.downloadStreaming(id));
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('transmission_not_completed');

      // end_transmission: stop_streaming after the tracks stopped
      const stopped = await get(STREAMING_PATHS.stopStreaming(id));
      expect(stopped.json()).toMatchObject({ live_stream: { state: 'stopped', publishing: false }, transmission_completed: true, transmission_downloaded: false });
      expect((await webcastRow(id)).hls_path).toBeNull();
      const [session] = await t.app.db.selectFrom('webcast_stream_sessions').selectAll().where('webcast_id', '=', id).execute();
      expect(session).toMatchObject({ end_reason: 'stopped' });
      expect(session!.segments).toBeGreaterThanOrEqual(2);
    } finally {
      await publisher.close();
    }

    // save_webinar_video: 202, status 5 while converting, then downloaded and finished
    const saving = await get(STREAMING_PATHS.downloadStreaming(id));
    expect(saving.statusCode).toBe(202);
    expect(saving.json()).toEqual({ status: WEBCAST_STATUS.converting, transmission_downloaded: false });
    expect((await webcastRow(id)).status).toBe(WEBCAST_STATUS.converting);
    await t.app.jobs.idle(20_000);
    const saved = await get(WEBCAST_PATHS.item(id));
    expect(saved.json()).toMatchObject({ status: WEBCAST_STATUS.finished, transmission_completed: true, transmission_downloaded: true });
    const vodUrl = saved.json().webcast_player_hls_playback_url as string;
    expect(vodUrl).toMatch(new RegExp(`^${INJECT_ORIGIN}/media/webcasts/${id}/vod/[0-9a-f]+/index\\.m3u8$`));
    const vod = await t.app.inject({ url: vodUrl.replace(INJECT_ORIGIN, '') });
    expect(vod.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    const first = parseMediaPlaylist(vod.body).segments[0]!;
    const resolved = new URL(first.uri, vodUrl).pathname;
    expect(resolved).toMatch(new RegExp(`^/media/webcasts/${id}/live/[0-9a-f]+/seg_00000\\.ts$`));
    expect((await t.app.inject({ url: resolved })).statusCode).toBe(200);
    expect(await state(id)).toMatchObject({ status: WEBCAST_STATUS.finished, transmission_downloaded: true });
    // saving again is accepted and changes nothing
    expect((await get(STREAMING_PATHS.downloadStreaming(id))).statusCode).toBe(202);
  });

  it('goes back offline by itself when the publisher disappears, keeping what was recorded', async () => {
    const id = await insertWebcast();
    await get(STREAMING_PATHS.startStreaming(id));
    const publisher = await publish(id);
    try {
      await eventually('live', async () => (await webcastRow(id)).hls_path);
      publisher.stopMedia();
      await eventually('offline', async () => (await state(id)).live_stream.state === 'stopped', 20_000);
      expect(await state(id)).toMatchObject({ live_stream: { publishing: false }, transmission_completed: false });
      // the channel shows offline first; the session's end (its row, the live path cleared) lands after ffmpeg's last segment
      await eventually('live path cleared', async () => (await webcastRow(id)).hls_path === null);
      const [session] = await t.app.db.selectFrom('webcast_stream_sessions').selectAll().where('webcast_id', '=', id).execute();
      expect(session).toMatchObject({ end_reason: 'disconnected' });
      expect(session!.segments).toBeGreaterThan(0);
    } finally {
      await publisher.close();
    }
    // the studio starts again (a new stream name) and can still end and save everything
    expect((await get(STREAMING_PATHS.startStreaming(id))).json().live_stream.state).toBe('started');
    await get(STREAMING_PATHS.stopStreaming(id));
    expect((await get(STREAMING_PATHS.downloadStreaming(id))).statusCode).toBe(202);
  });

  it('puts a saved (finished) webcast back on air when it is streamed again: learners watch live, not "converting"', async () => {
    const id = await insertWebcast();
    await t.app.db.updateTable('webcasts').set({
      status: WEBCAST_STATUS.finished, transmission_completed: true, transmission_downloaded: true, hls_path: `webcasts/${id}/vod/00ff/index.m3u8`,
    }).where('id', '=', id).execute();
    // the learner's group is the audience
    const membership = await t.app.db.selectFrom('user_group_members').innerJoin('users', 'users.id', 'user_group_members.user_id')
      .select('user_group_members.group_id').where('users.email', '=', DEMO.learner.email).executeTakeFirstOrThrow();
    await writeAudience(t.app.db, 'webcast', id, { user_groups: [membership.group_id] });
    expect((await get(STREAMING_PATHS.startStreaming(id))).json()).toMatchObject({ transmission_completed: false });
    const publisher = await publish(id);
    try {
      await eventually('live', async () => (await webcastRow(id)).hls_path?.includes('/live/'));
      const row = await webcastRow(id);
      expect({ status: row.status, downloaded: Boolean(row.transmission_downloaded) }).toEqual({ status: WEBCAST_STATUS.published, downloaded: false });
      const watched = (await get(LEARNER_WEBCAST_PATHS.webcast(id), learner)).json();
      expect(watched).toMatchObject({ state: 'live' });
      expect(watched.webcast_player_hls_playback_url).toMatch(new RegExp(`/media/webcasts/${id}/live/[0-9a-f]{32}\\.m3u8$`));
    } finally {
      await get(STREAMING_PATHS.stopStreaming(id));
      await publisher.close();
    }
    // an unpublished webcast stays unpublished while it streams
    await t.app.db.updateTable('webcasts').set({ status: WEBCAST_STATUS.unpublished }).where('id', '=', id).execute();
    await markLiveDirectly(id);
    expect((await webcastRow(id)).status).toBe(WEBCAST_STATUS.unpublished);
  });

  it('has nothing to save when nothing was recorded', async () => {
    const id = await insertWebcast();
    await get(STREAMING_PATHS.startStreaming(id));
    await get(STREAMING_PATHS.stopStreaming(id));
    const res = await get(STREAMING_PATHS.downloadStreaming(id));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('recording_not_found');
    expect((await webcastRow(id)).status).toBe(WEBCAST_STATUS.published);
  });

  it('closes, on the next start, a session a dead process left open, keeping its segments in the recording', async () => {
    const id = await insertWebcast();
    const playlist = `webcasts/${id}/live/deadbeef00000000/stream.m3u8`;
    const file = path.join(t.config.dataDir, 'media', playlist);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.000000,\nseg_00000.ts\n#EXTINF:1.500000,\nseg_00001.ts\n');
    await t.app.db.insertInto('webcast_stream_sessions').values({ webcast_id: id, session_id: 'deadbeef00000000', playlist, started_at: new Date() }).execute();
    await t.app.db.updateTable('webcasts').set({ hls_path: `webcasts/${id}/live/0123456789abcdef0123456789abcdef.m3u8` }).where('id', '=', id).execute();

    // another process starts on the same database and files
    const next = Fastify({ logger: false });
    await next.register(appPlugin, { config: { ...t.config, runJobs: false }, serveStatic: false });
    await next.ready();
    await next.close();

    const session = await t.app.db.selectFrom('webcast_stream_sessions').selectAll().where('session_id', '=', 'deadbeef00000000').executeTakeFirstOrThrow();
    expect(session).toMatchObject({ end_reason: 'shutdown', segments: 2, duration: 3.5 });
    expect(session.ended_at).not.toBeNull();
    expect((await webcastRow(id)).hls_path).toBeNull();
  });
});
