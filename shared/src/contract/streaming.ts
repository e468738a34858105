import { Type, type Static } from '@sinclair/typebox';
import { WEBCASTS_PATH } from './collections.ts';

/**
 * Browser streaming of a type-2 webcast (spec 2 §2.6, §3.13, §4.14, §5.10, §7.3; spec 4
 * "Streaming timings", "Recording quality presets", "Media settings").
 * W = /admin_webcasts/webcasts/{id}.
 */
const W = (id: number | string) => `${WEBCASTS_PATH}${id}/`;

export const STREAMING_PATHS = {
  startStreaming: (id: number | string) => `${W(id)}start_streaming/`,
  streamingState: (id: number | string) => `${W(id)}streaming_state/`,
  streamingIsLive: (id: number | string) => `${W(id)}streaming_is_live/`,
  stopStreaming: (id: number | string) => `${W(id)}stop_streaming/`,
  downloadStreaming: (id: number | string) => `${W(id)}download_streaming/`,
  configStreaming: (id: number | string) => `${W(id)}config_streaming/`,
  /** the signalling coordinates alone (they are also a field of GET W/) */
  streamingSdp: (id: number | string) => `${W(id)}streaming_sdp/`,
  /** the signalling socket (sdp_url), under the API root */
  signalling: '/streaming/webrtc-session.json',
  /**
   * WebRTC playback (WHEP, RFC 9725): POST an SDP offer here; the grant is the access key. The
   * webcast id in the path is for the proxy, which routes it to the ingest's node as the calls above
   * (docs/production.md "Topology"); the server refuses it unless it is the grant's.
   */
  whep: (webcastId: number | string, grant: string) => `/streaming/whep/${webcastId}/${grant}`,
  /** the WHEP session (its Location): DELETE hangs up */
  whepSession: (webcastId: number | string, grant: string, viewerId: string) => `/streaming/whep/${webcastId}/${grant}/${viewerId}`,
} as const;

/**
 * spec 2 §3.11 `webcast_{vendor}_sdp`: the signalling protocol is the Wowza WebRTC one
 * (sendOffer with applicationName/streamName/sessionId), so the field keeps that vendor's name
 * and an external Wowza-compatible engine can take the in-process one's place.
 */
export const STREAMING_VENDOR = 'wowza';
export const WEBCAST_SDP_FIELD = `webcast_${STREAMING_VENDOR}_sdp` as const;

/** spec 4 "Streaming timings" (milliseconds). */
export const STREAMING_TIMINGS = {
  statePollMs: 7500,
  liveConfirmationMs: 2500,
  tracksStopMs: 7000,
  stopCallMs: 7100,
  conversionMaxMs: 60 * 60 * 1000,
} as const;

export type H264Profile = 'baseline' | 'main' | 'high';

/** spec 3.13 "Recording preset: bitRate, width, height, profile; indexed from 1". */
export interface RecordingPreset {
  label: string;
  /** kbps */
  bitRate: number;
  width: number;
  height: number;
  profile: H264Profile;
}

/** spec 4 "Recording quality presets (default 2)". */
export const RECORDING_PRESETS: Readonly<Record<1 | 2 | 3, RecordingPreset>> = {
  1: { label: '480p', bitRate: 3500, width: 854, height: 480, profile: 'main' },
  2: { label: '720p', bitRate: 5000, width: 1280, height: 720, profile: 'high' },
  3: { label: '1080p', bitRate: 6500, width: 1920, height: 1080, profile: 'high' },
};
export type RecordingPresetId = keyof typeof RECORDING_PRESETS;
export const DEFAULT_RECORDING_PRESET: RecordingPresetId = 2;
export const RECORDING_PRESET_IDS: readonly RecordingPresetId[] = [1, 2, 3];

/** spec 4 "Media settings". */
export const MEDIA_SETTINGS = {
  audio: { bitrate: 256, codec: 'opus', echoCancellation: true, noiseSuppression: true },
  video: { bitrate: 6500, codecProfile: '42e01f', frameRate: 29.97 },
  camera: {
    width: { ideal: 1280, min: 640, max: 1920 },
    height: { ideal: 720, min: 360, max: 1080 },
  },
  transcoder: { width: 1280, height: 720, bitrate: 5600, profile: 'high' as H264Profile },
} as const;

