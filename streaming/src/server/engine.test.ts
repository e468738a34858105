import { execFileSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dePacketizeRtpPackets } from 'werift';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SignallingError, SignallingSession } from '../browser/signalling.ts';
import { StreamingEngine, type RecordedSession } from './engine.ts';
import { NodePublisher } from './nodePublisher.ts';
import { NodeViewer } from './nodeViewer.ts';
import { NotLiveError, ViewerLimitError } from './engine.ts';
import { UnplayableOfferError } from './viewer.ts';
import { parseMediaPlaylist } from './playlist.ts';
import type { EndReason } from './session.ts';
import { memorySignalling } from './testSignalling.ts';
import { localHlsStore } from './hlsStore.ts';
import { saveRecording } from './vod.ts';

const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';
const TRANSCODER = { width: 640, height: 360, bitrate: 600, profile: 'main' as const };

async function waitFor<T>(what: string, check: () => T | null | undefined | false, timeoutMs = 25_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** ffprobe's view of a file: codec and size of each stream */
function probe(file: string): string[] {
  const out = execFileSync(FFMPEG.replace(/ffmpeg$/, 'ffprobe'), ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  // MPEG-TS lists each stream under its program too
  return [...new Set(out.trim().split('\n').map((l) => l.replace(/,+$/, '')).filter(Boolean))];
}

/** ffprobe's reading of the first frame of a raw H.264 stream */
function decodedFrame(file: string): { width: number; height: number; keyframe: boolean } {
  const out = execFileSync(FFMPEG.replace(/ffmpeg$/, 'ffprobe'), [
    '-v', 'error', '-f', 'h264', '-select_streams', 'v:0', '-show_frames', '-read_intervals', '%+#1',
    '-show_entries', 'frame=width,height,key_frame', '-of', 'json', file,
  ], { encoding: 'utf8' });
  const frame = (JSON.parse(out) as { frames: { width: number; height: number; key_frame: number }[] }).frames[0];
  return { width: frame?.width ?? 0, height: frame?.height ?? 0, keyframe: frame?.key_frame === 1 };
}

/** The port can be bound again: no process holds it. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

/**
 * DESIGN "Files and media": the ingest for real — werift receives WebRTC from a publisher
 * (werift in Node, sending an ffmpeg test picture), ffmpeg writes live HLS, and every session
 * ends with ffmpeg gone and its ports given back, however the publisher leaves.
 */
describe('streaming engine (werift → ffmpeg → HLS)', () => {
  let root: string;
  let engine: StreamingEngine;
  let events: string[];
  let ended: RecordedSession[];
  let logs: string[];
  const firstPort = 21000 + 200 * Math.floor(Math.random() * 40);

  interface EngineChoices {
    inactivityMs?: number;
    webrtcJoining?: number;
    webrtcMaxLoopDelayMs?: number;
    /** 0: the viewers' peers on the engine's loop; n: in n relay processes */
    viewerProcesses?: number;
  }

  /** An engine over `root`; inactivity 2.5 s unless a test needs the product's default (8 s). */
  function makeEngine({ inactivityMs = 2500, webrtcJoining = 8, webrtcMaxLoopDelayMs = 0, viewerProcesses = 0 }: EngineChoices = {}): StreamingEngine {
    const log = (level: string) => (obj: object, message: string) => logs.push(`${level} ${message} ${JSON.stringify(obj)}`);
    return new StreamingEngine({
      mediaRoot: path.join(root, 'media'),
      workRoot: path.join(root, 'work'),
      ffmpegPath: FFMPEG,
      rtpPorts: [firstPort, firstPort + 99],
      segmentSeconds: 1,
      liveWindow: 6,
      frameRate: 30,
      x264Preset: 'ultrafast',
      inactivityMs,
      webrtcViewers: 2,
      webrtcJoining,
      webrtcMaxLoopDelayMs,
      viewerProcesses,
      log: { info: log('info'), warn: log('warn'), error: log('error') },
      hooks: {
        sessionStarted: (id, s) => void events.push(`started ${id} ${s.playlist}`),
        live: (id, playlist) => void events.push(`live ${id} ${playlist}`),
        sessionEnded: (record) => void ended.push(record),
        offline: (id, reason: EndReason) => void events.push(`offline ${id} ${reason}`),
      },
    });
  }

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-streaming-'));
    events = [];
    ended = [];
    logs = [];
    engine = makeEngine();
  });

  afterEach(async () => {
    await engine.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const livePlaylist = (id: number) => path.join(root, 'media', engine.liveResource(id));
  const liveSegments = (id: number) => (fs.existsSync(livePlaylist(id)) ? parseMediaPlaylist(fs.readFileSync(livePlaylist(id), 'utf8')).segments : []);

  /** A viewer's offer (SDP text) that is never answered, for calls that need only an offer. */
  async function offerOnly(): Promise<string> {
    let offer = '';
    await NodeViewer.start({
      exchange: async (sdp) => {
        offer = sdp;
        throw new Error('only the offer is wanted');
      },
    }).catch(() => undefined);
    return offer;
  }

  async function publish(id: number, streamName: string) {
    return NodePublisher.start({
      sdpUrl: 'ws://memory', applicationName: 'webcasts', streamName, openSocket: memorySignalling(engine), ffmpegPath: FFMPEG,
      munge: { videoBitrate: 800, audioBitrate: 64, videoFrameRate: 30 },
    });
  }

  it('refuses an offer for a stream that was not started, or with a wrong name', async () => {
    const attempt = (streamName: string) => SignallingSession.sendOffer(memorySignalling(engine), {
      url: 'ws://memory', streamInfo: { applicationName: 'webcasts', streamName, sessionId: '[empty]' }, sdp: 'v=0\r\n',
    });
    await expect(attempt('webcast_1_nothing')).rejects.toMatchObject({ kind: 'status', status: 404, message: expect.stringContaining('Stream not found') });
    const { streamName } = await engine.start(1, { applicationName: 'webcasts', transcoder: TRANSCODER });
    expect(streamName).toMatch(/^webcast_1_[0-9a-f]{32}$/);
    await expect(attempt(`${streamName}x`)).rejects.toBeInstanceOf(SignallingError);
    // a second start keeps the running channel and its name
    expect(await engine.start(1, { applicationName: 'webcasts', transcoder: TRANSCODER })).toEqual({ started: false, streamName });
  });

  it('receives the publisher, writes live HLS in the configured size, and ends cleanly when stopped', async () => {
    const { streamName } = await engine.start(5, { applicationName: 'webcasts', transcoder: TRANSCODER });
    expect(engine.state(5)).toBe('started');
    const publisher = await publish(5, streamName);
    try {
      expect(publisher.answer!.sdp.sdp).toContain('b=AS:800');
      await waitFor('live segments', () => liveSegments(5).length >= 3);
      expect(events).toEqual([
        expect.stringMatching(/^started 5 webcasts\/5\/live\/[0-9a-f]{16}\/stream\.m3u8$/),
        expect.stringMatching(/^live 5 webcasts\/5\/live\/[0-9a-f]{32}\.m3u8$/),
      ]);
      expect(events[1]).toBe(`live 5 ${engine.liveResource(5)}`);
      expect(engine.isPublishing(5)).toBe(true);
      expect(engine.ports.inUse).toHaveLength(2);
      const segment = path.join(path.dirname(livePlaylist(5)), liveSegments(5)[0]!.uri);
      expect(fs.readFileSync(segment)[0]).toBe(0x47);
      expect(probe(segment)).toEqual(['h264,640,360', 'aac']);
      // every segment carries the wall clock of its first frame (the chat's media time), close to now and in order
      const stamps = liveSegments(5).map((s) => Date.parse(s.programDateTime ?? ''));
      for (const stamp of stamps) expect(Math.abs(stamp - Date.now())).toBeLessThan(30_000);
      expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);

      await engine.stop(5);
      expect(engine.state(5)).toBe('stopped');
      expect(engine.ports.inUse).toEqual([]);
      expect(logs.filter((l) => l.startsWith('info ffmpeg exited'))).toHaveLength(1);
      // one teardown: the peer connection's own 'closed' is not taken for a vanished publisher
      expect(logs.filter((l) => l.startsWith('info publish session ending'))).toHaveLength(1);
      expect(logs.filter((l) => l.startsWith('warn publisher gone'))).toEqual([]);
      expect(ended).toHaveLength(1);
      expect(ended[0]).toMatchObject({ webcastId: 5, reason: 'stopped' });
      expect(ended[0]!.segments).toBeGreaterThanOrEqual(3);
      // ffmpeg ended its playlist; viewers are told the stream ended
      expect(parseMediaPlaylist(fs.readFileSync(path.join(root, 'media', ended[0]!.playlist), 'utf8')).ended).toBe(true);
      expect(fs.readFileSync(livePlaylist(5), 'utf8')).toContain('#EXT-X-ENDLIST');

      // the recording as a video on demand, playable at once
      const saved = await saveRecording(localHlsStore(path.join(root, 'media')), 5, [ended[0]!.playlist]);
      expect(saved!.segments).toBe(ended[0]!.segments);
      const vod = fs.readFileSync(path.join(root, 'media', saved!.playlist), 'utf8');
      expect(vod).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(vod).toContain('#EXT-X-ENDLIST');
      for (const s of parseMediaPlaylist(vod).segments) {
        expect(fs.existsSync(path.join(root, 'media', path.dirname(saved!.playlist), s.uri))).toBe(true);
      }
    } finally {
      await publisher.close();
    }
  });

  it('survives a publisher that disappears: ffmpeg ends, ports come back, the channel goes offline, and a new one starts', async () => {
    const { streamName } = await engine.start(6, { applicationName: 'webcasts', transcoder: TRANSCODER });
    const first = await publish(6, streamName);
    try {
      await waitFor('live segments', () => liveSegments(6).length >= 2);
      const portsWhileLive = engine.ports.inUse;
      first.stopMedia();
      await waitFor('offline', () => events.includes('offline 6 disconnected'), 15_000);
      expect(engine.state(6)).toBe('stopped');
      expect(engine.isPublishing(6)).toBe(false);
      expect(engine.ports.inUse).toEqual([]);
      // ffmpeg has let go of its RTP and RTCP ports
      for (const port of portsWhileLive.flatMap((p) => [p, p + 1])) expect(await bindable(port), String(port)).toBe(true);
      expect(ended).toMatchObject([{ webcastId: 6, reason: 'disconnected' }]);
      expect(logs.some((l) => l.startsWith('info ffmpeg exited'))).toBe(true);
      expect(fs.readFileSync(livePlaylist(6), 'utf8')).toContain('#EXT-X-ENDLIST');
    } finally {
      // a publisher left open keeps its ffmpeg test picture running after the test
      await first.close();
    }

    // a new transmission on the same webcast
    const again = await engine.start(6, { applicationName: 'webcasts', transcoder: TRANSCODER });
    expect(again.started).toBe(true);
    expect(again.streamName).not.toBe(streamName);
    const second = await publish(6, again.streamName);
    try {
      const before = liveSegments(6).length;
      await waitFor('segments of the new session', () => {
        const text = fs.readFileSync(livePlaylist(6), 'utf8');
        return !text.includes('#EXT-X-ENDLIST') && text.includes('#EXT-X-DISCONTINUITY') && liveSegments(6).length > before;
      });
      expect(engine.ports.inUse).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('lets a second publisher take over a running transmission', async () => {
    const { streamName } = await engine.start(7, { applicationName: 'webcasts', transcoder: TRANSCODER });
    const first = await publish(7, streamName);
    let second: NodePublisher | null = null;
    try {
      await waitFor('first session', () => liveSegments(7).length >= 2);
      second = await publish(7, streamName);
      expect(ended).toMatchObject([{ webcastId: 7, reason: 'replaced' }]);
      expect(engine.state(7)).toBe('started');
      expect(engine.ports.inUse).toHaveLength(2);
      await waitFor('second session', () => {
        const text = fs.readFileSync(livePlaylist(7), 'utf8');
        return text.includes('#EXT-X-DISCONTINUITY') && liveSegments(7).some((s) => s.uri.startsWith(second!.sessionId!));
      });
      expect(events.filter((e) => e.startsWith('offline'))).toEqual([]);
    } finally {
      await first.close();
      await second?.close();
    }
  });

  // resilience: what viewers and the studio live through (streaming/README.md "When the connection drops")
  it("rides out a publisher whose network drops for 5 s: the studio's new offer joins the same channel, the live playlist carries on after a discontinuity", async () => {
    await engine.close();
    engine = makeEngine({ inactivityMs: 8000 });
    const { streamName } = await engine.start(8, { applicationName: 'webcasts', transcoder: TRANSCODER });
    const first = await publish(8, streamName);
    const second = await (async () => {
      await waitFor('first session', () => liveSegments(8).length >= 2);
      const before = parseMediaPlaylist(fs.readFileSync(livePlaylist(8), 'utf8'));
      // the network goes: nothing arrives for 5 s
      first.stopMedia();
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(engine.state(8)).toBe('started');
      expect(events.filter((e) => e.startsWith('offline'))).toEqual([]);
      expect(fs.readFileSync(livePlaylist(8), 'utf8')).not.toContain('#EXT-X-ENDLIST');
      // it comes back: the studio publishes again (StudioLive's reconnection)
      const again = await publish(8, streamName);
      await waitFor('the new session in the same playlist', () => {
        const text = fs.readFileSync(livePlaylist(8), 'utf8');
        return text.includes('#EXT-X-DISCONTINUITY') && liveSegments(8).filter((s) => s.uri.startsWith(again.sessionId!)).length >= 2;
      });
      const after = parseMediaPlaylist(fs.readFileSync(livePlaylist(8), 'utf8'));
      // one playlist at one address, its media sequence moving on (a player keeps reloading it)
      expect(after.mediaSequence).toBeGreaterThanOrEqual(before.mediaSequence);
      expect(after.ended).toBe(false);
      return again;
    })().finally(() => first.close());
    try {
      expect(ended).toMatchObject([{ webcastId: 8, reason: 'replaced' }]);
      // each session reports the channel live (the API's markLive is idempotent), always at the one address viewers hold
      expect(new Set(events.filter((e) => e.startsWith('live'))).size).toBe(1);
      expect(events.filter((e) => e.startsWith('offline'))).toEqual([]);
      expect(engine.ports.inUse).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('an ingest that restarts takes the same transmission again: the studio opens the channel anew and publishes, and both sessions are on disk', async () => {
    const { streamName } = await engine.start(9, { applicationName: 'webcasts', transcoder: TRANSCODER });
    const first = await publish(9, streamName);
    try {
      await waitFor('first session', () => liveSegments(9).length >= 2);
      // the process goes away (its close ends the session as a shutdown), and a new one starts on the same media folder
      await engine.close();
    } finally {
      await first.close();
    }
    expect(ended).toMatchObject([{ webcastId: 9, reason: 'shutdown' }]);
    engine = makeEngine();
    // the old stream name means nothing to the new process: 404, the studio's cue to open the channel again
    await expect(SignallingSession.sendOffer(memorySignalling(engine), {
      url: 'ws://memory', streamInfo: { applicationName: 'webcasts', streamName, sessionId: '[empty]' }, sdp: 'v=0\r\n',
    })).rejects.toMatchObject({ kind: 'status', status: 404 });
    const reopened = await engine.start(9, { applicationName: 'webcasts', transcoder: TRANSCODER });
    expect(reopened.started).toBe(true);
    const second = await publish(9, reopened.streamName);
    try {
      await waitFor('the new session live', () => liveSegments(9).length >= 2);
      expect(events.filter((e) => e.startsWith('live 9'))).toHaveLength(2);
      // the first session's recording is intact beside the new one
      const firstRecording = path.join(root, 'media', ended[0]!.playlist);
      expect(parseMediaPlaylist(fs.readFileSync(firstRecording, 'utf8')).segments.length).toBeGreaterThanOrEqual(2);
    } finally {
      await second.close();
    }
  });

  it('lets only so many WebRTC viewers negotiate at once on a node: the next is refused for now (it plays HLS)', async () => {
    await engine.close();
    engine = makeEngine({ webrtcJoining: 1 });
    const { streamName } = await engine.start(8, { applicationName: 'webcasts', transcoder: TRANSCODER });
    const publisher = await publish(8, streamName);
    try {
      await waitFor('media', () => engine.isPublishing(8));
      // a viewer that got its answer and never connects holds the one joining place
      let offer = '';
      let stalledId = '';
      await NodeViewer.start({
        exchange: async (sdp) => {
          offer = sdp;
          stalledId = (await engine.watch(8, sdp)).viewerId;
          throw new Error('the viewer never applies the answer');
        },
      }).catch(() => undefined);
      expect(stalledId).not.toBe('');
      expect(engine.canWatch(8)).toBe(true);
      await expect(engine.watch(8, offer)).rejects.toMatchObject({ constructor: ViewerLimitError, reason: 'joining' });
      // its place is free once it leaves: the next viewer is answered
      expect(await engine.leave(8, stalledId)).toBe(true);
      const next = await engine.watch(8, offer);
      expect(next.viewerId).not.toBe(stalledId);
    } finally {
      await publisher.close();
    }
  });

  it('takes no WebRTC viewer while its event loop runs late (the publisher\'s ICE consent shares it), and takes them again once it calms', async () => {
    await engine.close();
    // far above what a loaded test machine stalls for, far below the stall made here
    engine = makeEngine({ webrtcMaxLoopDelayMs: 400 });
    const { streamName } = await engine.start(8, { applicationName: 'webcasts', transcoder: TRANSCODER });
    const publisher = await publish(8, streamName);
    try {
      await waitFor('media', () => engine.isPublishing(8));
      const offer = await offerOnly();
      // the loop held for 900 ms, as a keyframe forwarded to a crowd or a burst of handshakes holds it
      const until = Date.now() + 900;
      while (Date.now() < until) { /* busy */ }
      // the late window is complete a second later at most, and counts for the next two
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await expect(engine.watch(8, offer)).rejects.toMatchObject({ constructor: ViewerLimitError, reason: 'busy' });
      const answered = async () => engine.watch(8, offer).then(() => 'answered', (error: ViewerLimitError) => error.reason);
      await expect.poll(answered, { timeout: 30_000, interval: 500 }).toBe('answered');
    } finally {
      await publisher.close();
    }
  }, 60_000);

  it.each([
    ['on the engine\'s loop', 0],
    ['in a relay process', 1],
  ])('forwards the publisher\'s RTP to WebRTC viewers (%s) as is, from a keyframe that decodes, and gives their seats back', async (_where, viewerProcesses) => {
    if (viewerProcesses) {
      await engine.close();
      engine = makeEngine({ viewerProcesses });
    }
    await expect(engine.watch(8, 'v=0\r\n')).rejects.toBeInstanceOf(NotLiveError);
    const { streamName } = await engine.start(8, { applicationName: 'webcasts', transcoder: TRANSCODER });
    await expect(engine.watch(8, 'v=0\r\n')).rejects.toBeInstanceOf(NotLiveError);
    const publisher = await publish(8, streamName);
    const viewers: NodeViewer[] = [];
    try {
      await waitFor('media', () => engine.isPublishing(8));
      expect(engine.canWatch(8)).toBe(true);
      // an offer that only takes a codec the publisher does not send
      const pcmu = 'v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=rtpmap:0 PCMU/8000\r\na=recvonly\r\n';
      await expect(engine.watch(8, pcmu)).rejects.toBeInstanceOf(UnplayableOfferError);
      let viewerId = '';
      const join = () => NodeViewer.start({
        exchange: async (offer) => {
          const answered = await engine.watch(8, offer);
          viewerId = answered.viewerId;
          return answered.answer;
        },
      });
      viewers.push(await join());
      // the viewer's peer is in the relay process, not here
      expect(engine.viewerRelayPids).toHaveLength(viewerProcesses);
      expect(engine.viewerRelayPids).not.toContain(process.pid);
      const first = viewers[0]!;
      const firstId = viewerId;
      await waitFor('a whole keyframe and audio at the viewer', () => first.hasKeyframe && first.packets.audio > 10);
      // the ingest forwards video from a keyframe's first packet on
      expect(first.firstVideoPacketIsKeyframe).toBe(true);
      // the payloads are the publisher's bytes: nothing was decoded or re-encoded
      expect(first.videoDigests.length).toBeGreaterThan(0);
      expect(first.videoDigests.filter((digest) => !publisher.sentVideoDigests.has(digest))).toEqual([]);
      // and the keyframe decodes to a picture of the publisher's size
      const { data } = dePacketizeRtpPackets('MPEG4/ISO/AVC', first.keyframePackets);
      const h264 = path.join(root, 'keyframe.h264');
      fs.writeFileSync(h264, data);
      expect(decodedFrame(h264)).toEqual({ width: 640, height: 360, keyframe: true });

      viewers.push(await join());
      expect(engine.viewerCount(8)).toBe(2);
      // the node's limit (2 here): the next viewer plays HLS
      expect(engine.canWatch(8)).toBe(false);
      await expect(engine.watch(8, 'v=0\r\n')).rejects.toMatchObject({ constructor: ViewerLimitError, reason: 'full' });
      expect(await engine.leave(8, firstId)).toBe(true);
      expect(await engine.leave(8, firstId)).toBe(false);
      expect(engine.viewerCount(8)).toBe(1);
      expect(engine.canWatch(8)).toBe(true);
      const second = viewers[1]!;
      await waitFor('a whole keyframe at the second viewer', () => second.hasKeyframe);
      // the publish session ends: every viewer is let go
      await engine.stop(8);
      expect(engine.viewerCount(8)).toBe(0);
      // the recording path is untouched by the viewers
      expect(ended).toMatchObject([{ webcastId: 8, reason: 'stopped' }]);
      expect(ended[0]!.segments).toBeGreaterThanOrEqual(1);
    } finally {
      for (const viewer of viewers) await viewer.close();
      await publisher.close();
    }
  });

  it('a viewer relay that stops answering takes no viewer; one that dies gives its seats back, and the next viewer gets a new relay while the publisher stays on air', async () => {
    await engine.close();
    engine = makeEngine({ viewerProcesses: 1, webrtcMaxLoopDelayMs: 1000 });
    const { streamName } = await engine.start(8, { applicationName: 'webcasts', transcoder: TRANSCODER });
    const publisher = await publish(8, streamName);
    const viewers: NodeViewer[] = [];
    try {
      await waitFor('media', () => engine.isPublishing(8));
      const join = () => NodeViewer.start({ exchange: async (offer) => (await engine.watch(8, offer)).answer });
      viewers.push(await join());
      await waitFor('a keyframe at the viewer', () => viewers[0]!.hasKeyframe);
      const [relay] = engine.viewerRelayPids;
      expect(relay).toBeGreaterThan(0);

      // a relay whose loop is stuck cannot report: its silence counts as lateness
      const offer = await offerOnly();
      process.kill(relay!, 'SIGSTOP');
      try {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await expect(engine.watch(8, offer)).rejects.toMatchObject({ constructor: ViewerLimitError, reason: 'busy' });
      } finally {
        process.kill(relay!, 'SIGCONT');
      }

      // the relay dies: its viewer's seat is given back, the publisher is untouched
      process.kill(relay!, 'SIGKILL');
      await waitFor('the seat given back', () => engine.viewerCount(8) === 0);
      expect(engine.isPublishing(8)).toBe(true);
      viewers.push(await join());
      await waitFor('a keyframe at the viewer of the new relay', () => viewers[1]!.hasKeyframe);
      expect(engine.viewerRelayPids).toHaveLength(1);
      expect(engine.viewerRelayPids).not.toContain(relay);
      expect(engine.viewerCount(8)).toBe(1);
      expect(logs.some((line) => line.startsWith('warn viewer relay ended'))).toBe(true);
    } finally {
      for (const viewer of viewers) await viewer.close();
      await publisher.close();
    }
  }, 90_000);
});
