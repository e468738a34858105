import { RTCPeerConnection, RTCRtpCodecParameters, useNACK, usePLI, type RtpPacket } from 'werift';

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

/** An H.264 RTP payload (RFC 6184) that starts or carries an IDR picture or its SPS. */
export function isH264Keyframe(payload: Buffer): boolean {
  if (payload.length < 2) return false;
  const type = payload[0]! & 0x1f;
  if (type === 5 || type === 7) return true;
  if (type === 28) return (payload[1]! & 0x80) !== 0 && ((payload[1]! & 0x1f) === 5 || (payload[1]! & 0x1f) === 7);
  if (type === 24) {
    // STAP-A: 16-bit sizes before each unit
    for (let at = 1; at + 2 < payload.length;) {
      const size = payload.readUInt16BE(at);
      const unit = payload[at + 2]! & 0x1f;
      if (unit === 5 || unit === 7) return true;
      at += 2 + size;
    }
  }
  return false;
}

export class NodeViewer {
  private pc: RTCPeerConnection | null = null;
  readonly packets = { video: 0, audio: 0 };
  /** when the first keyframe arrived (ms since the epoch), null before */
  firstKeyframeAt: number | null = null;
  connectedAt: number | null = null;
  readonly startedAt = Date.now();
  /** the last video packet's payload (what the publisher sent, unchanged) */
  lastVideoPayload: Buffer | null = null;

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

  private async connect() {
    const feedback = [useNACK(), usePLI()];
    const pc = new RTCPeerConnection({
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
        if (kind !== 'video') return;
        this.lastVideoPayload = packet.payload;
        if (this.firstKeyframeAt === null && isH264Keyframe(packet.payload)) this.firstKeyframeAt = Date.now();
      });
    });
    pc.connectionStateChange.subscribe((state) => {
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
