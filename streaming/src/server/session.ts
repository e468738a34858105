import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import {
  RTCRtpCodecParameters, useAbsSendTime, useNACK, usePLI, useSdesMid, useTransportWideCC, useTWCC,
  type MediaStreamTrack, type RTCPeerConnection, type RTCRtpReceiver, type RtcpPacket, type RtpPacket,
} from 'werift';
import { newPeerConnection } from './peerConnection.ts';
import { FFMPEG_PAYLOAD, FFMPEG_PLAYLIST, FfmpegProcess, ffmpegArgs, ffmpegSdp, type FfmpegInput, type Transcoder, type VideoCodec } from './ffmpeg.ts';
import type { HlsPublisher } from './hlsPublisher.ts';
import { parseMediaPlaylist, totalDuration, type PlaylistSegment } from './playlist.ts';
import type { UdpPortPool } from './ports.ts';
import { answerWithBandwidth, offeredCodecs } from './sdpAnswer.ts';
import type { ForwardedMedia } from './viewer.ts';

/** pino's shape (Fastify's logger), so the API's logger can be passed as is. */
export interface Logger {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
  debug?(obj: object, message: string): void;
}

export type EndReason = 'stopped' | 'disconnected' | 'replaced' | 'ffmpeg_failed' | 'shutdown';

export interface SessionOptions {
  webcastId: number;
  sessionId: string;
  /** the session's media folder (segments and ffmpeg's playlist), served under /media/ */
  dir: string;
  /** a private folder for ffmpeg's input SDP */
  workDir: string;
  transcoder: Transcoder;
  ffmpegPath: string;
  segmentSeconds: number;
  frameRate: number;
  x264Preset: string;
  ports: UdpPortPool;
  icePortRange?: [number, number];
  iceAddresses?: string[];
  /** no RTP for this long means the publisher is gone */
  inactivityMs: number;
  /** how often a keyframe is asked for */
  pliIntervalMs: number;
  log: Logger;
  /**
   * With object storage: publishes `dir` to the bucket as ffmpeg completes it, and moves the
   * recording there when the session ends. Without it `dir` is what /media/ serves.
   */
  publisher?: HlsPublisher;
  /** segments ffmpeg finished since the last call, in order (uris relative to `dir`); published first when there is a publisher */
  onSegments(segments: PlaylistSegment[]): void;
  /** the session ended by itself (publisher gone, ffmpeg failed) */
  onEnded(reason: EndReason): void;
  /** each media packet as received (before ffmpeg's payload types): the WebRTC viewers' feed */
  onMedia?(kind: 'audio' | 'video', packet: RtpPacket): void;
  /** `receiving` changed: the first media packet arrived, or the session began to stop */
  onReceivingChanged?(): void;
}

export interface SessionSummary {
  sessionId: string;
  segments: number;
  /** seconds recorded */
  duration: number;
  startedAt: Date;
  endedAt: Date;
  reason: EndReason;
}

/** The browser offered nothing the ingest takes. */
export class UnsupportedOfferError extends Error {}

const PLAYLIST_POLL_MS = 250;

/**
 * One publish session, isolated and torn down completely: a werift peer connection that
 * receives the browser's WebRTC, two UDP port pairs feeding one ffmpeg that writes HLS into the
 * session folder, a keyframe request every segment, and a watchdog for a publisher that
 * disappears. Packets are forwarded with their payload type rewritten to the ffmpeg SDP's.
 */
export class PublishSession {
  readonly startedAt = new Date();
  private pc: RTCPeerConnection | null = null;
  private ffmpeg: FfmpegProcess | null = null;
  private ports: number[] = [];
  private sender: dgram.Socket | null = null;
  private timers: Array<ReturnType<typeof setInterval>> = [];
  private lastPacketAt = Date.now();
  private packets = { video: 0, audio: 0 };
  private segmentsSeen = 0;
  private segments: PlaylistSegment[] = [];
  private playlistMtime = 0;
  private reading: Promise<void> | null = null;
  private stopping: Promise<SessionSummary> | null = null;
  private input: FfmpegInput = {};
  /** what the publisher sends (WebRTC viewers must accept it as is) */
  media: ForwardedMedia = { video: null, audio: false };
  /** the last packet forwarded per media (to wake ffmpeg when stopping) */
  private readonly last: Partial<Record<'audio' | 'video', { buffer: Buffer; port: number }>> = {};

