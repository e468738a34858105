/**
 * Fake media for the studio's unit tests: tracks, streams, media devices, a peer connection and
 * the signalling socket. Nothing here runs in the product.
 */
import type { SignallingAnswer, SignallingOffer } from '@lp/shared/contract';
import { CHROMIUM_OFFER } from './chromiumOffer.fixture.ts';
import type { MediaDevicesLike } from './devices.ts';
import type { PeerConnectionLike } from './publisher.ts';
import type { SignallingSocket } from './signalling.ts';
import type { MediaEnv } from './studioState.ts';

let nextId = 0;

export class FakeTrack {
  readonly id = `track-${++nextId}`;
  readyState: 'live' | 'ended' = 'live';
  private readonly ended: Array<() => void> = [];
  constructor(readonly kind: 'audio' | 'video', readonly label: string, readonly constraints?: unknown) {}
  stop() {
    this.readyState = 'ended';
  }
  get stopped() {
    return this.readyState === 'ended';
  }
  addEventListener(type: string, listener: () => void) {
    if (type === 'ended') this.ended.push(listener);
  }
  /** the browser ends the track (e.g. "Stop sharing") */
  end() {
    this.stop();
    for (const listener of this.ended) listener();
  }
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks() {
    return this.tracks;
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
}

export interface DeviceSpec { deviceId: string; kind: 'audioinput' | 'videoinput' | 'audiooutput'; label: string }

export class FakeMediaDevices {
  userMediaCalls: MediaStreamConstraints[] = [];
  displayCalls: unknown[] = [];
  /** the next getUserMedia fails */
  failNext = false;
  /** the screen share comes with an audio track */
  displayHasAudio = false;
  /** the screen picker gives no video track */
  displayWithoutVideo = false;
  tracks: FakeTrack[] = [];
  /** getUserMedia waits for this (a permission prompt still open) */
  gate: Promise<void> | null = null;
  constructor(public devices: DeviceSpec[]) {}

  enumerateDevices = async () => this.devices.map((d) => ({ ...d, groupId: 'g', toJSON: () => d }));

  getUserMedia = async (constraints: MediaStreamConstraints) => {
    this.userMediaCalls.push(constraints);
    if (this.gate) await this.gate;
    if (this.failNext) {
      this.failNext = false;
      throw new DOMException('Permission denied', 'NotAllowedError');
    }
    const tracks: FakeTrack[] = [];
    if (constraints.audio) tracks.push(new FakeTrack('audio', 'microphone', constraints.audio));
    if (constraints.video) tracks.push(new FakeTrack('video', 'camera', constraints.video));
    this.tracks.push(...tracks);
    return new FakeStream(tracks) as unknown as MediaStream;
  };

  getDisplayMedia = async (options?: unknown) => {
    this.displayCalls.push(options);
    const tracks: FakeTrack[] = [];
    if (!this.displayWithoutVideo) tracks.push(new FakeTrack('video', 'screen', options));
    if (this.displayHasAudio) tracks.push(new FakeTrack('audio', 'screen audio'));
    this.tracks.push(...tracks);
    return new FakeStream(tracks) as unknown as MediaStream;
  };
}

export class FakeSender {
  replaced: Array<FakeTrack | null> = [];
  constructor(public track: FakeTrack | null) {}
  async replaceTrack(track: FakeTrack | null) {
    this.replaced.push(track);
    this.track = track;
  }
}

export class FakePeerConnection implements PeerConnectionLike {
  readonly senders: Record<'audio' | 'video', FakeSender | null> = { audio: null, video: null };
  transceiverInits: Array<RTCRtpTransceiverInit | undefined> = [];
  local: RTCSessionDescriptionInit | null = null;
  remote: RTCSessionDescriptionInit | null = null;
  candidates: RTCIceCandidateInit[] = [];
  iceGatheringState = 'complete';
  connectionState = 'new';
  closed = false;
  private readonly listeners: Record<string, Array<() => void>> = {};

