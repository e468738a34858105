import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { STREAMING_PATHS, WEBCAST_PATHS, WEBCAST_SDP_FIELD, type WebcastSdp } from '@lp/shared/contract';
import { WEBCAST_STATUS, WEBCAST_TYPE } from '@lp/shared/rules';
import { FfmpegProcess, HlsPublisher, NodePublisher, parseMediaPlaylist, streamingSettings, type SignallingSocket } from '@lp/streaming/server';
import appPlugin from '../src/app.ts';
import { s3Storage } from '../src/storage/s3.ts';
import { hlsStoreOf } from '../src/webcasts/hlsStore.ts';
import { bearer, buildTestApp, DIALECTS, INJECT_ORIGIN, type TestApp, type Tokens } from './helpers.ts';
import { startTestBucket, type TestBucket } from './s3Server.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';
import { eventually } from './eventually.ts';

const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';
const firstPort = 32000 + 200 * Math.floor(Math.random() * 40);
const streaming = streamingSettings({
  STREAMING_SEGMENT_SECONDS: '1',
  STREAMING_INACTIVITY_SECONDS: '3',
  STREAMING_X264_PRESET: 'ultrafast',
  STREAMING_RTP_PORTS: `${firstPort}-${firstPort + 99}`,
  // no WebRTC viewer here: no viewer relay process (streamingWhep.test.ts runs them)
  STREAMING_VIEWER_PROCESSES: '0',
});
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Every file under `dir` (relative paths), to show what stayed on a node's disk. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * docs/production.md "Object storage": with S3_* set, the webcast HLS ffmpeg writes on the
 * ingest node is published to the bucket as it is completed, its recording moves there when the
 * session ends, and any other node serves both through /media/ — here a second app with a disk
 * of its own, reading only the bucket (s3rver, started by the test).
 */