  private constructor(private readonly options: SessionOptions) {}

  get id(): string {
    return this.options.sessionId;
  }

  get receiving(): boolean {
    return this.packets.video + this.packets.audio > 0 && !this.stopping;
  }

  /** Answers the offer (SDP text) and starts ffmpeg; throws UnsupportedOfferError or a setup error. */
  static async create(offer: string, options: SessionOptions): Promise<{ session: PublishSession; answer: string }> {
    const session = new PublishSession(options);
    try {
      const answer = await session.setup(offer);
      return { session, answer };
    } catch (error) {
      await session.stop('shutdown');
      throw error;
    }
  }

  private log(level: 'info' | 'warn' | 'error', message: string, extra: object = {}) {
    this.options.log[level]({ webcastId: this.options.webcastId, sessionId: this.options.sessionId, ...extra }, message);
  }

  private async setup(offer: string): Promise<string> {
    const offered = offeredCodecs(offer);
    // H.264 first: it is what the studio's media settings ask for (profile 42e01f); VP8 otherwise
    const videoCodec: VideoCodec | null = offered.video.includes('h264') ? 'H264' : offered.video.includes('vp8') ? 'VP8' : null;
    const audio = offered.audio.includes('opus');
    if (!videoCodec && !audio) throw new UnsupportedOfferError('The offer has neither H.264, VP8 nor Opus');
    this.media = { video: videoCodec, audio };

    const { options } = this;
    fs.mkdirSync(options.dir, { recursive: true });
    fs.mkdirSync(options.workDir, { recursive: true });
    this.ports = await options.ports.acquire((videoCodec ? 1 : 0) + (audio ? 1 : 0));
    const [first, second] = this.ports;
    this.input = {
      ...(videoCodec ? { video: { port: first!, codec: videoCodec } } : {}),
      ...(audio ? { audio: { port: videoCodec ? second! : first! } } : {}),
    };
    this.sender = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => this.sender!.bind(0, '127.0.0.1', resolve));

    const sdpFile = path.join(options.workDir, `${options.sessionId}.sdp`);
    fs.writeFileSync(sdpFile, ffmpegSdp(this.input, `webcast ${options.webcastId}`));
    const args = ffmpegArgs(sdpFile, this.input, options.transcoder, {
      dir: options.dir, segmentSeconds: options.segmentSeconds, frameRate: options.frameRate, x264Preset: options.x264Preset,
    });
    this.ffmpeg = new FfmpegProcess(options.ffmpegPath, args, options.log, { webcastId: options.webcastId, sessionId: options.sessionId });
    this.log('info', 'publish session starting', { videoCodec, audio, ports: this.ports, ffmpegPid: this.ffmpeg.pid });
    void this.ffmpeg.exited.then(() => {
      if (!this.stopping) {
        this.log('error', 'ffmpeg ended during the session', { output: this.ffmpeg?.output.slice(-10) });
        void this.stop('ffmpeg_failed').then(() => options.onEnded('ffmpeg_failed'));
      }
    });