  addTransceiver(trackOrKind: MediaStreamTrack | 'audio' | 'video', init?: RTCRtpTransceiverInit) {
    const track = typeof trackOrKind === 'string' ? null : (trackOrKind as unknown as FakeTrack);
    const kind = typeof trackOrKind === 'string' ? trackOrKind : track!.kind;
    const sender = new FakeSender(track);
    this.senders[kind] = sender;
    this.transceiverInits.push(init);
    return { sender: sender as unknown as RTCRtpSender };
  }
  async createOffer() {
    return { type: 'offer' as const, sdp: CHROMIUM_OFFER };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.local = description;
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote = description;
    this.connectionState = 'connected';
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  get localDescription() {
    return this.local ? { type: this.local.type!, sdp: this.local.sdp! } : null;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  /** the connection changes state (e.g. 'failed' when the network drops) */
  emitConnectionState(state: string) {
    this.connectionState = state;
    for (const listener of this.listeners.connectionstatechange ?? []) listener();
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }
}

export type SocketBehaviour =
  | { kind: 'answer'; candidates?: SignallingAnswer['iceCandidates'] }
  | { kind: 'status'; status: number; description: string }
  | { kind: 'error' }
  | { kind: 'silent' };

export class FakeSocket implements SignallingSocket {
  sent: SignallingOffer[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;

  constructor(readonly url: string, private readonly behaviour: SocketBehaviour) {
    queueMicrotask(() => {
      if (this.behaviour.kind === 'error') {
        this.onerror?.({});
        this.onclose?.({});
      } else {
        this.onopen?.({});
      }
    });
  }

  send(data: string) {
    const offer = JSON.parse(data) as SignallingOffer;
    this.sent.push(offer);
    const b = this.behaviour;
    queueMicrotask(() => {
      if (b.kind === 'answer') {
        const answer: SignallingAnswer = {
          status: 200,
          statusDescription: 'OK',
          direction: 'publish',
          command: 'sendOffer',
          streamInfo: { ...offer.streamInfo, sessionId: 'session-1' },
          sdp: { type: 'answer', sdp: 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' },
          iceCandidates: b.candidates ?? [{ candidate: 'candidate:1 1 udp 2130706431 127.0.0.1 40000 typ host', sdpMid: '0', sdpMLineIndex: 0 }],
        };
        this.onmessage?.({ data: JSON.stringify(answer) });
      } else if (b.kind === 'status') {
        this.onmessage?.({ data: JSON.stringify({ status: b.status, statusDescription: b.description }) });
      }
    });
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    queueMicrotask(() => this.onclose?.({}));
  }

  /** the server closes the socket */
  serverClose() {
    this.closed = true;
    this.onclose?.({});
  }
}

export interface FakeEnv extends MediaEnv {
  devices: FakeMediaDevices;
  peers: FakePeerConnection[];
  sockets: FakeSocket[];
  behaviour: SocketBehaviour;
}

export const DEVICES: DeviceSpec[] = [
  { deviceId: 'mic-1', kind: 'audioinput', label: '' },
  { deviceId: 'mic-2', kind: 'audioinput', label: 'USB microphone' },
  { deviceId: 'cam-1', kind: 'videoinput', label: 'HD camera' },
  { deviceId: 'out-1', kind: 'audiooutput', label: 'Speakers' },
];

export function fakeEnv(devices: DeviceSpec[] = DEVICES): FakeEnv {
  const env: FakeEnv = {
    devices: new FakeMediaDevices(devices),
    peers: [],
    sockets: [],
    behaviour: { kind: 'answer' },
    mediaDevices: undefined,
    createPeerConnection: () => {
      const pc = new FakePeerConnection();
      env.peers.push(pc);
      return pc;
    },
    openSocket: (url) => {
      const socket = new FakeSocket(url, env.behaviour);
      env.sockets.push(socket);
      return socket;
    },
    createStream: (tracks) => new FakeStream(tracks as unknown as FakeTrack[]) as unknown as MediaStream,
  };
  env.mediaDevices = env.devices as unknown as MediaDevicesLike;
  return env;
}
