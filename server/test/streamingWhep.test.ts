import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { LEARNER_WEBCAST_PATHS, STREAMING_PATHS, WEBCAST_SDP_FIELD, type WebcastSdp } from '@lp/shared/contract';
import { WEBCAST_STATUS, WEBCAST_TYPE } from '@lp/shared/rules';
import { NodePublisher, NodeViewer, streamingSettings, ViewerLimitError, type SignallingSocket } from '@lp/streaming/server';
import { writeAudience } from '../src/content/audience/index.ts';
import { signGrant } from '../src/lib/signedMedia.ts';
import { signWhepGrant } from '../src/lib/whepGrant.ts';
import { DEMO } from '../src/seed/demo.ts';
import { bearer, buildTestApp, DIALECTS, INJECT_ORIGIN, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';
import { eventually } from './eventually.ts';

const firstPort = 21000 + 100 * Math.floor(Math.random() * 5);
const streaming = streamingSettings({
  STREAMING_SEGMENT_SECONDS: '1',
  STREAMING_INACTIVITY_SECONDS: '3',
  STREAMING_X264_PRESET: 'ultrafast',
  STREAMING_RTP_PORTS: `${firstPort}-${firstPort + 99}`,
  // one seat: the first viewer fills the node
  STREAMING_WEBRTC_VIEWERS: '1',
  // the engine's lateness limit (engine.test.ts) off: a loaded test machine is no busy ingest
  STREAMING_WEBRTC_MAX_LOOP_DELAY_MS: '0',
});

const api = (path: string) => `/api${path}`;

/**
 * WebRTC playback (WHEP) of a live webcast: the learner's watch page gives the address exactly
 * where it gives the live HLS one, the signed grant in it is the only key, and a real viewer
 * (werift) receives the publisher's media forwarded as is.
 */
describe.each(DIALECTS)('webcast WebRTC playback (%s)', (dialect) => {
  let t: TestApp;
  let clients: Clients;
  let manager: Tokens;
  let learner: Tokens;
  let origin: string;
  let learnerGroup: number;

  async function insertWebcast(audience: boolean): Promise<number> {
    const row = await t.app.db.insertInto('webcasts').values({
      client_id: clients.demo, title: 'Ao vivo', description: '', webcast_type_id: WEBCAST_TYPE.browserStreaming,
      embed: 'none', status: WEBCAST_STATUS.published, transmission_date: new Date(), timezone: 'America/Sao_Paulo',
    }).returning('id').executeTakeFirstOrThrow();
    if (audience) await writeAudience(t.app.db, 'webcast', row.id, { user_groups: [learnerGroup] });
    return row.id;
  }
  const get = (path: string, tokens: Tokens) => t.app.inject({ method: 'GET', url: api(path), headers: bearer(tokens) });
  const offerTo = (url: string, sdp: string, contentType = 'application/sdp') =>
    t.app.inject({ method: 'POST', url: url.replace(INJECT_ORIGIN, ''), headers: { 'content-type': contentType }, payload: sdp });

  async function publish(id: number): Promise<NodePublisher> {
    await get(STREAMING_PATHS.startStreaming(id), manager);
    const sdp = (await get(STREAMING_PATHS.streamingSdp(id), manager)).json<Record<string, WebcastSdp>>()[WEBCAST_SDP_FIELD]!;
    return NodePublisher.start({
      sdpUrl: `${origin.replace('http', 'ws')}/api${STREAMING_PATHS.signalling}`,
      applicationName: sdp.application_name,
      streamName: sdp.stream_name,
      openSocket: (url: string) => new WebSocket(url) as unknown as SignallingSocket,
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
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    learnerGroup = (await t.app.db.selectFrom('user_group_members').innerJoin('users', 'users.id', 'user_group_members.user_id')
      .select('user_group_members.group_id').where('users.email', '=', DEMO.learner.email).executeTakeFirstOrThrow()).group_id;
  });
  afterAll(async () => t?.close());

  it('gives the learner a WHEP address while live, and a real viewer receives the publisher\'s media through it', async () => {
    const id = await insertWebcast(true);
    // nothing on air: no address
    expect((await get(LEARNER_WEBCAST_PATHS.webcast(id), learner)).json().webcast_player_webrtc_playback_url).toBeNull();
    const publisher = await publish(id);
    let viewer: NodeViewer | null = null;
    try {
      const watched = await eventually('live', async () => {
        const body = (await get(LEARNER_WEBCAST_PATHS.webcast(id), learner)).json();
        return body.state === 'live' && body.webcast_player_webrtc_playback_url && body;
      });
      // HLS is still given: the fallback
      expect(watched.webcast_player_hls_playback_url).toMatch(/\.m3u8$/);
      const url = watched.webcast_player_webrtc_playback_url as string;
      // the webcast id beside the grant is what the proxy routes by (docs/production.md "Topology")
      expect(url).toMatch(new RegExp(`^${INJECT_ORIGIN}/api/streaming/whep/${id}/[\\w-]+\\.[\\w-]+$`));
      let location = '';
      viewer = await NodeViewer.start({
        exchange: async (offer) => {
          const res = await offerTo(url, offer);
          expect(res.statusCode).toBe(201);
          expect(res.headers['content-type']).toBe('application/sdp');
          location = String(res.headers.location);
          return res.body;
        },
      });
      expect(location).toMatch(new RegExp(`^/api/streaming/whep/${id}/[\\w.-]+/[0-9a-f]{24}$`));
      const connected = viewer;
      await eventually('media at the viewer', async () => connected.hasKeyframe && connected.packets.audio > 5, 15_000);
      expect(connected.firstVideoPacketIsKeyframe).toBe(true);
      expect(t.app.streaming.viewerCount(id)).toBe(1);
      // the seats are taken: the page still offers WebRTC (a viewer playing it keeps it on refresh);
      // a new offer is refused with Retry-After, and the player plays HLS until a seat frees
      expect((await get(LEARNER_WEBCAST_PATHS.webcast(id), learner)).json().webcast_player_webrtc_playback_url).toBe(url);
      const refused = await offerTo(url, 'v=0\r\n');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      // hanging up gives the seat back; a second time there is nothing to hang up
      expect((await t.app.inject({ method: 'DELETE', url: location })).statusCode).toBe(200);
      expect(t.app.streaming.viewerCount(id)).toBe(0);
      expect((await t.app.inject({ method: 'DELETE', url: location })).statusCode).toBe(404);
    } finally {
      await viewer?.close();
      await get(STREAMING_PATHS.stopStreaming(id), manager);
      await publisher.close();
    }
    // off air: the grant still verifies, but there is nothing to watch
    const grant = signWhepGrant(t.app.mediaSecret, { w: id, e: Math.floor(Date.now() / 1000) + 600 });
    const late = await offerTo(api(STREAMING_PATHS.whep(id, grant)), 'v=0\r\n');
    expect(late.statusCode).toBe(404);
    expect(late.json().code).toBe('webcast_not_live');
  });

  it('refuses forged, altered, expired and foreign grants, and bodies that are not SDP offers', async () => {
    const id = await insertWebcast(true);
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const good = signWhepGrant(t.app.mediaSecret, { w: id, e: inAnHour });
    const [payload, mac] = good.split('.') as [string, string];
    const otherWebcast = Buffer.from(JSON.stringify({ w: id + 1, e: inAnHour })).toString('base64url');
    const refused = [
      `${otherWebcast}.${mac}`,
      `${payload}.${mac.slice(0, -2)}AA`,
      signWhepGrant(Buffer.from('not the server key'), { w: id, e: inAnHour }),
      signWhepGrant(t.app.mediaSecret, { w: id, e: Math.floor(Date.now() / 1000) - 1 }),
      // a media grant is signed with the same key under another context
      signGrant(t.app.mediaSecret, { d: `webcasts/${id}/`, e: inAnHour }),
      'nonsense',
    ];
    for (const grant of refused) {
      const res = await offerTo(api(STREAMING_PATHS.whep(id, grant)), 'v=0\r\n');
      expect(res.statusCode, grant).toBe(403);
      expect(res.json().code).toBe('playback_grant_invalid');
      expect((await t.app.inject({ method: 'DELETE', url: api(STREAMING_PATHS.whepSession(id, grant, 'ab'.repeat(12))) })).statusCode).toBe(403);
    }
    // a good grant beside another webcast's id: the grant is the authority, the id only routes
    const elsewhere = await offerTo(api(STREAMING_PATHS.whep(id + 1, good)), 'v=0\r\n');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('playback_grant_invalid');
    expect((await t.app.inject({ method: 'DELETE', url: api(STREAMING_PATHS.whepSession(id + 1, good, 'ab'.repeat(12))) })).statusCode).toBe(403);
    expect((await offerTo(api(STREAMING_PATHS.whep(id, good)), '{"sdp":1}', 'application/json')).statusCode).toBe(415);
    const notSdp = await offerTo(api(STREAMING_PATHS.whep(id, good)), 'hello');
    expect(notSdp.statusCode).toBe(400);
    expect(notSdp.json().code).toBe('sdp_offer_invalid');
  });

  it('refuses an offer the node cannot take now with 503 and a Retry-After: soon when viewers are joining, later when its seats are taken', async () => {
    const id = await insertWebcast(true);
    const grant = signWhepGrant(t.app.mediaSecret, { w: id, e: Math.floor(Date.now() / 1000) + 600 });
    const watch = vi.spyOn(t.app.streaming, 'watch');
    try {
      for (const [reason, seconds] of [['joining', '3'], ['full', '30']] as const) {
        watch.mockRejectedValueOnce(new ViewerLimitError(reason, 'busy'));
        const res = await offerTo(api(STREAMING_PATHS.whep(id, grant)), 'v=0\r\n');
        expect(res.statusCode).toBe(503);
        expect(res.json().code).toBe('webrtc_viewers_full');
        expect(res.headers['retry-after']).toBe(seconds);
      }
    } finally {
      watch.mockRestore();
    }
  });

  it('gives no address to a learner outside the audience, nor before the transmission', async () => {
    const hidden = await insertWebcast(false);
    const publisher = await publish(hidden);
    try {
      await eventually('publishing', async () => t.app.streaming.canWatch(hidden));
      // the same rule as the HLS address: the watch page itself is not found for them
      expect((await get(LEARNER_WEBCAST_PATHS.webcast(hidden), learner)).statusCode).toBe(404);
    } finally {
      await get(STREAMING_PATHS.stopStreaming(hidden), manager);
      await publisher.close();
    }
  });
});