/** spec 2 §3.13 transcoder settings (form body of POST W/config_streaming/). */
export const ConfigStreamingBody = Type.Object({
  /** kbps */
  bitrate_video: Type.Integer({ minimum: 100, maximum: 20000 }),
  aspect_ratio_width: Type.Integer({ minimum: 16, maximum: 3840 }),
  aspect_ratio_height: Type.Integer({ minimum: 16, maximum: 2160 }),
  aspect_h264_profile: Type.Union([Type.Literal('baseline'), Type.Literal('main'), Type.Literal('high')]),
});
export type ConfigStreamingBody = Static<typeof ConfigStreamingBody>;

/** The fields config_streaming takes for a preset (spec 2 §2.6 "Saving the quality … stores the transcoder configuration"). */
export function presetTranscoderFields(id: RecordingPresetId): ConfigStreamingBody {
  const preset = RECORDING_PRESETS[id];
  return {
    bitrate_video: preset.bitRate,
    aspect_ratio_width: preset.width,
    aspect_ratio_height: preset.height,
    aspect_h264_profile: preset.profile,
  };
}

/** The streaming server's state (spec 2 §4.14: 'stopped' offline, 'starting', anything else started). */
export const LiveStreamState = Type.Union([Type.Literal('stopped'), Type.Literal('starting'), Type.Literal('started')]);
export type LiveStreamState = Static<typeof LiveStreamState>;

/**
 * spec 2 §3.13 "Streaming state response: live_stream.state, meta". `meta` is the
 * streaming server's notice that the stream was already running (the server is online).
 */
export const StreamingStateAnswer = Type.Object({
  live_stream: Type.Object({
    state: LiveStreamState,
    /** the publisher is connected and media flows */
    publishing: Type.Boolean(),
  }),
  meta: Type.Optional(Type.Object({ status: Type.Integer(), code: Type.String(), message: Type.String() })),
  /** the webcast fields the studio shows after the transmission (spec 2 §4.14 step 7) */
  status: Type.Integer(),
  transmission_completed: Type.Boolean(),
  transmission_downloaded: Type.Boolean(),
});
export type StreamingStateAnswer = Static<typeof StreamingStateAnswer>;

/** spec 2 §3.11 webcast_{vendor}_sdp. */
export const WebcastSdp = Type.Object({
  sdp_url: Type.String(),
  application_name: Type.String(),
  stream_name: Type.String(),
});
export type WebcastSdp = Static<typeof WebcastSdp>;

export const StreamingSdpAnswer = Type.Object({ [WEBCAST_SDP_FIELD]: WebcastSdp });
export type StreamingSdpAnswer = Static<typeof StreamingSdpAnswer>;

export const StreamingIsLiveAnswer = Type.Object({
  is_live: Type.Boolean(),
  webcast_player_hls_playback_url: Type.Union([Type.String(), Type.Null()]),
});
export type StreamingIsLiveAnswer = Static<typeof StreamingIsLiveAnswer>;

/** GET W/download_streaming/ answers 202 with the webcast's status (5 while converting). */
export const DownloadStreamingAnswer = Type.Object({
  status: Type.Integer(),
  transmission_downloaded: Type.Boolean(),
});
export type DownloadStreamingAnswer = Static<typeof DownloadStreamingAnswer>;

/** The signalling messages (spec 2 §7.3 "Socket to the webcast's sdp_url"). */
export interface SignallingStreamInfo {
  applicationName: string;
  streamName: string;
  sessionId: string;
}
export interface SignallingOffer {
  direction: 'publish';
  command: 'sendOffer';
  streamInfo: SignallingStreamInfo;
  sdp: { type: 'offer'; sdp: string };
  userData: Record<string, unknown>;
}
export interface SignallingAnswer {
  status: number;
  statusDescription: string;
  direction?: 'publish';
  command?: 'sendOffer';
  streamInfo?: SignallingStreamInfo;
  sdp?: { type: 'answer'; sdp: string };
  iceCandidates?: Array<{ candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null }>;
}
