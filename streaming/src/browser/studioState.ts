import {
  DEFAULT_RECORDING_PRESET, type ConfigStreamingBody, type DownloadStreamingAnswer, type RecordingPresetId, type StreamingStateAnswer,
  type WebcastSdp,
} from '@lp/shared/contract';
import { WEBCAST_STATUS } from '@lp/shared/rules';
import type { DeviceOption, MediaDevicesLike } from './devices.ts';
import type { PeerConnectionLike } from './publisher.ts';
import type { SignallingSocket, SocketFactory } from './signalling.ts';

// The stream studio's contract: the calls it makes, what it needs from the browser, what it
// shows (snapshot and status line), and what it says. The behaviour is in studio.ts (with
// studioCapture.ts, studioLive.ts and studioTimers.ts).

/** The streaming calls of spec 2 §7.3 for one webcast. */
export interface StudioApi {
  startStreaming(): Promise<StreamingStateAnswer>;
  streamingState(): Promise<StreamingStateAnswer>;
  /** the answer is ignored (spec 2 §7.3) */
  streamingIsLive(): Promise<unknown>;
  /** the webcast's flags after the stop: a new recording is not saved yet, an earlier one may be */
  stopStreaming(): Promise<StreamingStateAnswer>;
  /** the HTTP status (202 means accepted) and the answer when there is one */
  downloadStreaming(): Promise<{ status: number; body?: DownloadStreamingAnswer }>;
  configStreaming(fields: ConfigStreamingBody): Promise<void>;
  /** the webcast's signalling coordinates (webcast_{vendor}_sdp), read when going live */
  sdp(): Promise<WebcastSdp>;
}

/** What the studio needs from the browser (injected so tests can fake it). */
export interface MediaEnv {
  mediaDevices: MediaDevicesLike | undefined;
  createPeerConnection(): PeerConnectionLike;
  openSocket: SocketFactory;
  createStream(tracks: MediaStreamTrack[]): MediaStream;
}

export function browserMediaEnv(): MediaEnv {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const webrtc = typeof RTCPeerConnection === 'function';
  return {
    mediaDevices: webrtc ? nav?.mediaDevices : undefined,
    createPeerConnection: () => new RTCPeerConnection({ bundlePolicy: 'max-bundle' }) as unknown as PeerConnectionLike,
    openSocket: (url) => new WebSocket(url) as unknown as SignallingSocket,
    createStream: (tracks) => new MediaStream(tracks),
  };
}

/** A message for the user: a key of spec 2 §8 (with its arguments), or the server's own text. */
export type StudioNotice =
  | { key: string; type: 'info' | 'success' | 'warning' | 'error'; args?: Record<string, string> }
  | { text: string; type: 'error' };

export type ServerState = 'offline' | 'starting' | 'online';
export type CaptureSource = 'camera' | 'display';

/** The status line (spec 2 §2.6, §4.14, §5.10 keys). */
export type StudioStatus =
  | 'app_requirements_not_met'
  | 'you_need_at_least_a_microphone_to_stream'
  | 'please_wait_streaming_server_starting'
  | 'transmission_reconnecting'
  | 'transmission_started_ready_to_go_live'
  | 'ending_transmission'
  | 'transmission_ended_ready_to_download'
  | 'transmission_ended_saving_video'
  | 'transmission_ended_ready_to_watch';

export interface StudioSnapshot {
  /** the browser has media devices (spec 2 §2.6 "On open") */
  supported: boolean;
  /** the device lists are loaded */
  ready: boolean;
  audioDevices: DeviceOption[];
  videoDevices: DeviceOption[];
  audioDeviceId: string | null;
  videoDeviceId: string | null;
  preset: RecordingPresetId;
  // spec 2 §4.14 "Local streaming state"
  cameraActive: boolean;
  displayActive: boolean;
  localVideoPlaying: boolean;
  microphoneEnabled: boolean;
  transcoderConfigured: boolean;
  server: ServerState;
  /** an offer is out or accepted and the publisher has not stopped */
  publishing: boolean;
  /** spec 2 §4.14 step 4: marked 2.5 s after the offer */
  live: boolean;
  /** the connection to the ingest dropped while live: the studio publishes again, with back-off (studioLive.ts) */
  reconnecting: boolean;
  ending: boolean;
  completed: boolean;
  downloaded: boolean;
  /** webcast status 5 */
  converting: boolean;
  saving: boolean;
  /** the local preview (video only, so the speaker does not hear themself) */
  preview: MediaStream | null;
  status: StudioStatus | null;
}

export interface StudioOptions {
  api: StudioApi;
  env?: MediaEnv;
  notify(notice: StudioNotice): void;
  /** the webcast as loaded */
  webcast: { status: number; transmission_completed: boolean; transmission_downloaded: boolean };
  log?: (message: string, error?: unknown) => void;
}

export type StudioBase = Omit<StudioSnapshot, 'status'>;

/** The snapshot of a studio just opened on `webcast`: nothing captured, the server offline. */
export function initialSnapshot(webcast: StudioOptions['webcast'], supported: boolean): StudioSnapshot {
  const base: StudioBase = {
    supported,
    ready: false,
    audioDevices: [],
    videoDevices: [],
    audioDeviceId: null,
    videoDeviceId: null,
    preset: DEFAULT_RECORDING_PRESET,
    cameraActive: false,
    displayActive: false,
    localVideoPlaying: false,
    microphoneEnabled: false,
    transcoderConfigured: false,
    server: 'offline',
    publishing: false,
    live: false,
    reconnecting: false,
    ending: false,
    completed: !!webcast.transmission_completed,
    downloaded: !!webcast.transmission_downloaded,
    converting: webcast.status === WEBCAST_STATUS.converting,
    saving: false,
    preview: null,
  };
  return { ...base, status: statusOf(base) };
}

/** The status line a snapshot shows, in the spec's order of precedence. */
export function statusOf(s: StudioBase): StudioStatus | null {
  if (!s.supported) return 'app_requirements_not_met';
  if (s.ready && s.audioDevices.length === 0) return 'you_need_at_least_a_microphone_to_stream';
  if (s.ending) return 'ending_transmission';
  if (s.reconnecting) return 'transmission_reconnecting';
  if (s.completed && !s.publishing && s.server === 'offline') {
    if (s.converting) return 'transmission_ended_saving_video';
    return s.downloaded ? 'transmission_ended_ready_to_watch' : 'transmission_ended_ready_to_download';
  }
  if (s.server === 'starting') return 'please_wait_streaming_server_starting';
  if (s.server === 'online' && !s.live) return 'transmission_started_ready_to_go_live';
  return null;
}
