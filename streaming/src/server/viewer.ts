import { randomBytes } from 'node:crypto';
import {
  MediaStreamTrack, RTCRtpCodecParameters, RtpHeader, RtpPacket, useAbsSendTime, useNACK, usePLI, useSdesMid, type RTCPeerConnection,
} from 'werift';
import type { VideoCodec } from './ffmpeg.ts';
import { newPeerConnection } from './peerConnection.ts';
import { startsKeyframe } from './keyframe.ts';
import type { Logger } from './session.ts';
import { offeredCodecs } from './sdpAnswer.ts';

/** What the publisher sends, which a viewer's offer must accept: nothing is re-encoded. */
export interface ForwardedMedia {
  video: VideoCodec | null;
  audio: boolean;
}

export interface ViewerOptions {
  webcastId: number;
  media: ForwardedMedia;
  icePortRange?: [number, number];
  iceAddresses?: string[];
  /** a keyframe from the publisher, so the viewer's picture starts at once */
  requestKeyframe(): void;
  /** the connection is up */
  onConnected?(viewer: ViewerSession): void;
  /** the connection failed or closed by itself */
  onClosed(viewer: ViewerSession): void;
  log: Logger;
}

/** The viewer's offer cannot receive what the publisher sends. */
export class UnplayableOfferError extends Error {}

/** How long a viewer may take to connect before its seat is given back. */
const CONNECT_TIMEOUT_MS = 15_000;

const H264 = 'packetization-mode=1;profile-level-id=42e01f;level-asymmetry-allowed=1';

/**
 * One WebRTC viewer (WHEP, RFC 9725): a send-only werift peer connection answering the viewer's
 * offer with exactly the publisher's codecs, fed the publisher's RTP as it arrives — no decoding,
 * no re-encoding. werift's sender gives the packets the viewer's SSRC and payload type, keeps
 * sequence numbers and timestamps, answers NACKs from its history and sends sender reports
 * against this server's clock. A PLI from the viewer becomes a keyframe request to the publisher.
 * Uses only werift APIs of both 0.24 and 0.25: RTCPeerConnection, addTransceiver,
 * MediaStreamTrack.writeRtp, RTCRtpSender.onPictureLossIndication.
 */
export class ViewerSession {
  readonly id = randomBytes(12).toString('hex');
  private pc: RTCPeerConnection | null = null;
  private readonly video = new MediaStreamTrack({ kind: 'video' });
  private readonly audio = new MediaStreamTrack({ kind: 'audio' });
  private connected = false;
  /** video waits for a keyframe's first packet: a decoder cannot start on a predicted frame */
  private videoStarted = false;
  private closing: Promise<void> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;

  private constructor(private readonly options: ViewerOptions) {}

  /** Answers the viewer's offer (SDP text); throws UnplayableOfferError. */
  static async create(offer: string, options: ViewerOptions): Promise<{ viewer: ViewerSession; answer: string }> {
    const viewer = new ViewerSession(options);
    try {
      return { viewer, answer: await viewer.setup(offer) };
    } catch (error) {
      await viewer.close();
      throw error;
    }
  }

  get isConnected(): boolean {
    return this.connected && !this.closing;
  }

  private async setup(offer: string): Promise<string> {
    const { media } = this.options;
    const offered = offeredCodecs(offer, 'receive');
    const video = media.video && offered.video.includes(media.video.toLowerCase());
    const audio = media.audio && offered.audio.includes('opus');
    if (!video && !audio) throw new UnplayableOfferError(`The offer cannot receive ${media.video ?? 'Opus'}`);
    const feedback = [useNACK(), usePLI()];
    const pc = newPeerConnection({
      codecs: {
        video: video
          ? [media.video === 'H264'
            ? new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, rtcpFeedback: feedback, parameters: H264 })
            : new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: feedback })]
          : [],
        audio: audio ? [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })] : [],
      },
      headerExtensions: { video: [useSdesMid(), useAbsSendTime()], audio: [useSdesMid(), useAbsSendTime()] },
      iceServers: [],
      iceUseIpv6: false,
      bundlePolicy: 'max-bundle',
      ...(this.options.icePortRange ? { icePortRange: this.options.icePortRange } : {}),
      ...(this.options.iceAddresses?.length ? { iceAdditionalHostAddresses: this.options.iceAddresses } : {}),
    });
    this.pc = pc;
    // the answerer's own send-only transceivers take the offer's recvonly m-lines, in order
    if (video) {
      const transceiver = pc.addTransceiver(this.video, { direction: 'sendonly' });
      transceiver.sender.onPictureLossIndication.subscribe(() => this.options.requestKeyframe());
    }
    if (audio) pc.addTransceiver(this.audio, { direction: 'sendonly' });
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected' && !this.connected) {
        this.connected = true;
        if (this.connectTimer) clearTimeout(this.connectTimer);
        this.options.requestKeyframe();
        this.options.onConnected?.(this);
      }
      if (state === 'failed' || state === 'closed' || state === 'disconnected') this.ended();
    });
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    await pc.setLocalDescription(await pc.createAnswer());
    this.connectTimer = setTimeout(() => {
      if (!this.connected) this.ended();
    }, CONNECT_TIMEOUT_MS);
    return pc.localDescription?.sdp ?? '';
  }

  /**
   * One packet of the publisher's (padding-only probes are dropped before this). Each viewer
   * gets its own copy of the header: werift's sender rewrites SSRC, payload type and header
   * extensions in place, and the same packet goes on to the other viewers and to ffmpeg. The
   * publisher's header extensions are left out (their ids are the publisher's negotiation,
   * not this viewer's); the payload is the publisher's bytes, untouched.
   */
  write(kind: 'audio' | 'video', packet: RtpPacket): void {
    if (!this.connected || this.closing) return;
    if (kind === 'video') {
      const codec = this.options.media.video;
      if (!codec) return;
      if (!this.videoStarted) {
        if (!startsKeyframe(codec, packet.payload)) return;
        this.videoStarted = true;
      }
    }
    const { header } = packet;
    const copy = new RtpPacket(new RtpHeader({
      marker: header.marker,
      payloadType: header.payloadType,
      sequenceNumber: header.sequenceNumber,
      timestamp: header.timestamp,
      ssrc: header.ssrc,
    }), packet.payload);
    (kind === 'video' ? this.video : this.audio).writeRtp(copy);
  }

  private ended() {
    if (this.closing) return;
    void this.close().then(() => this.options.onClosed(this));
  }

  /** Closes the peer connection; idempotent. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.connectTimer) clearTimeout(this.connectTimer);
      const pc = this.pc;
      this.pc = null;
      this.video.stop();
      this.audio.stop();
      if (pc) {
        try {
          await Promise.race([pc.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
        } catch (error) {
          this.options.log.warn({ webcastId: this.options.webcastId, viewerId: this.id, error: String(error) }, 'viewer close failed');
        }
      }
    })();
    return this.closing;
  }
}
