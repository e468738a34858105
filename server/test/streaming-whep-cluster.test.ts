import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LEARNER_WEBCAST_PATHS, STREAMING_PATHS, WEBCAST_SDP_FIELD, type WebcastSdp } from '@lp/shared/contract';
import { WEBCAST_STATUS, WEBCAST_TYPE } from '@lp/shared/rules';
import { NodePublisher, NodeViewer, streamingSettings, type SignallingSocket } from '@lp/streaming/server';
import appPlugin from '../src/app.ts';
import { writeAudience } from '../src/content/audience/index.ts';
import { DEMO } from '../src/seed/demo.ts';
import { bearer, buildTestApp, DIALECTS, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';
import { eventually } from './eventually.ts';
import { startClusterProxy, type ClusterProxy } from './cluster/proxy.ts';

const firstPort = 26000 + 200 * Math.floor(Math.random() * 20);
const settings = (from: number) => streamingSettings({
  STREAMING_SEGMENT_SECONDS: '1',
  STREAMING_INACTIVITY_SECONDS: '20',
  STREAMING_X264_PRESET: 'ultrafast',
  STREAMING_RTP_PORTS: `${from}-${from + 49}`,
  // the engine's lateness limit (engine.test.ts) off: a loaded test machine is no busy ingest
  STREAMING_WEBRTC_MAX_LOOP_DELAY_MS: '0',
});

/**
 * WebRTC playback from any node (docs/production.md "Topology"; issues 23 and 27): two API nodes on
 * one database behind the reference proxy, the studio publishing through the proxy (so its ingest
 * lives on the node the webcast id hashes to). The watch page asked on the other node offers the
 * WHEP address, and the viewer's offer and hang-up sent through the proxy reach the ingest's node
 * and only it — by the webcast id in the WHEP path.
 */
describe.each(DIALECTS)('WHEP through the cluster proxy (%s)', { timeout: 120_000 }, (dialect) => {
  let a: TestApp;
  let b: FastifyInstance;
  let proxy: ClusterProxy;
  let manager: Tokens;
  let learner: Tokens;
  let learnerGroup: number;
  const nodes: Array<{ app: FastifyInstance; origin: string }> = [];

  async function listen(app: FastifyInstance): Promise<string> {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  /** a studio call through the proxy */
  const viaProxy = (path: string) => fetch(`${proxy.origin}/api${path}`, { headers: bearer(manager) });
  const watchPage = (app: FastifyInstance, id: number) => app.inject({ method: 'GET', url: `/api${LEARNER_WEBCAST_PATHS.webcast(id)}`, headers: bearer(learner) });

  beforeAll(async () => {
    a = await buildTestApp(dialect, { streaming: settings(firstPort), runJobs: false });
    b = Fastify({ logger: false });
    await b.register(appPlugin, { config: { ...a.config, streaming: settings(firstPort + 100), nodeId: 'node-b', runJobs: false }, serveStatic: false });
    nodes.push({ app: a.app, origin: await listen(a.app) }, { app: b, origin: await listen(b) });
    proxy = await startClusterProxy({ upstreams: nodes.map((n) => n.origin), healthIntervalMs: 250 });
    for (const node of nodes) await proxy.until(node.origin, true);
    const superuser = await loginSuperuser(a.app);
    manager = (await adminWith(a.app, superuser, (await clientIds(a.app)).demo, ['webcasts', 'webcasts_manage'])).tokens;
    learner = await login(a.app, DEMO.learner.email, DEMO.learner.password);
    learnerGroup = (await a.app.db.selectFrom('user_group_members').innerJoin('users', 'users.id', 'user_group_members.user_id')
      .select('user_group_members.group_id').where('users.email', '=', DEMO.learner.email).executeTakeFirstOrThrow()).group_id;
  });
  afterAll(async () => {
    await proxy?.close();
    await b?.close();
    await a?.close();
  });

  it('the watch page on the node without the ingest offers WebRTC, and the offer through the proxy is answered by the ingest\'s node', async () => {
    const row = await a.app.db.insertInto('webcasts').values({
      client_id: (await clientIds(a.app)).demo, title: 'Ao vivo', description: '', webcast_type_id: WEBCAST_TYPE.browserStreaming,
      embed: 'none', status: WEBCAST_STATUS.published, transmission_date: new Date(), timezone: 'America/Sao_Paulo',
    }).returning('id').executeTakeFirstOrThrow();
    const id = row.id;
    await writeAudience(a.app.db, 'webcast', id, { user_groups: [learnerGroup] });

    expect((await viaProxy(STREAMING_PATHS.startStreaming(id))).status).toBe(200);
    const sdp = ((await (await viaProxy(STREAMING_PATHS.streamingSdp(id))).json()) as Record<string, WebcastSdp>)[WEBCAST_SDP_FIELD]!;
    const signalling = new URL(sdp.sdp_url);
    const publisher = await NodePublisher.start({
      // sdp_url names the webcast in its query: the proxy takes the socket to the node of its calls
      sdpUrl: `${proxy.origin.replace('http', 'ws')}${signalling.pathname}${signalling.search}`,
      applicationName: sdp.application_name,
      streamName: sdp.stream_name,
      openSocket: (url: string) => new WebSocket(url) as unknown as SignallingSocket,
      munge: { videoBitrate: 800, audioBitrate: 64, videoFrameRate: 30 },
    });
    let viewer: NodeViewer | null = null;
    try {
      const ingest = await eventually('publishing on one node', async () => nodes.find((n) => n.app.streaming.isPublishing(id)), 30_000);
      const other = nodes.find((n) => n !== ingest)!;
      expect(other.app.streaming.state(id)).toBe('stopped');

      // the node without the ingest offers WebRTC all the same: the session's lease says it runs
      const page = await eventually('live on the other node', async () => {
        const body = (await watchPage(other.app, id)).json();
        return body.state === 'live' && body.webcast_player_webrtc_playback_url && body;
      });
      const offered = new URL(page.webcast_player_webrtc_playback_url as string);
      expect(offered.pathname).toMatch(new RegExp(`^/api/streaming/whep/${id}/`));
      const whep = `${proxy.origin}${offered.pathname}`;

      const otherUpstream = proxy.upstreams.find((u) => u.origin === other.origin)!;
      const ingestUpstream = proxy.upstreams.find((u) => u.origin === ingest.origin)!;
      const before = { other: otherUpstream.requests, ingest: ingestUpstream.requests };
      let location = '';
      viewer = await NodeViewer.start({
        exchange: async (offer) => {
          const res = await fetch(whep, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: offer });
          expect(res.status).toBe(201);
          location = res.headers.get('location')!;
          return res.text();
        },
      });
      const connected = viewer;
      await eventually('media at the viewer', async () => connected.hasKeyframe && connected.packets.audio > 5, 15_000);
      expect(ingest.app.streaming.viewerCount(id)).toBe(1);
      // the session's Location carries the id too: the hang-up reaches the same node
      expect(location).toMatch(new RegExp(`^/api/streaming/whep/${id}/[\\w.-]+/[0-9a-f]{24}$`));
      expect((await fetch(`${proxy.origin}${location}`, { method: 'DELETE' })).status).toBe(200);
      expect(ingest.app.streaming.viewerCount(id)).toBe(0);
      // round-robin would have sent one of the two to the other node, which has no such viewer
      expect({ other: otherUpstream.requests - before.other, ingest: ingestUpstream.requests - before.ingest }).toEqual({ other: 0, ingest: 2 });
    } finally {
      await viewer?.close();
      await viaProxy(STREAMING_PATHS.stopStreaming(id));
      await publisher.close();
    }
    // once the session ended no node offers it
    for (const node of nodes) {
      await eventually('no address', async () => (await watchPage(node.app, id)).json().webcast_player_webrtc_playback_url === null);
    }
  });
});
