import type { WebcastSdp } from '@lp/shared/contract';
import { mungePublishSdp, type SdpMungeOptions } from './sdp.ts';
import { SignallingSession, type PublishAnswer, type SocketFactory } from './signalling.ts';

/** The parts of RTCPeerConnection the publisher uses (the browser's, or a fake in tests). */
export interface PeerConnectionLike {
  addTransceiver(trackOrKind: MediaStreamTrack | 'audio' | 'video', init?: RTCRtpTransceiverInit): Pick<RTCRtpTransceiver, 'sender'>;
  createOffer(): Promise<RTCSessionDescriptionInit>;
  setLocalDescription(description: RTCSessionDescriptionInit): Promise<void>;
  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void>;
  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void>;
  readonly localDescription: { sdp: string; type: string } | null;
  readonly iceGatheringState: string;
  readonly connectionState: string;
  addEventListener(type: 'icegatheringstatechange' | 'connectionstatechange', listener: () => void): void;
  close(): void;
}

export interface PublisherOptions {
  sdp: WebcastSdp;
  munge: SdpMungeOptions;
  createPeerConnection: () => PeerConnectionLike;
  openSocket: SocketFactory;
  userData?: Record<string, unknown>;
  /** the longest wait for the browser's ICE candidates before the offer goes anyway */
  gatheringTimeoutMs?: number;
  /** told once when the offer leaves (spec 2 §4.14: the 2.5 s live confirmation counts from it) */
  onOfferSent?: () => void;
  /** told once when the connection is lost after publishing began */
  onDisconnected?: () => void;
}

type Sender = Pick<RTCRtpSender, 'replaceTrack'>;

/**
 * One publish session (spec 2 §4.14 step 4): a send-only peer connection with one audio and one
 * video transceiver, the offer rewritten (§7.3) and sent over the signalling socket, the
 * answer and its candidates applied. Sources switch by replacing the tracks (step 5).
 */
export class Publisher {
  private pc: PeerConnectionLike | null = null;
  private session: SignallingSession | null = null;
  private video: Sender | null = null;
  private audio: Sender | null = null;
  private stopped = false;
  private published = false;

  constructor(private readonly options: PublisherOptions) {}

  /** Resolves once the answer is applied; rejects with a SignallingError (or a media error). */
  async publish(tracks: { video: MediaStreamTrack; audio: MediaStreamTrack | null; stream: MediaStream }): Promise<PublishAnswer> {
    const pc = this.options.createPeerConnection();
    this.pc = pc;
    this.video = pc.addTransceiver(tracks.video, { direction: 'sendonly', streams: [tracks.stream] }).sender;
    this.audio = pc.addTransceiver(tracks.audio ?? 'audio', { direction: 'sendonly', streams: [tracks.stream] }).sender;
    pc.addEventListener('connectionstatechange', () => {
      if (this.published && !this.stopped && (pc.connectionState === 'failed' || pc.connectionState === 'closed')) this.lost();
    });

    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    await this.gathered(pc);
    if (this.stopped) throw new Error('stopped');
    const local = pc.localDescription?.sdp ?? offer.sdp ?? '';
    const { sdp } = this.options;
    const sending = SignallingSession.sendOffer(this.options.openSocket, {
      url: sdp.sdp_url,
      streamInfo: { applicationName: sdp.application_name, streamName: sdp.stream_name, sessionId: '[empty]' },
      sdp: mungePublishSdp(local, this.options.munge),
      userData: this.options.userData ?? {},
    });
    this.options.onOfferSent?.();
    const { session, answer } = await sending;
    if (this.stopped) {
      session.close();
      throw new Error('stopped');
    }
    this.session = session;
    await pc.setRemoteDescription(answer.sdp);
    for (const candidate of answer.iceCandidates) {
      try {
        await pc.addIceCandidate(candidate);
      } catch {
        // a candidate the browser cannot use (another address family) is skipped
      }
    }
    this.published = true;
    session.onClose(() => {
      if (!this.stopped) this.lost();
    });
    return answer;
  }

  /** The offer carries the browser's candidates (no trickle in this protocol), up to a limit. */
  private gathered(pc: PeerConnectionLike): Promise<void> {
    if (pc.iceGatheringState === 'complete') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.options.gatheringTimeoutMs ?? 2000);
      pc.addEventListener('icegatheringstatechange', () => {
        if (pc.iceGatheringState === 'complete') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  private lost() {
    const notify = this.options.onDisconnected;
    this.stop();
    notify?.();
  }

  async replaceVideo(track: MediaStreamTrack): Promise<void> {
    await this.video?.replaceTrack(track);
  }

  async replaceAudio(track: MediaStreamTrack | null): Promise<void> {
    await this.audio?.replaceTrack(track);
  }

  get isPublished(): boolean {
    return this.published && !this.stopped;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.session?.close();
    this.session = null;
    try {
      this.pc?.close();
    } catch {
      // already closed
    }
    this.pc = null;
  }
}
