import os from 'node:os';

/**
 * The ingest's settings from the environment (README "Configuration"); defaults need nothing
 * but ffmpeg on the PATH.
 */
export interface StreamingSettings {
  /** FFMPEG_PATH */
  ffmpegPath: string;
  /** STREAMING_RTP_PORTS, e.g. 20000-20999: ffmpeg's local RTP inputs (4 ports a transmission) */
  rtpPorts: [number, number];
  /** STREAMING_ICE_PORTS: the UDP ports publishers reach (open them in a firewall); any when unset */
  icePorts?: [number, number];
  /** STREAMING_ICE_ADDRESSES: extra addresses announced to publishers (a public IP behind NAT) */
  iceAddresses?: string[];
  /** STREAMING_SEGMENT_SECONDS */
  segmentSeconds: number;
  /** STREAMING_LIVE_WINDOW: segments in the viewers' playlist */
  liveWindow: number;
  /** STREAMING_X264_PRESET */
  x264Preset: string;
  /** STREAMING_INACTIVITY_SECONDS: no media for this long ends the session */
  inactivityMs: number;
  /** STREAMING_WEBRTC_VIEWERS: WebRTC viewers per webcast on this node; the rest play HLS */
  webrtcViewers: number;
  /**
   * STREAMING_WEBRTC_JOINING: viewers this node lets negotiate at once (ICE and the DTLS handshake
   * are a viewer's costliest part, on a relay's loop or, with no relays, beside the publisher's);
   * a crowd arriving together gets HLS first rather than starving them
   */
  webrtcJoining: number;
  /**
   * STREAMING_WEBRTC_MAX_LOOP_DELAY_MS: while the event loop a viewer's peer would run on (a viewer
   * relay's, or the ingest's) has stalled this long in the last two seconds it takes no new WebRTC viewer (they play HLS and offer again): the publisher's
   * ICE consent replies must get through within werift's 500 ms; 0 takes viewers however late
   */
  webrtcMaxLoopDelayMs: number;
  /**
   * STREAMING_VIEWER_PROCESSES: relay processes the WebRTC viewers' peers run in, each fed the
   * publisher's packets once (viewerRelay.ts); 0 runs them on the ingest's loop, beside the
   * publisher. Default: one per core but one, at least one
   */
  viewerProcesses: number;
  frameRate: number;
}

function range(value: string | undefined, fallback: [number, number] | undefined): [number, number] | undefined {
  const match = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(value ?? '');
  if (!match) return fallback;
  let first = Number(match[1]);
  const last = Number(match[2]);
  if (first % 2) first += 1;
  return last > first && last <= 65535 ? [first, last] : fallback;
}

function number(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

export function streamingSettings(env: Record<string, string | undefined> = process.env): StreamingSettings {
  const iceAddresses = (env.STREAMING_ICE_ADDRESSES ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  const icePorts = range(env.STREAMING_ICE_PORTS, undefined);
  return {
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    rtpPorts: range(env.STREAMING_RTP_PORTS, [20000, 20999])!,
    ...(icePorts ? { icePorts } : {}),
    ...(iceAddresses.length ? { iceAddresses } : {}),
    segmentSeconds: number(env.STREAMING_SEGMENT_SECONDS, 2, 1, 10),
    liveWindow: number(env.STREAMING_LIVE_WINDOW, 6, 3, 30),
    x264Preset: env.STREAMING_X264_PRESET || 'veryfast',
    inactivityMs: number(env.STREAMING_INACTIVITY_SECONDS, 8, 2, 120) * 1000,
    webrtcViewers: number(env.STREAMING_WEBRTC_VIEWERS, 300, 0, 5000),
    webrtcJoining: number(env.STREAMING_WEBRTC_JOINING, 8, 1, 500),
    webrtcMaxLoopDelayMs: number(env.STREAMING_WEBRTC_MAX_LOOP_DELAY_MS, 250, 0, 10_000),
    viewerProcesses: number(env.STREAMING_VIEWER_PROCESSES, Math.min(8, Math.max(1, os.availableParallelism() - 1)), 0, 64),
    frameRate: 30,
  };
}