describe('live HLS published to the bucket (ffmpeg → publisher → s3rver → another node)', () => {
  let bucket: TestBucket;
  let reader: TestApp;
  let work: string;

  beforeAll(async () => {
    bucket = await startTestBucket();
    reader = await buildTestApp('sqlite', { s3: bucket.settings });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-hls-s3-'));
  });
  afterAll(async () => {
    await reader?.close();
    await bucket?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('serves every playlist ffmpeg writes from the bucket with its segments already there, then the finished recording', async () => {
    const resource = 'webcasts/900/live/0a1b2c3d4e5f6a7b';
    const storage = s3Storage(bucket.settings);
    const publisher = new HlsPublisher({ dir: work, resource, playlist: 'stream.m3u8', store: hlsStoreOf(storage), log: quiet });
    const ffmpeg = new FfmpegProcess(FFMPEG, [
      '-hide_banner', '-nostdin', '-loglevel', 'warning', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10:duration=3',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '5', '-f', 'hls', '-hls_time', '0.5', '-hls_list_size', '0',
      '-hls_playlist_type', 'event', '-hls_flags', 'independent_segments+temp_file', '-hls_segment_filename', path.join(work, 'seg_%05d.ts'),
      path.join(work, 'stream.m3u8'),
    ], quiet, {});
    const following = publisher.follow(50);
    const url = `/media/${resource}/stream.m3u8`;
    // a viewer on the other node, reading as the player does while ffmpeg runs
    let checked = 0;
    while (ffmpeg.running) {
      const playlist = await reader.app.inject({ url });
      if (playlist.statusCode === 200) {
        expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
        expect(playlist.headers['cache-control']).toBe('no-cache');
        for (const { uri } of parseMediaPlaylist(playlist.body).segments) {
          const segment = await reader.app.inject({ url: `/media/${resource}/${uri}`, headers: { range: 'bytes=0-187' } });
          expect(segment.statusCode, uri).toBe(206);
          expect(segment.rawPayload[0]).toBe(0x47);
          checked += 1;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await following.stop();
    expect(checked).toBeGreaterThan(0);
    expect(await publisher.finish()).toMatchObject({ verified: true });
    // the recording left the ingest's disk; the bucket holds it whole
    expect(fs.existsSync(work)).toBe(false);
    const final = await reader.app.inject({ url });
    const parsed = parseMediaPlaylist(final.body);
    expect(parsed.ended).toBe(true);
    const segment = await reader.app.inject({ url: `/media/${resource}/${parsed.segments.at(-1)!.uri}` });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    // the objects carry what a CDN in front of the bucket needs
    const head = (key: string) => storage.client.send(new HeadObjectCommand({ Bucket: bucket.settings.bucket, Key: key }));
    expect(await head(`media/${resource}/stream.m3u8`)).toMatchObject({ ContentType: 'application/vnd.apple.mpegurl', CacheControl: 'no-cache' });
    expect(await head(`media/${resource}/${parsed.segments[0]!.uri}`)).toMatchObject({ ContentType: 'video/mp2t', CacheControl: 'public, max-age=31536000, immutable' });
  });
});

/** The real ingest (werift → ffmpeg) on one node, played and saved through another, on both databases. */
describe.each(DIALECTS)('browser streaming with object storage (%s)', (dialect) => {
  let bucket: TestBucket;
  let ingest: TestApp;
  let other: TestApp;
  let manager: Tokens;
  let origin: string;
  let clientId: number;

  beforeAll(async () => {
    bucket = await startTestBucket();
    ingest = await buildTestApp(dialect, { s3: bucket.settings, streaming });
    // started before the transmission: a node's start closes the sessions a dead process left open
    other = await buildTestApp(dialect, { s3: bucket.settings, runJobs: false });
    await ingest.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ingest.app.server.address() as AddressInfo).port}`;
    clientId = (await clientIds(ingest.app)).demo;
    const superuser = await loginSuperuser(ingest.app);
    manager = (await adminWith(ingest.app, superuser, clientId, ['webcasts', 'webcasts_manage'])).tokens;
  });
  afterAll(async () => {
    await other?.close();
    await ingest?.close();
    await bucket?.close();
  });

  const get = (url: string) => ingest.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(manager) });

  it('plays the live stream from the other node, moves the recording to the bucket and saves the video there', async () => {
    const { id } = await ingest.app.db.insertInto('webcasts').values({
      client_id: clientId, title: 'Ao vivo', description: '', webcast_type_id: WEBCAST_TYPE.browserStreaming,
      embed: 'none', status: WEBCAST_STATUS.published, transmission_date: new Date(), timezone: 'America/Sao_Paulo',
    }).returning('id').executeTakeFirstOrThrow();
    expect((await get(STREAMING_PATHS.startStreaming(id))).statusCode).toBe(200);
    const sdp = (await get(STREAMING_PATHS.streamingSdp(id))).json<Record<string, WebcastSdp>>()[WEBCAST_SDP_FIELD]!;
    const publisher = await NodePublisher.start({
      sdpUrl: `${origin.replace('http', 'ws')}/api${STREAMING_PATHS.signalling}`,
      applicationName: sdp.application_name,
      streamName: sdp.stream_name,
      openSocket: (url) => new WebSocket(url) as unknown as SignallingSocket,
      munge: { videoBitrate: 800, audioBitrate: 64, videoFrameRate: 30 },
    });
    const liveDir = path.join(ingest.config.dataDir, 'media', 'webcasts', String(id));
    try {
      const url = await eventually('the live playback URL', async () => (await get(WEBCAST_PATHS.item(id))).json().webcast_player_hls_playback_url as string | null);
      const livePath = url.replace(INJECT_ORIGIN, '');
      // the viewers' playlist is announced once it is in the bucket: the other node has it at once
      const first = await other.app.inject({ url: livePath });
      expect(first.statusCode).toBe(200);
      const playlist = await eventually('two segments on the other node', async () => {
        const res = await other.app.inject({ url: livePath });
        return res.statusCode === 200 && parseMediaPlaylist(res.body).segments.length >= 2 && res;
      });
      expect(playlist.headers['cache-control']).toBe('no-cache');
      for (const { uri } of parseMediaPlaylist(playlist.body).segments) {
        const segment = await other.app.inject({ url: `/media/webcasts/${id}/live/${uri}` });
        expect(segment.statusCode, uri).toBe(200);
        expect(segment.headers['content-type']).toBe('video/mp2t');
        expect(segment.rawPayload[0]).toBe(0x47);
      }
      // the ingest's disk holds only what ffmpeg is writing, never the viewers' playlist
      expect(fs.existsSync(path.join(ingest.config.dataDir, 'media', livePath.replace('/media/', '')))).toBe(false);
      expect(fs.existsSync(path.join(other.config.dataDir, 'media', 'webcasts'))).toBe(false);
    } finally {
      await get(STREAMING_PATHS.stopStreaming(id));
      await publisher.close();
    }
    // the recording moved to the bucket once verified: nothing of it stays on the ingest's disk
    expect(filesUnder(liveDir)).toEqual([]);
    const [session] = await ingest.app.db.selectFrom('webcast_stream_sessions').selectAll().where('webcast_id', '=', id).execute();
    expect(session!.segments).toBeGreaterThanOrEqual(2);
    const recorded = parseMediaPlaylist((await other.app.inject({ url: `/media/${session!.playlist}` })).body);
    expect(recorded.ended).toBe(true);
    expect(recorded.segments).toHaveLength(session!.segments);

    expect((await get(STREAMING_PATHS.downloadStreaming(id))).statusCode).toBe(202);
    await ingest.app.jobs.idle(20_000);
    const saved = (await get(WEBCAST_PATHS.item(id))).json();
    expect(saved).toMatchObject({ status: WEBCAST_STATUS.finished, transmission_downloaded: true });
    const vodPath = (saved.webcast_player_hls_playback_url as string).replace(INJECT_ORIGIN, '');
    expect(vodPath).toMatch(new RegExp(`^/media/webcasts/${id}/vod/[0-9a-f]+/index\\.m3u8$`));
    const vod = await other.app.inject({ url: vodPath });
    expect(vod.statusCode).toBe(200);
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    const segments = parseMediaPlaylist(vod.body).segments;
    expect(segments).toHaveLength(session!.segments);
    const last = await other.app.inject({ url: new URL(segments.at(-1)!.uri, `${INJECT_ORIGIN}${vodPath}`).pathname });
    expect(last.statusCode).toBe(200);
    expect(last.rawPayload[0]).toBe(0x47);
    // the saved video was written to the bucket only
    expect(filesUnder(liveDir)).toEqual([]);
  });

  it('publishes, on the next start, the recording a dead ingest process left on its disk', async () => {
    const { id } = await ingest.app.db.insertInto('webcasts').values({
      client_id: clientId, title: 'Caiu', description: '', webcast_type_id: WEBCAST_TYPE.browserStreaming,
      embed: 'none', status: WEBCAST_STATUS.published, transmission_date: new Date(), timezone: 'America/Sao_Paulo',
    }).returning('id').executeTakeFirstOrThrow();
    const playlist = `webcasts/${id}/live/deadbeef00000000/stream.m3u8`;
    const folder = path.join(ingest.config.dataDir, 'media', path.dirname(playlist));
    fs.mkdirSync(folder, { recursive: true });
    const segment = Buffer.alloc(188 * 4, 0x47);
    fs.writeFileSync(path.join(folder, 'seg_00000.ts'), segment);
    fs.writeFileSync(path.join(folder, 'seg_00001.ts'), segment);
    // ffmpeg was killed mid-segment: a temp file no playlist names
    fs.writeFileSync(path.join(folder, 'seg_00002.ts.tmp'), segment.subarray(0, 188));
    fs.writeFileSync(path.join(folder, 'stream.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.000000,\nseg_00000.ts\n#EXTINF:1.500000,\nseg_00001.ts\n');
    await ingest.app.db.insertInto('webcast_stream_sessions').values({ webcast_id: id, session_id: 'deadbeef00000000', playlist, started_at: new Date() }).execute();

    // the ingest process starts again on its own disk
    const next = Fastify({ logger: false });
    await next.register(appPlugin, { config: { ...ingest.config, runJobs: false }, serveStatic: false });
    await next.ready();
    await next.close();

    expect(fs.existsSync(folder)).toBe(false);
    const session = await ingest.app.db.selectFrom('webcast_stream_sessions').selectAll().where('session_id', '=', 'deadbeef00000000').executeTakeFirstOrThrow();
    expect(session).toMatchObject({ end_reason: 'shutdown', segments: 2, duration: 3.5 });
    const stored = await s3Storage(bucket.settings).list(`media/webcasts/${id}/live/`);
    expect(stored.map((o) => o.key).sort()).toEqual(['seg_00000.ts', 'seg_00001.ts', 'stream.m3u8'].map((name) => `media/${path.dirname(playlist)}/${name}`));
    expect((await other.app.inject({ url: `/media/${path.dirname(playlist)}/seg_00001.ts` })).rawPayload.equals(segment)).toBe(true);
  });
});
