import { createHash } from 'node:crypto';
import { RTCRtpCodecParameters, useNACK, usePLI, type RTCPeerConnection, type RtpPacket } from 'werift';
import { newPeerConnection } from './peerConnection.ts';
import { startsH264Keyframe } from './keyframe.ts';

/**
 * A WebRTC viewer without a browser, for the ingest's tests and the many-viewers benchmark: a
 * receive-only werift peer that offers H.264, VP8 and Opus, gives its offer to `exchange` (the
 * engine directly, or a WHEP POST) and counts what arrives.
 */
export interface NodeViewerOptions {
  /** the offer (SDP text) in, the answer (SDP text) out */
  exchange(offer: string): Promise<string>;
  icePortRange?: [number, number];
}

/** The digest tests compare forwarded payloads by (the publisher's bytes, unchanged). */
export const payloadDigest = (payload: Buffer): string => createHash('sha1').update(payload).digest('hex');

/** Payload digests kept per viewer: enough for a test to compare, bounded for the benchmark's crowd. */
const KEPT_DIGESTS = 400;

export class NodeViewer {
  private pc: RTCPeerConnection | null = null;
  readonly packets = { video: 0, audio: 0 };
  /** when the first keyframe arrived (ms since the epoch), null before */
  firstKeyframeAt: number | null = null;
  connectedAt: number | null = null;
  readonly startedAt = Date.now();
  /** the first video packet received started a keyframe (the ingest forwards from one) */
  firstVideoPacketIsKeyframe: boolean | null = null;
  /** the first keyframe's packets, up to its marker bit: a whole picture to decode */
  readonly keyframePackets: RtpPacket[] = [];
  private keyframeComplete = false;
  /** digests of the first video payloads received */
  readonly videoDigests: string[] = [];
  state: string = 'new';

  private constructor(private readonly options: NodeViewerOptions) {}

  static async start(options: NodeViewerOptions): Promise<NodeViewer> {
    const viewer = new NodeViewer(options);
    try {
      await viewer.connect();
      return viewer;
    } catch (error) {
      await viewer.close();
      throw error;
    }
  }

  /** The first keyframe arrived whole (every packet up to the one with the marker bit). */
  get hasKeyframe(): boolean {
    return this.keyframeComplete;
  }

  private onVideo(packet: RtpPacket) {
    if (this.firstVideoPacketIsKeyframe === null) this.firstVideoPacketIsKeyframe = startsH264Keyframe(packet.payload);
    if (this.videoDigests.length < KEPT_DIGESTS) this.videoDigests.push(payloadDigest(packet.payload));
    if (this.keyframeComplete) return;
    if (this.keyframePackets.length === 0 && !startsH264Keyframe(packet.payload)) return;
    this.keyframePackets.push(packet);
    if (packet.header.marker) {
      this.keyframeComplete = true;
      this.firstKeyframeAt = Date.now();
    }
  }

  private async connect() {
    const feedback = [useNACK(), usePLI()];
    const pc = newPeerConnection({
      codecs: {
        video: [
          new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, rtcpFeedback: feedback, parameters: 'packetization-mode=1;profile-level-id=42e01f;level-asymmetry-allowed=1' }),
          new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: feedback }),
        ],
        audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
      },
      iceServers: [],
      iceUseIpv6: false,
      bundlePolicy: 'max-bundle',
      ...(this.options.icePortRange ? { icePortRange: this.options.icePortRange } : {}),
    });
    this.pc = pc;
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.onTrack.subscribe((track) => {
      const kind = track.kind as 'audio' | 'video';
      track.onReceiveRtp.subscribe((packet: RtpPacket) => {
        if (packet.payload.length === 0) return;
        this.packets[kind] += 1;
        if (kind === 'video') this.onVideo(packet);
      });
    });
    pc.connectionStateChange.subscribe((state) => {
      this.state = state;
      if (state === 'connected') this.connectedAt ??= Date.now();
    });
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await this.options.exchange(pc.localDescription!.sdp);
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  }

  async close(): Promise<void> {
    const pc = this.pc;
    this.pc = null;
    if (pc) await Promise.race([pc.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
  }
}