    const feedback = [useNACK(), usePLI(), useTWCC()];
    const pc = newPeerConnection({
      codecs: {
        video: videoCodec === 'H264'
          ? [new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, rtcpFeedback: feedback, parameters: 'packetization-mode=1;profile-level-id=42e01f;level-asymmetry-allowed=1' })]
          : videoCodec === 'VP8' ? [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: feedback })] : [],
        audio: audio ? [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, rtcpFeedback: [useTWCC()] })] : [],
      },
      headerExtensions: {
        video: [useSdesMid(), useAbsSendTime(), useTransportWideCC()],
        audio: [useSdesMid(), useAbsSendTime(), useTransportWideCC()],
      },
      iceServers: [],
      iceUseIpv6: false,
      bundlePolicy: 'max-bundle',
      ...(options.icePortRange ? { icePortRange: options.icePortRange } : {}),
      ...(options.iceAddresses?.length ? { iceAdditionalHostAddresses: options.iceAddresses } : {}),
    });
    this.pc = pc;
    pc.onTrack.subscribe((track) => this.forward(track));
    pc.connectionStateChange.subscribe((state) => {
      this.log('info', 'peer connection state', { state });
      if (state === 'failed' || state === 'closed') this.lost('connection ' + state);
    });

    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    const local = pc.localDescription?.sdp ?? answer.sdp ?? '';

    // the publisher can only send once it has the answer: the silence is counted from here (a
    // loaded machine may take seconds to get this far)
    this.lastPacketAt = Date.now();
    this.timers.push(setInterval(() => this.requestKeyframe(), options.pliIntervalMs));
    this.timers.push(setInterval(() => {
      if (Date.now() - this.lastPacketAt > options.inactivityMs) this.lost(this.receiving ? 'no media' : 'no media at all');
    }, 1000));
    this.timers.push(setInterval(() => void this.readPlaylist(), PLAYLIST_POLL_MS));
    return answerWithBandwidth(local, offer);
  }

  private forward(track: MediaStreamTrack) {
    const kind = track.kind as 'audio' | 'video';
    const target = kind === 'video' ? this.input.video?.port : this.input.audio?.port;
    const payloadType = kind === 'video' ? FFMPEG_PAYLOAD.video : FFMPEG_PAYLOAD.audio;
    if (!target) return;
    track.onReceiveRtp.subscribe((packet: RtpPacket) => {
      if (this.stopping || !this.sender) return;
      this.lastPacketAt = Date.now();
      // padding-only packets (the browser's bandwidth probes) carry no media
      if (packet.payload.length === 0) return;
      const wasReceiving = this.receiving;
      if (this.packets[kind]++ === 0) {
        this.log('info', `first ${kind} packet`, { ssrc: packet.header.ssrc, payloadType: packet.header.payloadType });
        if (kind === 'video') this.requestKeyframe();
      }
      if (!wasReceiving) this.options.onReceivingChanged?.();
      this.options.onMedia?.(kind, packet);
      const buffer = packet.serialize();
      buffer[1] = (buffer[1]! & 0x80) | payloadType;
      this.sender.send(buffer, target, '127.0.0.1');
      this.last[kind] = { buffer, port: target };
    });
    // sender reports let ffmpeg line audio and video up
    track.onReceiveRtcp.subscribe((packet: RtcpPacket) => {
      if (this.stopping || !this.sender) return;
      this.sender.send(packet.serialize(), target + 1, '127.0.0.1');
    });
  }

  /** DESIGN "Files and media": request keyframes (PLI) every segment, and when a WebRTC viewer joins. */
  requestKeyframe(): void {
    const pc = this.pc;
    if (!pc || this.stopping) return;
    for (const transceiver of pc.getTransceivers()) {
      if (transceiver.kind !== 'video') continue;
      const receiver: RTCRtpReceiver = transceiver.receiver;
      for (const track of receiver.tracks) {
        if (track.ssrc) void receiver.sendRtcpPLI(track.ssrc).catch(() => undefined);
      }
    }
  }

  private lost(why: string) {
    if (this.stopping) return;
    this.log('warn', 'publisher gone', { why, packets: this.packets });
    void this.stop('disconnected').then(() => this.options.onEnded('disconnected'));
  }

  /** New segments of ffmpeg's playlist (written by rename, so never half a file); one read at a time. */
  private readPlaylist(): Promise<void> {
    this.reading ??= this.readPlaylistOnce()
      .catch((error: unknown) => this.log('error', 'live HLS not published', { err: error }))
      .finally(() => { this.reading = null; });
    return this.reading;
  }

  private async readPlaylistOnce() {
    const file = path.join(this.options.dir, FFMPEG_PLAYLIST);
    let mtime: number;
    try {
      mtime = fs.statSync(file).mtimeMs;
    } catch {
      return;
    }
    if (mtime === this.playlistMtime) return;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return;
    }
    // the segments reach the bucket before any playlist names them (a stale text is read again)
    if (this.options.publisher && !(await this.options.publisher.publish(text))) return;
    this.playlistMtime = mtime;
    const { segments } = parseMediaPlaylist(text);
    if (segments.length <= this.segmentsSeen) return;
    const fresh = segments.slice(this.segmentsSeen);
    this.segmentsSeen = segments.length;
    this.segments.push(...fresh);
    this.options.onSegments(fresh);
  }

  /**
   * One more packet for ffmpeg, so it notices it was asked to stop: the last audio packet again
   * as the next one (20 ms later; Opus packets stand alone), or else the last video packet.
   */
  private wakeFfmpeg() {
    const last = this.last.audio ?? this.last.video;
    if (!last || !this.sender) return;
    const step = this.last.audio ? 960 : 3000;
    const buffer = Buffer.from(last.buffer);
    buffer.writeUInt16BE((buffer.readUInt16BE(2) + 1) & 0xffff, 2);
    buffer.writeUInt32BE((buffer.readUInt32BE(4) + step) >>> 0, 4);
    last.buffer = buffer;
    this.sender.send(buffer, last.port, '127.0.0.1');
  }

  /**
   * Ends the session: the peer connection closes, ffmpeg writes its last segment and exits,
   * and only then are its ports given back. Idempotent, also when called again from within the
   * teardown: closing the peer connection may report 'closed' synchronously (werift 0.24 does),
   * which calls lost() → stop() again. So `stopping` is set before any teardown code runs, and
   * the second call gets the first one's promise instead of a second teardown.
   */
  stop(reason: EndReason): Promise<SessionSummary> {
    if (this.stopping) return this.stopping;
    const wasReceiving = this.receiving;
    this.stopping = Promise.resolve().then(() => this.end(reason));
    if (wasReceiving) this.options.onReceivingChanged?.();
    return this.stopping;
  }

  private async end(reason: EndReason): Promise<SessionSummary> {
    this.log('info', 'publish session ending', { reason, packets: this.packets });
    await this.teardown();
    await this.reading;
    await this.readPlaylist();
    if (this.options.publisher) {
      // the recording moves to the bucket; the local copy goes once it is verified there
      const published = await this.options.publisher.finish().catch((error: unknown) => {
        this.log('error', 'recording not published', { err: error });
        return null;
      });
      this.log(published?.verified ? 'info' : 'error', 'recording published', { ...published });
    }
    const summary: SessionSummary = {
      sessionId: this.options.sessionId,
      segments: this.segments.length,
      duration: totalDuration(this.segments),
      startedAt: this.startedAt,
      endedAt: new Date(),
      reason,
    };
    this.log('info', 'publish session ended', { ...summary });
    return summary;
  }

  private async teardown() {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    const pc = this.pc;
    this.pc = null;
    if (pc) {
      try {
        await Promise.race([pc.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
      } catch (error) {
        this.log('warn', 'peer connection close failed', { error: String(error) });
      }
    }
    if (this.ffmpeg) await this.ffmpeg.stop(12_000, () => this.wakeFfmpeg());
    this.options.ports.release(this.ports);
    this.ports = [];
    const sender = this.sender;
    this.sender = null;
    if (sender) await new Promise<void>((resolve) => sender.close(() => resolve()));
    fs.rmSync(path.join(this.options.workDir, `${this.options.sessionId}.sdp`), { force: true });
  }
}
