import { spawn, type ChildProcess } from 'node:child_process';
import type { H264Profile } from '@lp/shared/contract';

/**
 * ffmpeg's side of the ingest: the SDP that tells it which ports carry which codec (payload
 * types remapped to fixed ones, DESIGN "Files and media"), the command that turns the RTP into
 * live HLS, and the process with a clean stop.
 */

export type VideoCodec = 'H264' | 'VP8';

/** Fixed payload types of the ffmpeg SDP; every forwarded packet is rewritten to these. */
export const FFMPEG_PAYLOAD = { video: 96, audio: 97 } as const;

export interface FfmpegInput {
  video?: { port: number; codec: VideoCodec };
  audio?: { port: number };
}

export function ffmpegSdp(input: FfmpegInput, title = 'webcast'): string {
  const lines = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', `s=${title}`, 'c=IN IP4 127.0.0.1', 't=0 0'];
  if (input.video) {
    lines.push(`m=video ${input.video.port} RTP/AVP ${FFMPEG_PAYLOAD.video}`, `a=rtpmap:${FFMPEG_PAYLOAD.video} ${input.video.codec}/90000`);
    if (input.video.codec === 'H264') lines.push(`a=fmtp:${FFMPEG_PAYLOAD.video} packetization-mode=1`);
  }
  if (input.audio) lines.push(`m=audio ${input.audio.port} RTP/AVP ${FFMPEG_PAYLOAD.audio}`, `a=rtpmap:${FFMPEG_PAYLOAD.audio} opus/48000/2`);
  return `${lines.join('\n')}\n`;
}

/** spec 2 §3.13 transcoder settings. */
export interface Transcoder {
  width: number;
  height: number;
  /** kbps */
  bitrate: number;
  profile: H264Profile;
}

export interface HlsOutput {
  /** the session folder: segments and ffmpeg's own (complete) playlist */
  dir: string;
  segmentSeconds: number;
  /** frames per second of the output */
  frameRate: number;
  /** libx264 speed preset */
  x264Preset: string;
}

export const FFMPEG_PLAYLIST = 'stream.m3u8';
export const SEGMENT_PATTERN = 'seg_%05d.ts';

/**
 * The video is always transcoded (libx264, scaled and padded to the configured size): the
 * output keeps one size and codec whatever the publisher sends — H.264 or VP8, camera or a
 * screen of any size switched in mid-stream — and the keyframes fall on segment boundaries.
 * Opus becomes AAC, which every HLS player takes. ffmpeg keeps the complete list of segments
 * (hls_list_size 0): it is the session's recording; viewers get a sliding window of it.
 */
export function ffmpegArgs(sdpFile: string, input: FfmpegInput, transcoder: Transcoder, output: HlsOutput): string[] {
  const { width, height, bitrate, profile } = transcoder;
  const gop = Math.max(1, Math.round(output.frameRate * output.segmentSeconds));
  const args = [
    '-hide_banner', '-nostdin', '-loglevel', 'warning',
    '-protocol_whitelist', 'file,udp,rtp',
    // a lost packet comes back by NACK a little later: wait up to 0.5 s for it before moving on
    '-reorder_queue_size', '500',
    '-max_delay', '500000',
    // keyframes come in bursts; the kernel caps this at net.core.rmem_max
    '-buffer_size', '4194304',
    '-fflags', '+genpts+discardcorrupt',
    '-analyzeduration', '2000000', '-probesize', '2000000',
    '-f', 'sdp', '-i', sdpFile,
  ];
  if (input.video) {
    const fps = output.frameRate;
    args.push(
      '-map', '0:v:0',
      '-vf', `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p`,
      '-c:v', 'libx264', '-preset', output.x264Preset, '-tune', 'zerolatency', '-profile:v', profile,
      '-b:v', `${bitrate}k`, '-maxrate', `${bitrate}k`, '-bufsize', `${bitrate * 2}k`,
      '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
      '-force_key_frames', `expr:gte(t,n_forced*${output.segmentSeconds})`,
    );
  }
  if (input.audio) {
    args.push('-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-af', 'aresample=async=1000');
  }
  args.push(
    '-max_muxing_queue_size', '1024',
    '-f', 'hls',
    '-hls_time', String(output.segmentSeconds),
    '-hls_list_size', '0',
    '-hls_playlist_type', 'event',
    // program_date_time: each segment carries the wall clock of its first frame (the chat's media time)
    '-hls_flags', 'independent_segments+temp_file+program_date_time',
    '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', `${output.dir}/${SEGMENT_PATTERN}`,
    `${output.dir}/${FFMPEG_PLAYLIST}`,
  );
  return args;
}

export interface FfmpegLogger {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
}

/** A running ffmpeg: its last lines of output, and a stop that waits for the exit. */
export class FfmpegProcess {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private stopping: Promise<void> | null = null;

  constructor(binary: string, args: string[], private readonly log: FfmpegLogger, context: object) {
    this.child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child.stderr!.setEncoding('utf8');
    let partial = '';
    this.child.stderr!.on('data', (chunk: string) => {
      const parts = (partial + chunk).split(/\r?\n/);
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (!line.trim()) continue;
        this.lines.push(line);
        if (this.lines.length > 50) this.lines.shift();
      }
    });
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => {
        this.lines.push(String(error));
        this.exitInfo ??= { code: null, signal: null };
        resolve(this.exitInfo);
      });
      this.child.once('close', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
    void this.exited.then((info) => this.log.info({ ...context, ...info, output: this.lines.slice(-10) }, 'ffmpeg exited'));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exitInfo === null;
  }

  get output(): string[] {
    return [...this.lines];
  }

  /**
   * SIGINT lets ffmpeg write its last segment and end the playlist. ffmpeg looks at the signal
   * between packets, and with the publisher gone no packet comes: `wake` is called until it
   * exits to feed it one (a second SIGINT would abort its writes and leave an empty playlist).
   * Left alone, ffmpeg also ends by itself after 10 s without packets. A process still there
   * after `graceMs` is killed. Resolves once the process is gone (its ports are free).
   * Idempotent: a second call waits for the first stop and never sends another SIGINT.
   */
  stop(graceMs = 12_000, wake?: () => void): Promise<void> {
    this.stopping ??= this.interrupt(graceMs, wake);
    return this.stopping;
  }

  private async interrupt(graceMs: number, wake?: () => void): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGINT');
    const nudge = wake ? setInterval(() => {
      if (this.running) wake();
    }, 100) : null;
    const kill = setTimeout(() => {
      if (this.running) this.child.kill('SIGKILL');
    }, graceMs);
    await this.exited;
    if (nudge) clearInterval(nudge);
    clearTimeout(kill);
  }
}

/** The ffmpeg binary answers -version (checked when a transmission starts). */
export function ffmpegAvailable(binary: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(binary, ['-hide_banner', '-version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}
